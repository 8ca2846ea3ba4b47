/**
 * Console sessions, kept in the database so that any server can check them and ending one (sign-out, a disabled
 * user) takes effect at once everywhere. The cookie holds a random token; the table keeps its SHA-256. A session
 * ends after 8 hours without a request or 7 days after sign-in, whichever comes first; one still awaiting its second
 * factor's code, 10 minutes after the password.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Role } from '../../../contracts/console.ts';
import type { Database, Queryable } from '../../platform/db/types.ts';
import type { SecondFactorMode } from '../../platform/config/parsers.ts';
import { pendingStep } from '../second-factor/pending-step.ts';
import { cookieName, requestCookie, setCookie } from '../../platform/http/cookies.ts';
import { newToken, SESSION_COOKIE, tokenDigest } from './session-token.ts';

const MINUTE_MS = 60_000;
export const IDLE_TIMEOUT_MS = 8 * 60 * MINUTE_MS;
export const ABSOLUTE_TIMEOUT_MS = 7 * 24 * 60 * MINUTE_MS;
/** A sign-in has this long to give its code after the password. */
export const CODE_TIMEOUT_MS = 10 * MINUTE_MS;
/** last_seen_at moves at most once a minute: a page's burst of requests costs one write, not one each. */
const SEEN_RESOLUTION_MS = MINUTE_MS;

/** What newToken makes: 32 bytes, base64url. Anything else in the cookie is no session, and no query. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/**
 * The session token in the request's session cookie (`__Host-fundflow_console` over HTTPS), when it looks like one of
 * ours.
 */
export function sessionTokenOf(request: FastifyRequest): string | undefined {
  const value = requestCookie(request, SESSION_COOKIE);
  return value !== undefined && TOKEN.test(value) ? value : undefined;
}

/**
 * Strict: no other site can make the browser send it, not even by a link. Secure unless PLAIN_HTTP says the server is
 * reached over plain HTTP for local use: behind a TLS proxy that TRUST_PROXY does not name, the server sees http while
 * the browser is on https, and the cookie must still never travel in clear.
 */
function cookie(request: FastifyRequest, value: string, maxAgeSeconds: number): string {
  return setCookie(request, cookieName(request, SESSION_COOKIE), value, {
    maxAgeSeconds,
    httpOnly: true,
    sameSite: 'Strict',
    alwaysSecure: !request.server.plainHttp,
  });
}

export function sessionCookie(request: FastifyRequest, token: string): string {
  return cookie(request, token, ABSOLUTE_TIMEOUT_MS / 1000);
}

export function clearedSessionCookie(request: FastifyRequest): string {
  return cookie(request, '', 0);
}

/**
 * A new session of `userId` from `at`; its token goes in the cookie and nowhere else. `awaitingCode`: the password was
 * right, but the user has a second factor, so the session can only submit a code until one completes it.
 */
export async function startSession(
  db: Queryable,
  userId: string,
  at: Date,
  { awaitingCode = false }: { awaitingCode?: boolean } = {},
): Promise<string> {
  const token = newToken();
  await db.query(
    `insert into console_sessions (token_sha256, user_id, created_at, last_seen_at, awaiting_code)
     values ($1, $2, $3, $3, $4)`,
    [tokenDigest(token), userId, at, awaitingCode],
  );
  return token;
}

/**
 * Signs `userId` in on this request: a new session, and the one whose cookie the browser already held ended, so a
 * session someone planted in the browser before the sign-in never becomes a signed-in one.
 */
export async function signInSession(
  db: Queryable,
  request: FastifyRequest,
  userId: string,
  at: Date,
  options: { awaitingCode?: boolean } = {},
): Promise<string> {
  const present = sessionTokenOf(request);
  if (present !== undefined) await endSession(db, present);
  return startSession(db, userId, at, options);
}

export async function endSession(db: Queryable, token: string): Promise<void> {
  await db.query('delete from console_sessions where token_sha256 = $1', [tokenDigest(token)]);
}

export async function endSessionsOf(db: Queryable, userId: string): Promise<void> {
  await db.query('delete from console_sessions where user_id = $1', [userId]);
}

/**
 * Ends the half-open session of `digest` and starts a full one in its place: a new token, so one that was known before
 * the code was given signs no one in. Undefined when the session is gone or was completed meanwhile (by a request at
 * the same time).
 */
export function completeSession(db: Database, digest: string, at: Date): Promise<string | undefined> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ user_id: string }>(
      'delete from console_sessions where token_sha256 = $1 and awaiting_code returning user_id',
      [digest],
    );
    return rows[0] === undefined ? undefined : startSession(tx, rows[0].user_id, at);
  });
}

/**
 * Counts a wrong code against the half-open session of `digest`, ending it at `limit`: whether it is still open. The
 * count is one statement, so codes sent at once each count.
 */
export async function codeFailed(db: Database, digest: string, limit: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ failures: number }>(
      `update console_sessions set code_failures = code_failures + 1
        where token_sha256 = $1 and awaiting_code returning code_failures as failures`,
      [digest],
    );
    const failures = rows[0]?.failures;
    if (failures !== undefined && failures < limit) return true;
    await tx.query('delete from console_sessions where token_sha256 = $1', [digest]);
    return false;
  });
}

interface SessionRow {
  user_id: string;
  email: string;
  role: Role;
  created_at: Date;
  last_seen_at: Date;
  awaiting_code: boolean;
  has_second_factor: boolean;
}

/**
 * Puts the signed-in user on every request to the console's routes that brings a live session (request.consoleUser),
 * and where the session stands with the second factor (request.consoleSession), for the routes' access checks
 * (access.ts). A session still awaiting its code lasts CODE_TIMEOUT_MS. Registered in the console's plugin before its
 * routes, so it runs for them alone.
 */
export function registerConsoleSessions(
  app: FastifyInstance,
  db: Queryable,
  now: () => number,
  secondFactor: SecondFactorMode,
): void {
  app.addHook('onRequest', async (request) => {
    const token = sessionTokenOf(request);
    if (token === undefined) return;
    const digest = tokenDigest(token);
    const { rows } = await db.query<SessionRow>(
      `select s.user_id, u.email, u.role, s.created_at, s.last_seen_at, s.awaiting_code,
              u.second_factor_secret is not null as has_second_factor
         from console_sessions s join console_users u on u.id = s.user_id
        where s.token_sha256 = $1 and u.disabled_at is null`,
      [digest],
    );
    const session = rows[0];
    if (session === undefined) return;
    const at = now();
    if (
      at - session.last_seen_at.getTime() >= IDLE_TIMEOUT_MS ||
      at - session.created_at.getTime() >= ABSOLUTE_TIMEOUT_MS ||
      (session.awaiting_code && at - session.created_at.getTime() >= CODE_TIMEOUT_MS)
    ) {
      await db.query('delete from console_sessions where token_sha256 = $1', [digest]);
      return;
    }
    if (at - session.last_seen_at.getTime() >= SEEN_RESOLUTION_MS) {
      await db.query('update console_sessions set last_seen_at = $2 where token_sha256 = $1', [digest, new Date(at)]);
    }
    request.consoleUser = { id: session.user_id, email: session.email, role: session.role };
    request.consoleSession = {
      digest,
      pending: pendingStep(
        { awaitingCode: session.awaiting_code, role: session.role, hasSecondFactor: session.has_second_factor },
        secondFactor,
      ),
    };
  });
}
