/**
 * Password-reset links, on PGlite and (with DATABASE_URL) PostgreSQL: an admin issues one for a user (one-time, an
 * hour, only its SHA-256 stored, a new one voids the one before); it answers the email, sets the password once (the
 * common ones refused), ends all the user's sessions and signs them in; used, expired or unknown it is a 404 that says
 * what to do.
 */
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  PASSWORD_RESETS_PATH,
  SESSION_PATH,
  USERS_PATH,
  userPasswordResetPath,
} from '../../../../contracts/console.ts';
import { tokenDigest } from '../../../../server/console/sign-in/session-token.ts';
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
import { consoleUserWithSession, type TestConsoleUser } from '../../../support/console-users.ts';
import { DATABASES } from '../../../support/server-harness.ts';

const HOUR = 3_600_000;
const NEW_PASSWORD = 'a fresh start for this account';

function tokenOf(resetUrl: string): string {
  const match = /^http:\/\/localhost(?::80)?\/admin\/reset\/([A-Za-z0-9_-]{43})$/.exec(resetUrl);
  if (match === null) throw new Error(`not a reset link: ${resetUrl}`);
  return match[1]!;
}

async function issue(app: FastifyInstance, admin: TestConsoleUser, userId: string) {
  return call(app, { method: 'POST', url: userPasswordResetPath(userId), cookie: admin.cookie });
}

describe.each(DATABASES)('password-reset links on $name', { timeout: 60_000 }, (kind) => {
  const suite = consoleDatabaseForSuite(kind);
  let admins = 0;
  const anAdmin = () => consoleUserWithSession(suite.db, 'admin', `reset-admin-${++admins}-${Date.now()}@example.com`);

  it('sets the password once, ends every session of the user and signs them in', async () => {
    const { db } = suite;
    const clock = testClock();
    const app = await consoleApp(db, { clock });
    const admin = await anAdmin();
    const user = await userWithPassword(db, 'operator');
    const before = sessionCookieOf(await signIn(app, user.email));

    const issued = await issue(app, admin, user.id);
    expect(issued.statusCode).toBe(201);
    expect(issued.json().user).toMatchObject({ id: user.id, email: user.email });
    expect(issued.json().reset_expires_at).toBe(new Date(clock.at + HOUR).toISOString());
    const token = tokenOf(issued.json().reset_url);
    const { rows } = await db.query<{ token_sha256: string }>(
      'select token_sha256 from console_password_resets where user_id = $1',
      [user.id],
    );
    expect(rows).toEqual([{ token_sha256: tokenDigest(token) }]);
    const link = `${PASSWORD_RESETS_PATH}/${token}`;

    expect((await call(app, { method: 'GET', url: link })).json()).toEqual({ email: user.email });
    const common = await call(app, { method: 'POST', url: link, body: { password: 'qwerty123456' } });
    expect(common.statusCode).toBe(400);
    expect(common.json().message).toBe('The password is one of the most common passwords: choose another');

    const set = await call(app, { method: 'POST', url: link, body: { password: NEW_PASSWORD } });
    expect(set.statusCode).toBe(204);
    const session = await call(app, { method: 'GET', url: SESSION_PATH, cookie: sessionCookieOf(set) });
    expect(session.json().user).toEqual({ id: user.id, email: user.email, role: 'operator' });
    expect((await call(app, { method: 'GET', url: SESSION_PATH, cookie: before })).statusCode).toBe(401);
    expect((await signIn(app, user.email, PASSWORD)).statusCode).toBe(401);
    expect((await signIn(app, user.email, NEW_PASSWORD)).statusCode).toBe(200);

    const used = await call(app, { method: 'GET', url: link });
    expect(used.statusCode).toBe(404);
    expect(used.json().message).toMatch(/used already.*Ask an admin for a new one/);
    expect(
      (await call(app, { method: 'POST', url: link, body: { password: 'yet another passphrase' } })).statusCode,
    ).toBe(404);
    expect((await auditActions(db)).filter((entry) => entry.target?.startsWith(user.email))).toEqual([
      { actor: admin.email, action: 'password-reset-issued', target: user.email },
      { actor: user.email, action: 'password-set', target: `${user.email} by a reset link` },
    ]);
  });

  it('expires after an hour, and a new link voids the one before', async () => {
    const { db } = suite;
    const clock = testClock();
    const app = await consoleApp(db, { clock });
    const admin = await anAdmin();
    const user = await userWithPassword(db, 'marketer');

    const first = `${PASSWORD_RESETS_PATH}/${tokenOf((await issue(app, admin, user.id)).json().reset_url)}`;
    const second = `${PASSWORD_RESETS_PATH}/${tokenOf((await issue(app, admin, user.id)).json().reset_url)}`;
    expect((await call(app, { method: 'GET', url: first })).statusCode).toBe(404);
    clock.advance(HOUR - 1000);
    expect((await call(app, { method: 'GET', url: second })).statusCode).toBe(200);
    clock.advance(1000);
    const late = await call(app, { method: 'POST', url: second, body: { password: NEW_PASSWORD } });
    expect(late.statusCode).toBe(404);
    expect(late.json().message).toMatch(/older than an hour/);
    expect((await call(app, { method: 'GET', url: `${PASSWORD_RESETS_PATH}/${'B'.repeat(43)}` })).statusCode).toBe(404);
  });

  it('asks a user with a second factor for its code after the link, as after a sign-in', async () => {
    const { db } = suite;
    const app = await consoleApp(db);
    const admin = await anAdmin();
    const user = await userWithPassword(db, 'operator');
    await db.query("update console_users set second_factor_secret = 'JBSWY3DPEHPK3PXP' where id = $1", [user.id]);

    const link = `${PASSWORD_RESETS_PATH}/${tokenOf((await issue(app, admin, user.id)).json().reset_url)}`;
    const set = await call(app, { method: 'POST', url: link, body: { password: NEW_PASSWORD } });
    expect(set.statusCode).toBe(204);
    const session = await call(app, { method: 'GET', url: SESSION_PATH, cookie: sessionCookieOf(set) });
    expect(session.json().second_factor.pending).toBe('code');
    const users = await call(app, { method: 'GET', url: USERS_PATH, cookie: sessionCookieOf(set) });
    expect(users.statusCode).toBe(403);
  });

  it('gives no link to a user without a password yet, nor to a disabled one', async () => {
    const { db } = suite;
    const app = await consoleApp(db);
    const admin = await anAdmin();
    const invited = await consoleUserWithSession(db, 'operator', `invited-${Date.now()}@example.com`);
    const noPassword = await issue(app, admin, invited.id);
    expect(noPassword.statusCode).toBe(409);
    expect(noPassword.json().message).toMatch(/has not set a password yet: invite them again/);

    const disabled = await userWithPassword(db, 'operator');
    await db.query('update console_users set disabled_at = now() where id = $1', [disabled.id]);
    expect((await issue(app, admin, disabled.id)).statusCode).toBe(409);
  });
});
