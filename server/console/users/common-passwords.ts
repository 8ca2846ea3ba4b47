/**
 * Whether a password is one of the most common ones (docs/decisions/064-console-passwords.md): the list of
 * @zxcvbn-ts/language-common, matched by @zxcvbn-ts/core as a whole password, ignoring case, l33t spellings
 * ("p@ssw0rd") and reversal. The list is large: it is loaded on the first password set, not at start, and once.
 */
import type { ZxcvbnFactory } from '@zxcvbn-ts/core';

interface Checker {
  zxcvbn: ZxcvbnFactory;
  /** The longest password on the list: a longer one is not on it, and is not worth the matcher's time. */
  longest: number;
}

let checker: Promise<Checker> | undefined;

function loadChecker(): Promise<Checker> {
  checker ??= (async () => {
    const [{ ZxcvbnFactory }, common] = await Promise.all([
      import('@zxcvbn-ts/core'),
      import('@zxcvbn-ts/language-common'),
    ]);
    const zxcvbn = new ZxcvbnFactory({ dictionary: { ...common.dictionary }, graphs: common.adjacencyGraphs });
    const longest = Math.max(...common.dictionary['passwords-common'].map((password) => password.length));
    return { zxcvbn, longest };
  })();
  // A failed load is tried again by the next password rather than remembered.
  checker.catch(() => (checker = undefined));
  return checker;
}

export async function isCommonPassword(password: string): Promise<boolean> {
  const { zxcvbn, longest } = await loadChecker();
  // l33t spellings keep the length; only the case and the letters differ.
  if (password.length > longest) return false;
  return zxcvbn
    .check(password)
    .sequence.some(
      (match) =>
        match.pattern === 'dictionary' &&
        match.dictionaryName === 'passwords-common' &&
        match.i === 0 &&
        match.j === password.length - 1,
    );
}
