/**
 * Console users for the server tests, written straight into the database: a user of a role with a live session, and
 * the cookie that carries it. The sign-in itself has tests of its own (tests/server/console/).
 */
import { randomUUID } from 'node:crypto';
import type { Role } from '../../contracts/console.ts';
import type { Queryable } from '../../server/platform/db/types.ts';
import { newToken, SESSION_COOKIE, tokenDigest } from '../../server/console/sign-in/session-token.ts';

export interface TestConsoleUser {
  id: string;
  email: string;
  role: Role;
  /** The Cookie header of its session. */
  cookie: string;
}

export async function consoleUserWithSession(
  db: Queryable,
  role: Role,
  email = `${role}@example.com`,
): Promise<TestConsoleUser> {
  const id = randomUUID();
  await db.query(`insert into console_users (id, email, role) values ($1, $2, $3)`, [id, email, role]);
  const token = newToken();
  await db.query(
    `insert into console_sessions (token_sha256, user_id, created_at, last_seen_at) values ($1, $2, now(), now())`,
    [tokenDigest(token), id],
  );
  return { id, email, role, cookie: `${SESSION_COOKIE}=${token}` };
}
