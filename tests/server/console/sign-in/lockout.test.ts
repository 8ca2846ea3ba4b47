/**
 * The sign-in lockout, on PGlite and (with DATABASE_URL) PostgreSQL: an attempt is taken before its password is
 * checked, so no more than 10 guesses of one account from one address are checked in a 15-minute window however they
 * arrive; the guesser's address is locked, not the account's owner elsewhere; 30 from one address over any accounts
 * lock the address; 100 of one account from every address lock the account everywhere. The counts are in the
 * database: another server on it refuses the same.
 */
import { describe, expect, it } from 'vitest';
import { SIGN_IN_FAILED } from '../../../../contracts/console.ts';
import {
  auditActions,
  consoleApp,
  PASSWORD,
  signIn,
  testClock,
  userWithPassword,
} from '../../../support/console-app.ts';
import { anotherServersDatabase, consoleDatabaseForSuite } from '../../../support/console-database.ts';
import { DATABASES } from '../../../support/server-harness.ts';

const MINUTE = 60_000;
const WRONG = 'a wrong password here';

describe.each(DATABASES)('sign-in lockout on $name', { timeout: 60_000 }, (kind) => {
  const suite = consoleDatabaseForSuite(kind);

  it('checks at most 10 of 60 wrong passwords sent at once, and refuses the rest with Retry-After', async () => {
    const clock = testClock();
    const app = await consoleApp(suite.db, { clock });
    const user = await userWithPassword(suite.db, 'admin');
    const from = { remoteAddress: '198.51.100.60' };

    const answers = await Promise.all(Array.from({ length: 60 }, () => signIn(app, user.email, WRONG, from)));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(50);
    for (const refused of answers.filter((answer) => answer.statusCode === 429)) {
      expect(refused.headers['retry-after']).toBe('900');
      expect(refused.json().error).toBe('sign_in_locked');
    }
    // The right password from that address waits too: the lock is not a password check.
    expect((await signIn(app, user.email, PASSWORD, from)).statusCode).toBe(429);
  });

  it("locks the guesser's address, not the owner signing in from another, on every server", async () => {
    const clock = testClock();
    const app = await consoleApp(suite.db, { clock });
    const other = await consoleApp(await anotherServersDatabase(suite.db), { clock });
    const admin = await userWithPassword(suite.db, 'admin');
    const attacker = { remoteAddress: '203.0.113.66' };

    for (let n = 1; n <= 10; n++) {
      clock.advance(MINUTE / 2);
      expect((await signIn(app, admin.email, WRONG, attacker)).statusCode).toBe(401);
    }
    const locked = await signIn(other, admin.email, PASSWORD, attacker);
    expect(locked.statusCode).toBe(429);
    // Ten attempts from 09:00:30 to 09:05: the window that began with the first ends at 09:15:30.
    expect(locked.json().message).toBe('Too many failed sign-ins: try again in 11 minutes (after 09:15 UTC)');
    expect(locked.headers['retry-after']).toBe('630');

    expect((await signIn(other, admin.email, PASSWORD, { remoteAddress: '192.0.2.10' })).statusCode).toBe(200);
    expect((await signIn(app, admin.email, PASSWORD, attacker)).statusCode).toBe(429);
    expect(await auditActions(suite.db)).toContainEqual({
      actor: admin.email,
      action: 'sign-in-locked',
      target: `${admin.email}: 10 attempts from this address`,
    });

    clock.advance(10 * MINUTE + 30_000 - 1000);
    expect((await signIn(app, admin.email, PASSWORD, attacker)).statusCode).toBe(429);
    clock.advance(1000);
    expect((await signIn(app, admin.email, PASSWORD, attacker)).statusCode).toBe(200);
  });

  it('counts each 15-minute window apart', async () => {
    const clock = testClock();
    const app = await consoleApp(suite.db, { clock });
    const user = await userWithPassword(suite.db, 'operator');
    const from = { remoteAddress: '198.51.100.20' };
    for (let n = 1; n <= 10; n++) await signIn(app, user.email, WRONG, from);
    expect((await signIn(app, user.email, PASSWORD, from)).statusCode).toBe(429);
    clock.advance(15 * MINUTE);
    expect((await signIn(app, user.email, PASSWORD, from)).statusCode).toBe(200);
  });

  it('forgets the count of an account at an address when its password is right', async () => {
    const clock = testClock();
    const app = await consoleApp(suite.db, { clock });
    const user = await userWithPassword(suite.db, 'operator');
    const from = { remoteAddress: '198.51.100.21' };
    for (let n = 1; n <= 9; n++) await signIn(app, user.email, WRONG, from);
    expect((await signIn(app, user.email, PASSWORD, from)).statusCode).toBe(200);
    for (let n = 1; n <= 9; n++) expect((await signIn(app, user.email, WRONG, from)).statusCode).toBe(401);
    expect((await signIn(app, user.email, PASSWORD, from)).statusCode).toBe(200);
  });

  it('locks an unknown email the same way, so a lock tells nothing', async () => {
    const clock = testClock();
    const app = await consoleApp(suite.db, { clock });
    const unknown = 'nobody-at-all@example.com';
    const from = { remoteAddress: '192.0.2.77' };
    for (let n = 1; n <= 10; n++) {
      const response = await signIn(app, unknown, PASSWORD, from);
      expect(response.json()).toEqual({ error: 'sign_in_failed', message: SIGN_IN_FAILED });
    }
    const locked = await signIn(app, unknown, PASSWORD, from);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error).toBe('sign_in_locked');
  });

  it('locks an address after 30 attempts over any accounts, and only that address', async () => {
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

  it('locks an account everywhere after 100 attempts from many addresses, each address under its own limit', async () => {
    const clock = testClock();
    const app = await consoleApp(suite.db, { clock });
    const user = await userWithPassword(suite.db, 'admin');
    // Ten addresses, ten guesses each, sent at once: every one is checked, none is refused.
    const guesses = Array.from({ length: 100 }, (_, n) =>
      signIn(app, user.email, WRONG, { remoteAddress: `198.18.${Math.floor(n / 10)}.1` }),
    );
    expect((await Promise.all(guesses)).map((answer) => answer.statusCode)).toEqual(Array(100).fill(401));

    const fresh = await signIn(app, user.email, PASSWORD, { remoteAddress: '198.18.99.1' });
    expect(fresh.statusCode).toBe(429);
    expect(await auditActions(suite.db)).toContainEqual({
      actor: user.email,
      action: 'sign-in-locked',
      target: `${user.email}: 100 attempts from all addresses`,
    });
    // The refused attempt took nothing from its address: its owner's other accounts sign in there.
    const colleague = await userWithPassword(suite.db, 'operator');
    expect((await signIn(app, colleague.email, PASSWORD, { remoteAddress: '198.18.99.1' })).statusCode).toBe(200);
  });
});
