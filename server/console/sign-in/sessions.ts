/**
 * Console sessions, kept in the database so that any server can check them and ending one (sign-out, a disabled
 * user) takes effect at once everywhere. The cookie holds a random token; the table keeps its SHA-256. A session
 * ends after 8 hours without a request or 7 days after sign-in, whichever comes first.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Role } from '../../../contracts/console.ts';
import type { Queryable } from '../../platform/db/types.ts';
import { newToken, SESSION_COOKIE, tokenDigest } from './session-token.ts';

const MINUTE_MS = 60_000;
export const IDLE_TIMEOUT_MS = 8 * 60 * MINUTE_MS;
export const ABSOLUTE_TIMEOUT_MS = 7 * 24 * 60 * MINUTE_MS;
/** last_seen_at moves at most once a minute: a page's burst of requests costs one write, not one each. */
const SEEN_RESOLUTION_MS = MINUTE_MS;

/** What newToken makes: 32 bytes, base64url. Anything else in the cookie is no session, and no query. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** The session token in a Cookie header (its first SESSION_COOKIE), when it looks like one of ours. */
export function sessionTokenOf(cookieHeader: string | undefined): string | undefined {
  if (cookieHeader === undefined) return undefined;
  for (const pair of cookieHeader.split(';')) {
    const equals = pair.indexOf('=');
    if (equals !== -1 && pair.slice(0, equals).trim() === SESSION_COOKIE) {
      const value = pair.slice(equals + 1).trim();
      return TOKEN.test(value) ? value : undefined;
    }
  }
  return undefined;
}

function cookie(value: string, maxAgeSeconds: number, secure: boolean): string {
  // Strict: no other site can make the browser send it, not even by a link. Secure whenever the console is on HTTPS
  // (behind a proxy, when TRUST_PROXY names it and it says so in X-Forwarded-Proto).
  return (
    `${SESSION_COOKIE}=${value}; Path=/; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Strict` +
    (secure ? '; Secure' : '')
  );
}

export function sessionCookie(request: FastifyRequest, token: string): string {
  return cookie(token, ABSOLUTE_TIMEOUT_MS / 1000, request.protocol === 'https');
}

export function clearedSessionCookie(request: FastifyRequest): string {
  return cookie('', 0, request.protocol === 'https');
}

/** A new session of `userId` from `at`; its token goes in the cookie and nowhere else. */
export async function startSession(db: Queryable, userId: string, at: Date): Promise<string> {
  const token = newToken();
  await db.query(
    'insert into console_sessions (token_sha256, user_id, created_at, last_seen_at) values ($1, $2, $3, $3)',
    [tokenDigest(token), userId, at],
  );
  return token;
}

export async function endSession(db: Queryable, token: string): Promise<void> {
  await db.query('delete from console_sessions where token_sha256 = $1', [tokenDigest(token)]);
}

export async function endSessionsOf(db: Queryable, userId: string): Promise<void> {
  await db.query('delete from console_sessions where user_id = $1', [userId]);
}

interface SessionRow {
  user_id: string;
  email: string;
  role: Role;
  created_at: Date;
  last_seen_at: Date;
}

/**
 * Puts the signed-in user on every request to the console's routes that brings a live session (request.consoleUser),
 * for the routes' access checks (access.ts). Registered in the console's plugin before its routes, so it runs for
 * them alone.
 */
export function registerConsoleSessions(app: FastifyInstance, db: Queryable, now: () => number = Date.now): void {
  app.addHook('onRequest', async (request) => {
    const token = sessionTokenOf(request.headers.cookie);
    if (token === undefined) return;
    const digest = tokenDigest(token);
    const { rows } = await db.query<SessionRow>(
      `select s.user_id, u.email, u.role, s.created_at, s.last_seen_at
         from console_sessions s join console_users u on u.id = s.user_id
        where s.token_sha256 = $1 and u.disabled_at is null`,
      [digest],
    );
    const session = rows[0];
    if (session === undefined) return;
    const at = now();
    if (
      at - session.last_seen_at.getTime() >= IDLE_TIMEOUT_MS ||
      at - session.created_at.getTime() >= ABSOLUTE_TIMEOUT_MS
    ) {
      await db.query('delete from console_sessions where token_sha256 = $1', [digest]);
      return;
    }
    if (at - session.last_seen_at.getTime() >= SEEN_RESOLUTION_MS) {
      await db.query('update console_sessions set last_seen_at = $2 where token_sha256 = $1', [digest, new Date(at)]);
    }
    request.consoleUser = { id: session.user_id, email: session.email, role: session.role };
  });
}
