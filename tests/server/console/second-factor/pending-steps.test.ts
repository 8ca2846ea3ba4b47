/**
 * A session that must first give its sign-in's code, or set up a second factor, gets 403 with that step's error from
 * every /api/admin route the app registers but the few of that step: walked over the registered routes, so a new
 * route is covered without a line here.
 */
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { CONSOLE_API, SESSION_PATH } from '../../../../contracts/console.ts';
import {
  CODE_REQUIRED,
  SECOND_FACTOR_CONFIRM_PATH,
  SECOND_FACTOR_SETUP_PATH,
  SET_UP_REQUIRED,
  SIGN_IN_CODE_PATH,
} from '../../../../contracts/console-second-factor.ts';
import { call, sessionCookieOf, signIn, userWithPassword, type ConsoleRequest } from '../../../support/console-app.ts';
import { consoleDatabaseForSuite } from '../../../support/console-database.ts';
import { DATABASES } from '../../../support/server-harness.ts';
import { registeredRoutes } from '../../hostile-input-answers.ts';
import { halfSignedIn, secondFactorApp, userWithSecondFactor } from './second-factor-support.ts';

const SOME_ID = '5b0c1d9e-0000-4000-8000-000000000000';

/** Every /api/admin route as a request, its parameters filled in, but those of `allowed` ("METHOD /path"). */
function consoleRoutesBut(app: FastifyInstance, allowed: readonly string[]): ConsoleRequest[] {
  return registeredRoutes(app)
    .filter((route) => route.path.startsWith(`${CONSOLE_API}/`) && route.method !== 'HEAD')
    .filter((route) => !allowed.includes(`${route.method} ${route.path}`))
    .map((route) => ({
      method: route.method as ConsoleRequest['method'],
      url: route.path.replace(/:\w+/g, SOME_ID),
      ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { body: {} }),
    }));
}

/** The routes that answer a signed-out request with the access check's 401: all but the public ones. */
async function guarded(app: FastifyInstance, requests: ConsoleRequest[]): Promise<ConsoleRequest[]> {
  const answers = await Promise.all(requests.map((request) => call(app, request)));
  return requests.filter((_, i) => answers[i]!.statusCode === 401 && answers[i]!.json().error === 'not_signed_in');
}

describe.each(DATABASES)('sessions with a second-factor step to take, on $name', { timeout: 60_000 }, (kind) => {
  const suite = consoleDatabaseForSuite(kind);

  it('a sign-in awaiting its code may send it, ask the session and sign out: nothing else', async () => {
    const { db } = suite;
    const { app, clock } = await secondFactorApp(db);
    const user = await userWithSecondFactor(app, db, clock, 'admin');
    const cookie = await halfSignedIn(app, user.email);
    const routes = await guarded(
      app,
      consoleRoutesBut(app, [`GET ${SESSION_PATH}`, `DELETE ${SESSION_PATH}`, `POST ${SIGN_IN_CODE_PATH}`]),
    );
    expect(routes.length).toBeGreaterThan(10);
    for (const route of routes) {
      const answer = await call(app, { ...route, cookie });
      expect(answer.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(answer.json().error, `${route.method} ${route.url}`).toBe(CODE_REQUIRED);
    }
    expect((await call(app, { method: 'DELETE', url: SESSION_PATH, cookie })).statusCode).toBe(204);
  });

  it('an admin who must set one up may set it up, ask the session and sign out: nothing else', async () => {
    const { db } = suite;
    const { app } = await secondFactorApp(db, 'required');
    const admin = await userWithPassword(db, 'admin');
    const cookie = sessionCookieOf(await signIn(app, admin.email));
    const routes = await guarded(
      app,
      consoleRoutesBut(app, [
        `GET ${SESSION_PATH}`,
        `DELETE ${SESSION_PATH}`,
        `POST ${SECOND_FACTOR_SETUP_PATH}`,
        `POST ${SECOND_FACTOR_CONFIRM_PATH}`,
      ]),
    );
    expect(routes.length).toBeGreaterThan(10);
    for (const route of routes) {
      const answer = await call(app, { ...route, cookie });
      expect(answer.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(answer.json().error, `${route.method} ${route.url}`).toBe(SET_UP_REQUIRED);
    }
    expect((await call(app, { method: 'POST', url: SECOND_FACTOR_SETUP_PATH, cookie })).statusCode).toBe(200);
  });
});
