/** Addresses and languages: a language's pages are the source language's at its prefix ("/es", "/es/v2/amount"). */

export interface LanguagePrefix {
  code: string;
  /** "" for the source language. */
  prefix: string;
}

const hasPrefix = (path: string, prefix: string) => prefix !== '' && (path === prefix || path.startsWith(`${prefix}/`));

/** The language of an address: the one whose prefix starts it, else the first (the source language). */
export function languageOfPath<Language extends LanguagePrefix>(
  languages: readonly Language[],
  path: string,
): Language {
  return languages.find(({ prefix }) => hasPrefix(path, prefix)) ?? languages[0]!;
}

/** The same page in another language: `/v2/amount` in Spanish is `/es/v2/amount`, `/es` in English is `/`. */
export function pathInLanguage(
  path: string,
  from: Pick<LanguagePrefix, 'prefix'>,
  to: Pick<LanguagePrefix, 'prefix'>,
): string {
  const bare = hasPrefix(path, from.prefix) ? path.slice(from.prefix.length) : path;
  const moved = `${to.prefix}${bare === '/' ? '' : bare}`;
  return moved === '' ? '/' : moved;
}
