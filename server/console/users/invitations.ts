/**
 * One-time invitation links: the token goes in the link an admin passes on (there is no mail service); the table
 * keeps its SHA-256. A link sets the password once, within 72 hours, of a user not disabled.
 */
import type { Database, Queryable } from '../../platform/db/types.ts';
import { newToken, tokenDigest } from '../sign-in/session-token.ts';

export const INVITATION_VALID_MS = 72 * 60 * 60 * 1000;

/** A new invitation of `userId`: its token, for the link, and when it expires. */
export async function inviteToken(
  db: Queryable,
  userId: string,
  at: number,
): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const expiresAt = new Date(at + INVITATION_VALID_MS);
  await db.query('insert into console_invitations (token_sha256, user_id, expires_at) values ($1, $2, $3)', [
    tokenDigest(token),
    userId,
    expiresAt,
  ]);
  return { token, expiresAt };
}

/** The tokens newToken makes; anything else is no invitation. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export interface Invitee {
  userId: string;
  email: string;
}

/** Whose invitation `token` is, while it is unused and unexpired and its user not disabled. */
export async function invitee(db: Queryable, token: string, at: number): Promise<Invitee | undefined> {
  if (!TOKEN.test(token)) return undefined;
  const { rows } = await db.query<{ user_id: string; email: string }>(
    `select i.user_id, u.email from console_invitations i join console_users u on u.id = i.user_id
      where i.token_sha256 = $1 and i.used_at is null and i.expires_at > $2 and u.disabled_at is null`,
    [tokenDigest(token), new Date(at)],
  );
  const row = rows[0];
  return row === undefined ? undefined : { userId: row.user_id, email: row.email };
}

/**
 * Uses invitation `token` to set its user's password hash; false when it was used (by a request just before this
 * one too), expired or its user disabled. Marking it used and setting the password are one transaction.
 */
export function redeemInvitation(db: Database, token: string, passwordHash: string, at: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ user_id: string }>(
      `update console_invitations i set used_at = $2 from console_users u
        where i.token_sha256 = $1 and i.used_at is null and i.expires_at > $2
          and u.id = i.user_id and u.disabled_at is null
        returning i.user_id`,
      [tokenDigest(token), new Date(at)],
    );
    const userId = rows[0]?.user_id;
    if (userId === undefined) return false;
    await tx.query('update console_users set password_hash = $2 where id = $1', [userId, passwordHash]);
    return true;
  });
}
