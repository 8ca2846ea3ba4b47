/**
 * A signed-in user changes their own password, on PGlite and (with DATABASE_URL) PostgreSQL: the current password
 * asked (a wrong one is a 400 naming it, and a failed attempt toward the sign-in lock), the new one checked by the
 * account rules and the common-password list, every other session ended and this one kept, the change audited.
 */
import { describe, expect, it } from 'vitest';
import { PASSWORD_PATH, SESSION_PATH } from '../../../../contracts/console.ts';
import {
  auditActions,
  call,
  consoleApp,
  PASSWORD,
  sessionCookieOf,
  signIn,
  testClock,
  userWithPassword,
} from '../../../support/console-app.ts';
import { consoleDatabaseForSuite } from '../../../support/console-database.ts';
import { DATABASES } from '../../../support/server-harness.ts';

const NEW_PASSWORD = 'a brand new passphrase of mine';

describe.each(DATABASES)('changing one’s password on $name', { timeout: 60_000 }, (kind) => {
  const suite = consoleDatabaseForSuite(kind);

  it('changes it, ends the other sessions and keeps this browser signed in', async () => {
    const { db } = suite;
    const app = await consoleApp(db);
    const user = await userWithPassword(db, 'marketer');
    const here = sessionCookieOf(await signIn(app, user.email));
    const elsewhere = sessionCookieOf(await signIn(app, user.email));

    const changed = await call(app, {
      method: 'POST',
      url: PASSWORD_PATH,
      cookie: here,
      body: { current_password: PASSWORD, new_password: NEW_PASSWORD },
    });
    expect(changed.statusCode).toBe(204);
    const stillHere = sessionCookieOf(changed);
    expect((await call(app, { method: 'GET', url: SESSION_PATH, cookie: stillHere })).statusCode).toBe(200);
    expect((await call(app, { method: 'GET', url: SESSION_PATH, cookie: elsewhere })).statusCode).toBe(401);

    expect((await signIn(app, user.email, PASSWORD)).statusCode).toBe(401);
    expect((await signIn(app, user.email, NEW_PASSWORD)).statusCode).toBe(200);
    expect(await auditActions(db)).toContainEqual({
      actor: user.email,
      action: 'password-changed',
      target: user.email,
    });
  });

  it('refuses a wrong current password naming it, and counts it toward the sign-in lock', async () => {
    const { db } = suite;
    const clock = testClock();
    const app = await consoleApp(db, { clock });
    const user = await userWithPassword(db, 'operator');
    const from = { remoteAddress: '198.51.100.140' };
    const cookie = sessionCookieOf(await signIn(app, user.email, PASSWORD, from));
    const change = (current: string) =>
      call(app, {
        method: 'POST',
        url: PASSWORD_PATH,
        cookie,
        body: { current_password: current, new_password: NEW_PASSWORD },
        ...from,
      });

    const wrong = await change('not my password at all');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields).toEqual([
      { field: 'current_password', keyword: 'password', message: 'is not your current password' },
    ]);
    for (let n = 2; n <= 10; n++) expect((await change('not my password at all')).statusCode).toBe(400);
    // Ten wrong guesses from this address: the right one waits like a sign-in would.
    expect((await change(PASSWORD)).statusCode).toBe(429);
    expect((await signIn(app, user.email, PASSWORD, from)).statusCode).toBe(429);
  });

  it('refuses a new password the rules refuse, or one of the most common ones, naming new_password', async () => {
    const { db } = suite;
    const app = await consoleApp(db);
    const user = await userWithPassword(db, 'admin');
    const cookie = sessionCookieOf(await signIn(app, user.email));
    const change = (next: string) =>
      call(app, {
        method: 'POST',
        url: PASSWORD_PATH,
        cookie,
        body: { current_password: PASSWORD, new_password: next },
      });

    const short = await change('too short');
    expect(short.statusCode).toBe(400);
    expect(short.json().fields[0]).toMatchObject({ field: 'new_password' });
    expect(short.json().fields[0].message).toMatch(/^must be at least 12 characters/);
    const common = await change('1qaz2wsx3edc');
    expect(common.statusCode).toBe(400);
    expect(common.json().fields).toEqual([
      {
        field: 'new_password',
        keyword: 'password',
        message: 'is one of the most common passwords: choose another',
      },
    ]);
    expect((await signIn(app, user.email, PASSWORD)).statusCode).toBe(200);
  });
});
