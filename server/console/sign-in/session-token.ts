/**
 * The console's session cookie: a random token the browser holds; the database keeps only its SHA-256, so a copy of
 * the database signs no one in.
 */
import { createHash, randomBytes } from 'node:crypto';

export const SESSION_COOKIE = 'fundflow_console';

/** 32 random bytes, base64url: 256 bits. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function tokenDigest(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
