/**
 * Admins manage the console's users, on PGlite and (with DATABASE_URL) PostgreSQL: invite with a one-time link
 * (72 hours), change a role, disable (ending the user's sessions at once) and enable; never themself or the last
 * admin. Each change is in the audit log.
 */
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { INVITATIONS_PATH, SESSION_PATH, USERS_PATH } from '../../../../contracts/console.ts';
import type { Database } from '../../../../server/platform/db/types.ts';
import {
  auditActions,
  call,
  consoleApp,
  sessionCookieOf,
  signIn,
  testClock,
  userWithPassword,
} from '../../../support/console-app.ts';
import { consoleDatabaseForSuite } from '../../../support/console-database.ts';
import { DATABASES } from '../../../support/server-harness.ts';

const HOUR = 3_600_000;

async function signedInAs(app: FastifyInstance, db: Database, role: 'admin' | 'operator' | 'marketer') {
  const user = await userWithPassword(db, role);
  return { ...user, cookie: sessionCookieOf(await signIn(app, user.email)) };
}

function tokenOf(inviteUrl: string): string {
  const match = /^http:\/\/localhost(?::80)?\/admin\/invite\/([A-Za-z0-9_-]{43})$/.exec(inviteUrl);
  if (match === null) throw new Error(`not an invitation link: ${inviteUrl}`);
  return match[1]!;
}

describe.each(DATABASES)('console users on $name', { timeout: 20_000 }, (kind) => {
  const suite = consoleDatabaseForSuite(kind);

  it('invites a user with a link that sets the password once and signs them in', async () => {
    const { db } = suite;
    const clock = testClock();
    const app = await consoleApp(db, { clock });
    const admin = await signedInAs(app, db, 'admin');
    const email = `new.person-${admin.id.slice(0, 8)}@example.com`;

    const invited = await call(app, {
      method: 'POST',
      url: USERS_PATH,
      cookie: admin.cookie,
      body: { email: `  ${email.toUpperCase()} `, role: 'operator' },
    });
    expect(invited.statusCode).toBe(201);
    const answer = invited.json();
    expect(answer.user).toMatchObject({ email, role: 'operator', status: 'invited', last_sign_in_at: null });
    expect(answer.invite_expires_at).toBe(new Date(clock.at + 72 * HOUR).toISOString());
    const link = `${INVITATIONS_PATH}/${tokenOf(answer.invite_url)}`;

    expect((await call(app, { method: 'GET', url: link })).json()).toEqual({ email });
    const short = await call(app, { method: 'POST', url: link, body: { password: 'too short' } });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toMatch(/^The password must be at least 12 characters/);
    const withName = await call(app, { method: 'POST', url: link, body: { password: `my ${email} rocks` } });
    expect(withName.statusCode).toBe(400);
    expect(withName.json().message).toBe('The password must not contain the email address or its name part');

    const set = await call(app, { method: 'POST', url: link, body: { password: 'a long and fine password' } });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ user: { id: answer.user.id, email, role: 'operator' } });
    const session = await call(app, { method: 'GET', url: SESSION_PATH, cookie: sessionCookieOf(set) });
    expect(session.statusCode).toBe(200);

    expect((await call(app, { method: 'GET', url: link })).statusCode).toBe(404);
    const again = await call(app, { method: 'POST', url: link, body: { password: 'another fine password' } });
    expect(again.statusCode).toBe(404);
    expect((await signIn(app, email, 'a long and fine password')).statusCode).toBe(200);

    const listed = await call(app, { method: 'GET', url: USERS_PATH, cookie: admin.cookie });
    expect(listed.json().users).toContainEqual(expect.objectContaining({ email, status: 'active' }));
    expect(await auditActions(db)).toEqual(
      expect.arrayContaining([
        { actor: admin.email, action: 'user-invited', target: `${email} as operator` },
        { actor: email, action: 'password-set', target: email },
      ]),
    );
  });

  it('lets an invitation link expire after 72 hours', async () => {
    const { db } = suite;
    const clock = testClock();
    const app = await consoleApp(db, { clock });
    const admin = await signedInAs(app, db, 'admin');
    const invited = await call(app, {
      method: 'POST',
      url: USERS_PATH,
      cookie: admin.cookie,
      body: { email: `late-${admin.id.slice(0, 8)}@example.com`, role: 'marketer' },
    });
    const link = `${INVITATIONS_PATH}/${tokenOf(invited.json().invite_url)}`;
    clock.advance(72 * HOUR - 1000);
    expect((await call(app, { method: 'GET', url: link })).statusCode).toBe(200);
    clock.advance(1000);
    expect((await call(app, { method: 'GET', url: link })).statusCode).toBe(404);
    const set = await call(app, { method: 'POST', url: link, body: { password: 'a long and fine password' } });
    expect(set.statusCode).toBe(404);
    expect(set.json().message).toMatch(/older than 72 hours/);
  });

  it('invites again someone who has not set a password: a new link, and the old one ends', async () => {
    const { db } = suite;
    const app = await consoleApp(db);
    const admin = await signedInAs(app, db, 'admin');
    const email = `twice-${admin.id.slice(0, 8)}@example.com`;
    const invite = (role: string) =>
      call(app, { method: 'POST', url: USERS_PATH, cookie: admin.cookie, body: { email, role } });

    const first = await invite('marketer');
    const second = await invite('operator');
    expect(second.statusCode).toBe(201);
    expect(second.json().user).toMatchObject({ id: first.json().user.id, role: 'operator', status: 'invited' });
    const oldLink = `${INVITATIONS_PATH}/${tokenOf(first.json().invite_url)}`;
    expect((await call(app, { method: 'GET', url: oldLink })).statusCode).toBe(404);
    const newLink = `${INVITATIONS_PATH}/${tokenOf(second.json().invite_url)}`;
    expect((await call(app, { method: 'GET', url: newLink })).json()).toEqual({ email });
  });

  it('refuses an invitation of an email that has a user, or of no email at all', async () => {
    const { db } = suite;
    const app = await consoleApp(db);
    const admin = await signedInAs(app, db, 'admin');
    const invite = (body: unknown) => call(app, { method: 'POST', url: USERS_PATH, cookie: admin.cookie, body });

    const taken = await invite({ email: admin.email.toUpperCase(), role: 'marketer' });
    expect(taken.statusCode).toBe(409);
    const notEmail = await invite({ email: 'not an email', role: 'marketer' });
    expect(notEmail.statusCode).toBe(400);
    expect(notEmail.json().message).toBe(
      'The invitation has 1 invalid field: email (email must be an email address like ana@example.com)',
    );
    const noRole = await invite({ email: 'someone@example.com', role: 'owner' });
    expect(noRole.statusCode).toBe(400);
    expect(noRole.json().message).toBe(
      'The invitation has 1 invalid field: role (role must be one of: admin, operator, marketer)',
    );
  });

  it("changes a user's role, which their session follows at once", async () => {
    const { db } = suite;
    const app = await consoleApp(db);
    const admin = await signedInAs(app, db, 'admin');
    const operator = await signedInAs(app, db, 'operator');
    expect((await call(app, { method: 'GET', url: USERS_PATH, cookie: operator.cookie })).statusCode).toBe(403);

    const changed = await call(app, {
      method: 'PATCH',
      url: `${USERS_PATH}/${operator.id}`,
      cookie: admin.cookie,
      body: { role: 'admin' },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().user).toMatchObject({ id: operator.id, role: 'admin', status: 'active' });
    expect((await call(app, { method: 'GET', url: USERS_PATH, cookie: operator.cookie })).statusCode).toBe(200);
    const detail = await call(app, { method: 'GET', url: `${USERS_PATH}/${operator.id}`, cookie: admin.cookie });
    expect(detail.json().user).toMatchObject({ email: operator.email, role: 'admin' });
    expect(await auditActions(db)).toContainEqual({
      actor: admin.email,
      action: 'user-updated',
      target: `${operator.email} as admin`,
    });
  });

  it('disabling a user ends their sessions at once and refuses their sign-in; enabling lets them back', async () => {
    const { db } = suite;
    const app = await consoleApp(db);
    const admin = await signedInAs(app, db, 'admin');
    const operator = await signedInAs(app, db, 'operator');
    const status = (value: string) =>
      call(app, {
        method: 'POST',
        url: `${USERS_PATH}/${operator.id}/status`,
        cookie: admin.cookie,
        body: { status: value },
      });

    const disabled = await status('disabled');
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json().user.status).toBe('disabled');
    expect((await call(app, { method: 'GET', url: SESSION_PATH, cookie: operator.cookie })).statusCode).toBe(401);
    const { rows } = await db.query('select 1 from console_sessions where user_id = $1', [operator.id]);
    expect(rows).toEqual([]);
    expect((await signIn(app, operator.email)).statusCode).toBe(401);

    expect((await status('active')).json().user.status).toBe('active');
    expect((await signIn(app, operator.email)).statusCode).toBe(200);
    expect((await auditActions(db)).filter((entry) => entry.target === operator.email)).toEqual([
      { actor: admin.email, action: 'user-disabled', target: operator.email },
      { actor: admin.email, action: 'user-enabled', target: operator.email },
    ]);
  });

  it('keeps an admin: none disables or demotes themself, and two admins disabling each other leave one', async () => {
    const { db } = suite;
    await db.query(`update console_users set disabled_at = now() where role = 'admin'`);
    const app = await consoleApp(db);
    const first = await signedInAs(app, db, 'admin');
    const second = await signedInAs(app, db, 'admin');

    const self = await call(app, {
      method: 'POST',
      url: `${USERS_PATH}/${first.id}/status`,
      cookie: first.cookie,
      body: { status: 'disabled' },
    });
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe('You cannot disable your own account');
    const demote = await call(app, {
      method: 'PATCH',
      url: `${USERS_PATH}/${first.id}`,
      cookie: first.cookie,
      body: { role: 'operator' },
    });
    expect(demote.statusCode).toBe(409);

    const disable = (actor: typeof first, target: typeof first) =>
      call(app, {
        method: 'POST',
        url: `${USERS_PATH}/${target.id}/status`,
        cookie: actor.cookie,
        body: { status: 'disabled' },
      });
    const answers = await Promise.all([disable(first, second), disable(second, first)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, expect.toBeOneOf([401, 409])]);
    const { rows } = await db.query(
      `select id from console_users where role = 'admin' and disabled_at is null and password_hash is not null`,
    );
    expect(rows).toHaveLength(1);
  });

  it('answers 404 for a user that does not exist', async () => {
    const app = await consoleApp(suite.db);
    const admin = await signedInAs(app, suite.db, 'admin');
    for (const id of ['5b0c1d9e-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const response = await call(app, { method: 'GET', url: `${USERS_PATH}/${id}`, cookie: admin.cookie });
      expect(response.statusCode, id).toBe(404);
    }
  });
});
