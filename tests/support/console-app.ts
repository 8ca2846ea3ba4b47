/**
 * The console for the server tests: the app on a migrated database with a clock the test moves, users with real
 * passwords, and requests as the console page sends them (the XSRF cookie and header, the session cookie).
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { onTestFinished } from 'vitest';
import type { Role } from '../../contracts/console.ts';
import { SESSION_PATH } from '../../contracts/console.ts';
import { hashPassword } from '../../server/console/sign-in/passwords.ts';
import { SESSION_COOKIE } from '../../server/console/sign-in/session-token.ts';
import type { Database, Queryable } from '../../server/platform/db/types.ts';
import { startLeadApp } from './lead-app.ts';
import { xsrfHeaders } from './server-harness.ts';

export const PASSWORD = 'correct horse battery staple';

/** A clock the test sets and moves; starts on a fixed morning. */
export interface TestClock {
  at: number;
  now: () => number;
  advance: (ms: number) => void;
}

export function testClock(start = Date.parse('2026-11-27T09:00:00.000Z')): TestClock {
  const clock: TestClock = {
    at: start,
    now: () => clock.at,
    advance: (ms) => void (clock.at += ms),
  };
  return clock;
}

/** The app on `db` (migrated) with `clock`, closed when the test ends. */
export async function consoleApp(
  db: Database,
  options: { clock?: TestClock; env?: Record<string, string> } = {},
): Promise<FastifyInstance> {
  const app = await startLeadApp(db, { env: options.env ?? {}, ...(options.clock ? { now: options.clock.now } : {}) });
  onTestFinished(() => app.close());
  return app;
}

/** A user of `role` who has set `password`; a fresh email unless one is given. */
export async function userWithPassword(
  db: Queryable,
  role: Role,
  email = `${role}-${randomUUID().slice(0, 8)}@example.com`,
  password = PASSWORD,
): Promise<{ id: string; email: string }> {
  const id = randomUUID();
  await db.query('insert into console_users (id, email, role, password_hash) values ($1, $2, $3, $4)', [
    id,
    email,
    role,
    await hashPassword(password),
  ]);
  return { id, email };
}

/** Headers of a console request: the XSRF pair, and the session cookie when given. */
export function consoleHeaders(sessionCookie?: string): Record<string, string> {
  const headers = xsrfHeaders();
  return sessionCookie === undefined ? headers : { ...headers, cookie: `${headers.cookie}; ${sessionCookie}` };
}

export interface ConsoleRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  cookie?: string;
  body?: unknown;
  remoteAddress?: string;
  headers?: Record<string, string>;
}

export function call(app: FastifyInstance, request: ConsoleRequest): Promise<LightMyRequestResponse> {
  return app.inject({
    method: request.method,
    url: request.url,
    headers: {
      ...consoleHeaders(request.cookie),
      ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...request.headers,
    },
    ...(request.body === undefined ? {} : { payload: JSON.stringify(request.body) }),
    ...(request.remoteAddress === undefined ? {} : { remoteAddress: request.remoteAddress }),
  });
}

export function signIn(
  app: FastifyInstance,
  email: string,
  password = PASSWORD,
  extra: Partial<ConsoleRequest> = {},
): Promise<LightMyRequestResponse> {
  return call(app, { method: 'POST', url: SESSION_PATH, body: { email, password }, ...extra });
}

/** The session cookie an answer sets (its Set-Cookie line), or undefined. */
export function setSessionCookie(response: LightMyRequestResponse): string | undefined {
  const header = response.headers['set-cookie'];
  const lines = header === undefined ? [] : Array.isArray(header) ? header : [header];
  return lines.find((line) => line.startsWith(`${SESSION_COOKIE}=`) || line.startsWith(`__Host-${SESSION_COOKIE}=`));
}

/** The Cookie header that sends back the session an answer set. */
export function sessionCookieOf(response: LightMyRequestResponse): string {
  const line = setSessionCookie(response);
  if (line === undefined) throw new Error(`no session cookie in the answer (${response.statusCode})`);
  return line.split(';')[0]!;
}

export async function auditActions(
  db: Queryable,
): Promise<{ actor: string | null; action: string; target: string | null }[]> {
  const { rows } = await db.query<{ actor: string | null; action: string; target: string | null }>(
    'select actor, action, target from console_audit order by id',
  );
  return rows;
}
