/**
 * One-time links that set a user's password: invitations (72 hours) and password resets (an hour). The token goes in
 * the link an admin passes on (there is no mail service); the table keeps only its SHA-256. A link sets the password
 * once, before it expires, of a user not disabled.
 */
import type { Database, Queryable } from '../../platform/db/types.ts';
import { newToken, tokenDigest } from '../sign-in/session-token.ts';

/** The tables of the two kinds of link, which have the same columns. */
export type LinkTable = 'console_invitations' | 'console_password_resets';

/** The tokens newToken makes; anything else is no link, and no query. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export interface LinkHolder {
  userId: string;
  email: string;
}

/** A new link of `userId` in `table`, valid `validMs`: its token, for the link, and when it expires. */
export async function issueLink(
  db: Queryable,
  table: LinkTable,
  userId: string,
  at: number,
  validMs: number,
): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const expiresAt = new Date(at + validMs);
  await db.query(`insert into ${table} (token_sha256, user_id, expires_at) values ($1, $2, $3)`, [
    tokenDigest(token),
    userId,
    expiresAt,
  ]);
  return { token, expiresAt };
}

/** Whose link `token` is, while it is unused and unexpired and its user not disabled. */
export async function linkHolder(
  db: Queryable,
  table: LinkTable,
  token: string,
  at: number,
): Promise<LinkHolder | undefined> {
  if (!TOKEN.test(token)) return undefined;
  const { rows } = await db.query<{ user_id: string; email: string }>(
    `select l.user_id, u.email from ${table} l join console_users u on u.id = l.user_id
      where l.token_sha256 = $1 and l.used_at is null and l.expires_at > $2 and u.disabled_at is null`,
    [tokenDigest(token), new Date(at)],
  );
  const row = rows[0];
  return row === undefined ? undefined : { userId: row.user_id, email: row.email };
}

/**
 * Uses link `token` to set its user's password hash, then runs `andThen` (ending sessions, say) in the same
 * transaction: the user's id, or undefined when the link was used (by a request just before this one too), expired or
 * its user disabled.
 */
export function redeemLink(
  db: Database,
  table: LinkTable,
  token: string,
  passwordHash: string,
  at: number,
  andThen: (tx: Queryable, userId: string) => Promise<void> = async () => undefined,
): Promise<string | undefined> {
  if (!TOKEN.test(token)) return Promise.resolve(undefined);
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ user_id: string }>(
      `update ${table} l set used_at = $2 from console_users u
        where l.token_sha256 = $1 and l.used_at is null and l.expires_at > $2
          and u.id = l.user_id and u.disabled_at is null
        returning l.user_id`,
      [tokenDigest(token), new Date(at)],
    );
    const userId = rows[0]?.user_id;
    if (userId === undefined) return undefined;
    await tx.query('update console_users set password_hash = $2 where id = $1', [userId, passwordHash]);
    await andThen(tx, userId);
    return userId;
  });
}
