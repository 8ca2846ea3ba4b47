/**
 * Repeated failed sign-ins lock the account (10 in 15 minutes) or the client address (30), for 15 minutes, on PGlite
 * and (with DATABASE_URL) PostgreSQL. The count is in the database: another server on it refuses the same.
 */
import { describe, expect, it } from 'vitest';
import { SIGN_IN_FAILED } from '../../../../contracts/console.ts';
import { consoleApp, PASSWORD, signIn, testClock, userWithPassword } from '../../../support/console-app.ts';
import { anotherServersDatabase, consoleDatabaseForSuite } from '../../../support/console-database.ts';
import { DATABASES } from '../../../support/server-harness.ts';

const MINUTE = 60_000;

describe.each(DATABASES)('sign-in lockout on $name', { timeout: 30_000 }, (kind) => {
  const suite = consoleDatabaseForSuite(kind);

  it('locks an account for 15 minutes after 10 failures, even for the right password, and on every server', async () => {
    const clock = testClock();
    const app = await consoleApp(suite.db, { clock });
    const other = await consoleApp(await anotherServersDatabase(suite.db), { clock });
    const user = await userWithPassword(suite.db, 'admin');
    // Each attempt from its own address: the account is what is locked.
    const from = (n: number) => ({ remoteAddress: `198.51.100.${n}` });

    for (let n = 1; n <= 10; n++) {
      clock.advance(MINUTE);
      expect((await signIn(app, user.email, 'a wrong password here', from(n))).statusCode).toBe(401);
    }
    const locked = await signIn(app, user.email, PASSWORD, from(11));
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toMatch(/try again in 15 minutes \(after 09:25 UTC\)/);
    expect(locked.headers['retry-after']).toBe('900');
    expect((await signIn(other, user.email, PASSWORD, from(12))).statusCode).toBe(429);

    clock.advance(15 * MINUTE - 1000);
    expect((await signIn(other, user.email, PASSWORD, from(13))).statusCode).toBe(429);
    clock.advance(1000);
    expect((await signIn(other, user.email, PASSWORD, from(14))).statusCode).toBe(200);
  });

  it('counts only failures within 15 minutes', async () => {
    const clock = testClock();
    const app = await consoleApp(suite.db, { clock });
    const user = await userWithPassword(suite.db, 'operator');
    for (let n = 1; n <= 10; n++) {
      clock.advance(2 * MINUTE);
      await signIn(app, user.email, 'a wrong password here', { remoteAddress: `198.51.100.${n}` });
    }
    expect((await signIn(app, user.email, PASSWORD, { remoteAddress: '198.51.100.99' })).statusCode).toBe(200);
  });

  it('locks an unknown email the same way, so a lock tells nothing', async () => {
    const clock = testClock();
    const app = await consoleApp(suite.db, { clock });
    const unknown = 'nobody-at-all@example.com';
    for (let n = 1; n <= 10; n++) {
      const response = await signIn(app, unknown, PASSWORD, { remoteAddress: `192.0.2.${n}` });
      expect(response.json()).toEqual({ error: 'sign_in_failed', message: SIGN_IN_FAILED });
    }
    const locked = await signIn(app, unknown, PASSWORD, { remoteAddress: '192.0.2.200' });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error).toBe('sign_in_locked');
  });

  it('locks an address after 30 failures over any accounts, and only that address', async () => {
    const clock = testClock();
    const app = await consoleApp(suite.db, { clock });
    const user = await userWithPassword(suite.db, 'marketer');
    const address = { remoteAddress: '203.0.113.7' };
    for (let n = 1; n <= 30; n++) {
      expect((await signIn(app, `guess-${n}@example.com`, PASSWORD, address)).statusCode).toBe(401);
    }
    expect((await signIn(app, user.email, PASSWORD, address)).statusCode).toBe(429);
    expect((await signIn(app, user.email, PASSWORD, { remoteAddress: '203.0.113.8' })).statusCode).toBe(200);
  });
});
