/**
 * Recovery codes: ten one-time codes given when a second factor is set up, for when the app's device is lost. Each
 * is 12 base32 characters (60 bits) shown as xxxx-xxxx-xxxx; the database keeps only their SHA-256: random codes of
 * 60 bits cannot be found from it by guessing, so no salt or slow hash is needed (as for session tokens).
 */
import { createHash, randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '../../../contracts/console-second-factor.ts';

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';
const LENGTH = 12;

function newCode(): string {
  const characters = Array.from({ length: LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return characters.match(/.{4}/g)!.join('-');
}

export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, newCode);
}

/** A code as typed, without its dashes and spaces and in lower case; undefined when it cannot be a recovery code. */
export function recoveryCodeOf(typed: string): string | undefined {
  const code = typed.replace(/[\s-]/g, '').toLowerCase();
  return code.length === LENGTH && [...code].every((character) => ALPHABET.includes(character)) ? code : undefined;
}

export function recoveryCodeDigest(code: string): string {
  return createHash('sha256').update(code.replace(/-/g, '')).digest('hex');
}
