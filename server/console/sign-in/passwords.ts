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
 * A hash no password is known to match (of 32 random bytes, thrown away), made with the same parameters as
 * hashPassword's: a sign-in with an unknown email (or an account without a password) is verified against it, so it
 * costs the time of a wrong password, the first one after a start included, and does not tell which emails have
 * accounts. The sign-in tests hold its parameters equal to a fresh hash's.
 */
export const DUMMY_HASH =
  '$argon2id$v=19$m=65536,p=4,t=3$jH9ro0KrxqgnChuUP16O/g$Mv6sxU1WKa5BXe7M1jxKd9PDwEu8FzdfmHHBDR3vYQQ';

/** Whether `password` is the one of `passwordHash`; null (no such account, no password yet) verifies in vain. */
export async function passwordMatches(passwordHash: string | null, password: string): Promise<boolean> {
  if (passwordHash === null) {
    await verify(DUMMY_HASH, password);
    return false;
  }
  return verify(passwordHash, password);
}
