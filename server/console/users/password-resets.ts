/**
 * Password-reset links (one-time-links.ts): a user who lost their password sets a new one, within an hour, and every
 * session of theirs ends. A new link of the same user voids the one before.
 */
import type { Database, Queryable } from '../../platform/db/types.ts';
import { endSessionsOf } from '../sign-in/sessions.ts';
import { issueLink, linkHolder, redeemLink, type LinkHolder } from './one-time-links.ts';

const PASSWORD_RESET_VALID_MS = 60 * 60 * 1000;

/** A new reset link of `userId`: its token, for the link, and when it expires. Its earlier unused links stop working. */
export function issuePasswordReset(
  db: Database,
  userId: string,
  at: number,
): Promise<{ token: string; expiresAt: Date }> {
  return db.transaction(async (tx) => {
    await tx.query('delete from console_password_resets where user_id = $1 and used_at is null', [userId]);
    return issueLink(tx, 'console_password_resets', userId, at, PASSWORD_RESET_VALID_MS);
  });
}

/** Whose reset link `token` is, while it is unused and unexpired and its user not disabled. */
export function resetHolder(db: Queryable, token: string, at: number): Promise<LinkHolder | undefined> {
  return linkHolder(db, 'console_password_resets', token, at);
}

/**
 * Uses reset link `token` to set its user's password hash and end all their sessions, in one transaction; false when
 * it cannot be used.
 */
export async function redeemPasswordReset(
  db: Database,
  token: string,
  passwordHash: string,
  at: number,
): Promise<boolean> {
  return (await redeemLink(db, 'console_password_resets', token, passwordHash, at, endSessionsOf)) !== undefined;
}
