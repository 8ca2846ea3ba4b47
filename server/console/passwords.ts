/**
 * Console passwords, hashed with argon2id by the `argon2` package (docs/decisions/060-console-sign-in.md). Its
 * defaults (64 MiB, 3 passes, 4 lanes) are above OWASP's minimum for argon2id (19 MiB, 2 passes, 1 lane); the PHC
 * string it returns carries its parameters, so raising them later still verifies the hashes made before.
 */
import { argon2id, hash, verify } from 'argon2';

export function hashPassword(password: string): Promise<string> {
  return hash(password, { type: argon2id });
}

/**
 * A hash no password matches, made once: a sign-in with an unknown email (or an account without a password) is
 * verified against it, so it costs the same time as a wrong password and does not tell which emails have accounts.
 */
let dummyHash: Promise<string> | undefined;

/** Whether `password` is the one of `passwordHash`; null (no such account, no password yet) verifies in vain. */
export async function passwordMatches(passwordHash: string | null, password: string): Promise<boolean> {
  if (passwordHash === null) {
    dummyHash ??= hashPassword('no account has this password: it only spends the time of a check');
    await verify(await dummyHash, password);
    return false;
  }
  return verify(passwordHash, password);
}
