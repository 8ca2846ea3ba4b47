/**
 * An admin lifts an account's sign-in locks, on PGlite and (with DATABASE_URL) PostgreSQL: the Users list says which
 * accounts are locked now and until when; unlocking clears the account's count at every address and its ceiling, and
 * both the lock and the unlock are in the audit log.
 */
import { describe, expect, it } from 'vitest';
import { USERS_PATH, userUnlockPath } from '../../../../contracts/console.ts';
import {
  auditActions,
  call,
  consoleApp,
  PASSWORD,
  signIn,
  testClock,
  userWithPassword,
} from '../../../support/console-app.ts';
import { consoleDatabaseForSuite } from '../../../support/console-database.ts';
import { consoleUserWithSession } from '../../../support/console-users.ts';
import { DATABASES } from '../../../support/server-harness.ts';

const WRONG = 'a wrong password here';

describe.each(DATABASES)('unlocking an account on $name', { timeout: 60_000 }, (kind) => {
  const suite = consoleDatabaseForSuite(kind);

  it('shows a locked account with its end, and an admin unlocks it at every address', async () => {
    const { db } = suite;
    const clock = testClock();
    const app = await consoleApp(db, { clock });
    const admin = await consoleUserWithSession(db, 'admin', `unlocker-${Date.now()}@example.com`);
    const user = await userWithPassword(db, 'operator');
    const from = { remoteAddress: '203.0.113.90' };
    for (let n = 1; n <= 10; n++) await signIn(app, user.email, WRONG, from);
    expect((await signIn(app, user.email, PASSWORD, from)).statusCode).toBe(429);

    const listed = await call(app, { method: 'GET', url: USERS_PATH, cookie: admin.cookie });
    expect(listed.json().locks).toContainEqual({
      user_id: user.id,
      until: '2026-11-27T09:15:00.000Z',
      addresses: 1,
      everywhere: false,
    });
    expect(listed.json().locks.map((lock: { user_id: string }) => lock.user_id)).not.toContain(admin.id);

    const unlocked = await call(app, { method: 'POST', url: userUnlockPath(user.id), cookie: admin.cookie });
    expect(unlocked.statusCode).toBe(200);
    expect(unlocked.json().user).toMatchObject({ id: user.id, email: user.email });
    expect((await signIn(app, user.email, PASSWORD, from)).statusCode).toBe(200);
    const after = await call(app, { method: 'GET', url: USERS_PATH, cookie: admin.cookie });
    expect(after.json().locks.map((lock: { user_id: string }) => lock.user_id)).not.toContain(user.id);
    expect((await auditActions(db)).filter((entry) => entry.target?.startsWith(user.email))).toEqual([
      { actor: user.email, action: 'sign-in-locked', target: `${user.email}: 10 attempts from this address` },
      { actor: admin.email, action: 'user-unlocked', target: user.email },
    ]);
  });

  it("clears an account's ceiling, reached from many addresses", async () => {
    const { db } = suite;
    const clock = testClock();
    const app = await consoleApp(db, { clock });
    const admin = await consoleUserWithSession(db, 'admin', `ceiling-${Date.now()}@example.com`);
    const user = await userWithPassword(db, 'marketer');
    // The count 100 guesses from ten addresses leave (the lockout's own tests make them one by one).
    await db.query(
      `insert into console_sign_in_attempts (kind, account, address, window_start, attempts)
       values ('account', $1, '', $2, 100)`,
      [user.email, new Date(clock.at)],
    );
    expect((await signIn(app, user.email, PASSWORD, { remoteAddress: '192.0.2.31' })).statusCode).toBe(429);
    const listed = await call(app, { method: 'GET', url: USERS_PATH, cookie: admin.cookie });
    expect(listed.json().locks).toContainEqual(expect.objectContaining({ user_id: user.id, everywhere: true }));

    await call(app, { method: 'POST', url: userUnlockPath(user.id), cookie: admin.cookie });
    expect((await signIn(app, user.email, PASSWORD, { remoteAddress: '192.0.2.31' })).statusCode).toBe(200);
  });

  it('answers 404 for a user that does not exist', async () => {
    const { db } = suite;
    const app = await consoleApp(db);
    const admin = await consoleUserWithSession(db, 'admin', `nobody-${Date.now()}@example.com`);
    const missing = await call(app, {
      method: 'POST',
      url: userUnlockPath('5b0c1d9e-0000-4000-8000-00000000ffff'),
      cookie: admin.cookie,
    });
    expect(missing.statusCode).toBe(404);
  });
});
