/**
 * The second factor for the server tests: the console on a clock of its own, a user who sets up a second factor
 * through the routes (the test plays the authenticator app), and a sign-in up to its code.
 */
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Role } from '../../../../contracts/console.ts';
import {
  SECOND_FACTOR_CONFIRM_PATH,
  SECOND_FACTOR_SETUP_PATH,
  SIGN_IN_CODE_PATH,
} from '../../../../contracts/console-second-factor.ts';
import { codeAt } from '../../../../server/console/second-factor/totp.ts';
import type { Database } from '../../../../server/platform/db/types.ts';
import {
  call,
  consoleApp,
  sessionCookieOf,
  signIn,
  testClock,
  userWithPassword,
  type TestClock,
} from '../../../support/console-app.ts';

const DAY_MS = 86_400_000;
export const STEP_MS = 30_000;
let clocks = 0;

/**
 * A clock on a day of its own: the tests of a file share a database, and the sign-in lockout counts attempts per
 * window, so one test's wrong codes never count against the next.
 */
export function freshClock(): TestClock {
  clocks += 1;
  return testClock(Date.parse('2026-11-27T09:00:00.000Z') + clocks * DAY_MS);
}

/** The console with CONSOLE_MFA as given (the default, required, unless told). */
export async function secondFactorApp(
  db: Database,
  mode: 'required' | 'optional' = 'required',
): Promise<{ app: FastifyInstance; clock: TestClock }> {
  const clock = freshClock();
  const app = await consoleApp(db, { clock, env: { CONSOLE_MFA: mode } });
  return { app, clock };
}

export interface SetUpUser {
  id: string;
  email: string;
  /** The secret the app holds. */
  secret: string;
  recoveryCodes: string[];
  /** The session cookie of the sign-in that set it up. */
  cookie: string;
}

/** A user of `role` who signs in and sets up a second factor; the clock moves on a step after, so a fresh code is due. */
export async function userWithSecondFactor(
  app: FastifyInstance,
  db: Database,
  clock: TestClock,
  role: Role,
): Promise<SetUpUser> {
  const user = await userWithPassword(db, role);
  const cookie = sessionCookieOf(await signIn(app, user.email));
  const setUp = await call(app, { method: 'POST', url: SECOND_FACTOR_SETUP_PATH, cookie });
  expect(setUp.statusCode, setUp.body).toBe(200);
  const { secret } = setUp.json<{ secret: string }>();
  const confirmed = await call(app, {
    method: 'POST',
    url: SECOND_FACTOR_CONFIRM_PATH,
    cookie,
    body: { code: codeAt(secret, clock.at) },
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  clock.advance(STEP_MS);
  return { ...user, secret, recoveryCodes: confirmed.json<{ recovery_codes: string[] }>().recovery_codes, cookie };
}

/** Signs in with the password: the cookie of the session that awaits its code. */
export async function halfSignedIn(app: FastifyInstance, email: string): Promise<string> {
  const response = await signIn(app, email);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json().second_factor.pending).toBe('code');
  return sessionCookieOf(response);
}

export function sendCode(app: FastifyInstance, cookie: string, code: string) {
  return call(app, { method: 'POST', url: SIGN_IN_CODE_PATH, cookie, body: { code } });
}
