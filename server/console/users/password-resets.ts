/**
 * One-time password-reset links, as invitations are (invitations.ts): the token goes in the link an admin passes on,
 * the table keeps its SHA-256. A link sets the password once, within an hour, of a user not disabled; a new link of
 * the same user voids the one before.
 */
import type { Database, Queryable } from '../../platform/db/types.ts';
import { newToken, tokenDigest } from '../sign-in/session-token.ts';
import { endSessionsOf } from '../sign-in/sessions.ts';

export const PASSWORD_RESET_VALID_MS = 60 * 60 * 1000;

/** The tokens newToken makes; anything else is no link, and no query. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** A new reset link of `userId`: its token, for the link, and when it expires. Its earlier unused links stop working. */
export function issuePasswordReset(
  db: Database,
  userId: string,
  at: number,
): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const expiresAt = new Date(at + PASSWORD_RESET_VALID_MS);
  return db.transaction(async (tx) => {
    await tx.query('delete from console_password_resets where user_id = $1 and used_at is null', [userId]);
    await tx.query('insert into console_password_resets (token_sha256, user_id, expires_at) values ($1, $2, $3)', [
      tokenDigest(token),
      userId,
      expiresAt,
    ]);
    return { token, expiresAt };
  });
}

/** Whose reset link `token` is, while it is unused and unexpired and its user not disabled. */
export async function resetHolder(
  db: Queryable,
  token: string,
  at: number,
): Promise<{ userId: string; email: string } | undefined> {
  if (!TOKEN.test(token)) return undefined;
  const { rows } = await db.query<{ user_id: string; email: string }>(
    `select r.user_id, u.email from console_password_resets r join console_users u on u.id = r.user_id
      where r.token_sha256 = $1 and r.used_at is null and r.expires_at > $2 and u.disabled_at is null`,
    [tokenDigest(token), new Date(at)],
  );
  const row = rows[0];
  return row === undefined ? undefined : { userId: row.user_id, email: row.email };
}

/**
 * Uses reset link `token` to set its user's password hash and end all their sessions, in one transaction; false when
 * it was used (by a request just before this one too), expired or its user disabled.
 */
export function redeemPasswordReset(db: Database, token: string, passwordHash: string, at: number): Promise<boolean> {
  if (!TOKEN.test(token)) return Promise.resolve(false);
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ user_id: string }>(
      `update console_password_resets r set used_at = $2 from console_users u
        where r.token_sha256 = $1 and r.used_at is null and r.expires_at > $2
          and u.id = r.user_id and u.disabled_at is null
        returning r.user_id`,
      [tokenDigest(token), new Date(at)],
    );
    const userId = rows[0]?.user_id;
    if (userId === undefined) return false;
    await tx.query('update console_users set password_hash = $2 where id = $1', [userId, passwordHash]);
    await endSessionsOf(tx, userId);
    return true;
  });
}
