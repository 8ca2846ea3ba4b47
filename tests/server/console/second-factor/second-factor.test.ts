/**
 * The console's second factor, on PGlite and (with DATABASE_URL) PostgreSQL: setting one up, signing in with its code
 * or a recovery code, each code accepted once, five wrong codes ending the sign-in, admins made to set one up where
 * CONSOLE_MFA is required, an admin's reset for a lost device, and removing one's own.
 */
import { describe, expect, it } from 'vitest';
import {
  INVITATIONS_PATH,
  LEADS_PATH,
  SESSION_PATH,
  USERS_PATH,
  type UsersResponse,
} from '../../../../contracts/console.ts';
import {
  CODE_REQUIRED,
  SECOND_FACTOR_CONFIRM_PATH,
  SECOND_FACTOR_REMOVAL_PATH,
  SECOND_FACTOR_SETUP_PATH,
  secondFactorResetPath,
  SET_UP_REQUIRED,
} from '../../../../contracts/console-second-factor.ts';
import { codeAt } from '../../../../server/console/second-factor/totp.ts';
import { auditActions, call, sessionCookieOf, signIn, userWithPassword } from '../../../support/console-app.ts';
import { consoleDatabaseForSuite } from '../../../support/console-database.ts';
import { DATABASES } from '../../../support/server-harness.ts';
import { halfSignedIn, secondFactorApp, sendCode, STEP_MS, userWithSecondFactor } from './second-factor-support.ts';

describe.each(DATABASES)('the console second factor on $name', { timeout: 30_000 }, (kind) => {
  const suite = consoleDatabaseForSuite(kind);

  it('sets one up: a secret as a URI, a QR code and text, active once a code confirms it, with ten recovery codes', async () => {
    const { db } = suite;
    const { app, clock } = await secondFactorApp(db);
    const user = await userWithPassword(db, 'operator');
    const cookie = sessionCookieOf(await signIn(app, user.email));

    const setUp = await call(app, { method: 'POST', url: SECOND_FACTOR_SETUP_PATH, cookie });
    expect(setUp.statusCode).toBe(200);
    const { uri, qr_code, secret } = setUp.json<{ uri: string; qr_code: string; secret: string }>();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const parsed = new URL(uri);
    expect(parsed.protocol).toBe('otpauth:');
    expect(parsed.host).toBe('totp');
    expect(decodeURIComponent(parsed.pathname)).toBe(`/Fundflow:${user.email}`);
    expect(Object.fromEntries(parsed.searchParams)).toMatchObject({
      issuer: 'Fundflow',
      secret,
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
    expect(qr_code).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(qr_code.split(',')[1]!, 'base64').toString()).toContain('<svg');

    // Not active until confirmed: the session says so, and the next sign-in needs no code.
    const before = await call(app, { method: 'GET', url: SESSION_PATH, cookie });
    expect(before.json().second_factor).toMatchObject({ enabled: false, pending: null });

    const wrong = await call(app, {
      method: 'POST',
      url: SECOND_FACTOR_CONFIRM_PATH,
      cookie,
      body: { code: '000000' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields).toEqual([expect.objectContaining({ field: 'code' })]);

    const confirmed = await call(app, {
      method: 'POST',
      url: SECOND_FACTOR_CONFIRM_PATH,
      cookie,
      body: { code: codeAt(secret, clock.at) },
    });
    expect(confirmed.statusCode).toBe(200);
    const codes = confirmed.json<{ recovery_codes: string[] }>().recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-7]{4}-[a-z2-7]{4}-[a-z2-7]{4}$/);

    // Stored hashed: no code is in the database as it was shown.
    const { rows } = await db.query<{ code_sha256: string }>(
      'select code_sha256 from console_recovery_codes where user_id = $1',
      [user.id],
    );
    expect(rows).toHaveLength(10);
    for (const code of codes) expect(JSON.stringify(rows)).not.toContain(code.replaceAll('-', ''));

    const after = await call(app, { method: 'GET', url: SESSION_PATH, cookie });
    expect(after.json().second_factor).toEqual({
      pending: null,
      enabled: true,
      required: false,
      recovery_codes_left: 10,
    });
    expect(await auditActions(db)).toContainEqual({
      actor: user.email,
      action: 'second-factor-set-up',
      target: user.email,
    });
  });

  it('setting up again gives new recovery codes in place of the old; the old secret holds until the new is confirmed', async () => {
    const { db } = suite;
    const { app, clock } = await secondFactorApp(db);
    const user = await userWithSecondFactor(app, db, clock, 'marketer');

    const again = await call(app, { method: 'POST', url: SECOND_FACTOR_SETUP_PATH, cookie: user.cookie });
    const { secret } = again.json<{ secret: string }>();
    // Not confirmed yet: the old secret still signs in.
    const first = await halfSignedIn(app, user.email);
    expect((await sendCode(app, first, codeAt(user.secret, clock.at))).statusCode).toBe(200);

    clock.advance(STEP_MS);
    const confirmed = await call(app, {
      method: 'POST',
      url: SECOND_FACTOR_CONFIRM_PATH,
      cookie: user.cookie,
      body: { code: codeAt(secret, clock.at) },
    });
    const codes = confirmed.json<{ recovery_codes: string[] }>().recovery_codes;
    expect(codes.filter((code) => user.recoveryCodes.includes(code))).toEqual([]);

    clock.advance(STEP_MS);
    const second = await halfSignedIn(app, user.email);
    expect((await sendCode(app, second, user.recoveryCodes[0]!)).statusCode).toBe(401);
    expect((await sendCode(app, second, codeAt(user.secret, clock.at))).statusCode).toBe(401);
    expect((await sendCode(app, second, codeAt(secret, clock.at))).statusCode).toBe(200);
  });

  it('signs in with the code: until then the session can do nothing else, then it has a new token', async () => {
    const { db } = suite;
    const { app, clock } = await secondFactorApp(db);
    const user = await userWithSecondFactor(app, db, clock, 'operator');

    const password = await signIn(app, user.email);
    expect(password.json()).toEqual({
      user: { id: user.id, email: user.email, role: 'operator' },
      second_factor: { pending: 'code', enabled: true, required: false, recovery_codes_left: 10 },
    });
    const half = sessionCookieOf(password);
    const leads = await call(app, { method: 'GET', url: LEADS_PATH, cookie: half });
    expect(leads.statusCode).toBe(403);
    expect(leads.json().error).toBe(CODE_REQUIRED);
    expect(leads.json().message).toMatch(/authentication code/);
    expect((await call(app, { method: 'POST', url: SECOND_FACTOR_SETUP_PATH, cookie: half })).statusCode).toBe(403);
    const asked = await call(app, { method: 'GET', url: SESSION_PATH, cookie: half });
    expect(asked.json().second_factor.pending).toBe('code');

    const done = await sendCode(app, half, ` ${codeAt(user.secret, clock.at)} `);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ second_factor: { pending: null }, used_recovery_code: false });
    const full = sessionCookieOf(done);
    expect(full).not.toBe(half);
    expect((await call(app, { method: 'GET', url: LEADS_PATH, cookie: full })).statusCode).toBe(200);
    // The half-open session's token signs no one in any more.
    expect((await call(app, { method: 'GET', url: SESSION_PATH, cookie: half })).statusCode).toBe(401);
    expect((await auditActions(db)).filter((entry) => entry.actor === user.email).map((entry) => entry.action)).toEqual(
      ['sign-in', 'second-factor-set-up', 'sign-in'],
    );
  });

  it('takes a code once: the same code, or one of an earlier step, is refused on the next sign-in', async () => {
    const { db } = suite;
    const { app, clock } = await secondFactorApp(db);
    const user = await userWithSecondFactor(app, db, clock, 'operator');
    const code = codeAt(user.secret, clock.at);
    expect((await sendCode(app, await halfSignedIn(app, user.email), code)).statusCode).toBe(200);

    const next = await halfSignedIn(app, user.email);
    const replayed = await sendCode(app, next, code);
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json().error).toBe('code_wrong');
    // The code before it is still within the window, but older than the one taken.
    expect((await sendCode(app, next, codeAt(user.secret, clock.at - STEP_MS))).statusCode).toBe(401);
    clock.advance(STEP_MS);
    expect((await sendCode(app, next, codeAt(user.secret, clock.at))).statusCode).toBe(200);
  });

  it('takes a code sent by two sign-ins at once only once', async () => {
    const { db } = suite;
    const { app, clock } = await secondFactorApp(db);
    const user = await userWithSecondFactor(app, db, clock, 'operator');
    const sessions = [await halfSignedIn(app, user.email), await halfSignedIn(app, user.email)];
    const code = codeAt(user.secret, clock.at);
    const answers = await Promise.all(sessions.map((cookie) => sendCode(app, cookie, code)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 401]);
  });

  it('signs in with a recovery code once, and says how many are left', async () => {
    const { db } = suite;
    const { app, clock } = await secondFactorApp(db);
    const user = await userWithSecondFactor(app, db, clock, 'operator');
    const [code] = user.recoveryCodes;

    const done = await sendCode(app, await halfSignedIn(app, user.email), code!.toUpperCase().replaceAll('-', ' '));
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ used_recovery_code: true, second_factor: { recovery_codes_left: 9 } });
    expect(await auditActions(db)).toContainEqual({ actor: user.email, action: 'recovery-code-used', target: null });

    const again = await sendCode(app, await halfSignedIn(app, user.email), code!);
    expect(again.statusCode).toBe(401);
    // Two recovery codes at once on two sign-ins: each is used once.
    const [a, b] = [await halfSignedIn(app, user.email), await halfSignedIn(app, user.email)];
    const both = await Promise.all([
      sendCode(app, a, user.recoveryCodes[1]!),
      sendCode(app, b, user.recoveryCodes[1]!),
    ]);
    expect(both.map((answer) => answer.statusCode).sort()).toEqual([200, 401]);
  });

  it('ends the sign-in after five wrong codes: the password must be given again', async () => {
    const { db } = suite;
    const { app, clock } = await secondFactorApp(db);
    const user = await userWithSecondFactor(app, db, clock, 'operator');
    const half = await halfSignedIn(app, user.email);
    for (let n = 1; n <= 4; n += 1) {
      const wrong = await sendCode(app, half, '000000');
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json().error).toBe('code_wrong');
    }
    const fifth = await sendCode(app, half, '000000');
    expect(fifth.statusCode).toBe(401);
    expect(fifth.json()).toEqual({
      error: 'code_attempts_spent',
      message: '5 wrong codes: sign in again with your password',
    });
    expect(fifth.headers['set-cookie']).toMatch(/Max-Age=0/);
    // Gone: even the right code does nothing now.
    expect((await sendCode(app, half, codeAt(user.secret, clock.at))).statusCode).toBe(401);
    expect((await call(app, { method: 'GET', url: SESSION_PATH, cookie: half })).statusCode).toBe(401);
    const failed = (await auditActions(db)).filter(
      (entry) => entry.actor === user.email && entry.action === 'second-factor-failed',
    );
    expect(failed).toHaveLength(5);
    expect(failed[0]).toEqual({ actor: user.email, action: 'second-factor-failed', target: null });
  });

  it('counts each code as a sign-in attempt, so the lockout bounds the guesses over every sign-in', async () => {
    const { db } = suite;
    const { app, clock } = await secondFactorApp(db);
    const user = await userWithSecondFactor(app, db, clock, 'operator');
    // The password (1) and five wrong codes (6); again the password (7) and three wrong codes (10).
    const first = await halfSignedIn(app, user.email);
    for (let n = 0; n < 5; n += 1) await sendCode(app, first, '000000');
    const second = await halfSignedIn(app, user.email);
    for (let n = 0; n < 3; n += 1) expect((await sendCode(app, second, '000000')).json().error).toBe('code_wrong');
    const locked = await sendCode(app, second, codeAt(user.secret, clock.at));
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error).toBe('sign_in_locked');
    expect((await signIn(app, user.email)).statusCode).toBe(429);
  });

  it('gives a sign-in ten minutes for its code', async () => {
    const { db } = suite;
    const { app, clock } = await secondFactorApp(db);
    const user = await userWithSecondFactor(app, db, clock, 'operator');
    const half = await halfSignedIn(app, user.email);
    clock.advance(10 * 60_000);
    expect((await sendCode(app, half, codeAt(user.secret, clock.at))).statusCode).toBe(401);
  });

  it('where required, takes an admin without one to set it up, and lets the session do nothing else', async () => {
    const { db } = suite;
    const { app, clock } = await secondFactorApp(db, 'required');
    const admin = await userWithPassword(db, 'admin');
    const signedIn = await signIn(app, admin.email);
    expect(signedIn.json().second_factor).toEqual({
      pending: 'set-up',
      enabled: false,
      required: true,
      recovery_codes_left: 0,
    });
    const cookie = sessionCookieOf(signedIn);
    for (const url of [USERS_PATH, LEADS_PATH]) {
      const refused = await call(app, { method: 'GET', url, cookie });
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json()).toEqual({
        error: SET_UP_REQUIRED,
        message: 'Set up a second factor first: admins sign in with a code from an authenticator app',
      });
    }
    const setUp = await call(app, { method: 'POST', url: SECOND_FACTOR_SETUP_PATH, cookie });
    const { secret } = setUp.json<{ secret: string }>();
    const confirmed = await call(app, {
      method: 'POST',
      url: SECOND_FACTOR_CONFIRM_PATH,
      cookie,
      body: { code: codeAt(secret, clock.at) },
    });
    expect(confirmed.statusCode).toBe(200);
    expect((await call(app, { method: 'GET', url: USERS_PATH, cookie })).statusCode).toBe(200);
    expect((await call(app, { method: 'GET', url: SESSION_PATH, cookie })).json().second_factor.pending).toBe(null);
    // Signing out works before the set-up too.
    const other = sessionCookieOf(await signIn(app, (await userWithPassword(db, 'admin')).email));
    expect((await call(app, { method: 'DELETE', url: SESSION_PATH, cookie: other })).statusCode).toBe(204);
  });

  it('where required, takes an invited admin from setting the password to setting up a second factor', async () => {
    const { db } = suite;
    const { app, clock } = await secondFactorApp(db, 'required');
    const admin = await userWithSecondFactor(app, db, clock, 'admin');
    const cookie = sessionCookieOf(
      await sendCode(app, await halfSignedIn(app, admin.email), codeAt(admin.secret, clock.at)),
    );
    const email = `invited-admin-${admin.id.slice(0, 8)}@example.com`;
    const invited = await call(app, { method: 'POST', url: USERS_PATH, cookie, body: { email, role: 'admin' } });
    const link = new URL(invited.json<{ invite_url: string }>().invite_url).pathname;
    const token = link.slice(link.lastIndexOf('/') + 1);
    const set = await call(app, {
      method: 'POST',
      url: `${INVITATIONS_PATH}/${token}`,
      body: { password: 'a long and fine passphrase' },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().second_factor).toEqual({
      pending: 'set-up',
      enabled: false,
      required: true,
      recovery_codes_left: 0,
    });
    const users = await call(app, { method: 'GET', url: USERS_PATH, cookie: sessionCookieOf(set) });
    expect(users.json().error).toBe(SET_UP_REQUIRED);
  });

  it('never forces anyone else where required, and no one where optional', async () => {
    const { db } = suite;
    const required = await secondFactorApp(db, 'required');
    for (const role of ['operator', 'marketer'] as const) {
      const signedIn = await signIn(required.app, (await userWithPassword(db, role)).email);
      expect(signedIn.json().second_factor, role).toMatchObject({ pending: null, required: false });
    }
    const optional = await secondFactorApp(db, 'optional');
    const admin = await signIn(optional.app, (await userWithPassword(db, 'admin')).email);
    expect(admin.json().second_factor).toMatchObject({ pending: null, required: false });
    const users = await call(optional.app, { method: 'GET', url: USERS_PATH, cookie: sessionCookieOf(admin) });
    expect(users.statusCode).toBe(200);
  });

  it("an admin resets another user's second factor: their sessions end, and they set one up again", async () => {
    const { db } = suite;
    const { app, clock } = await secondFactorApp(db, 'required');
    const admin = await userWithSecondFactor(app, db, clock, 'admin');
    const lost = await userWithSecondFactor(app, db, clock, 'admin');
    const adminCookie = sessionCookieOf(
      await sendCode(app, await halfSignedIn(app, admin.email), codeAt(admin.secret, clock.at)),
    );

    const listed = await call(app, { method: 'GET', url: USERS_PATH, cookie: adminCookie });
    const entry = (id: string) => listed.json<UsersResponse>().users.find((user) => user.id === id);
    expect(entry(lost.id)?.second_factor).toBe(true);

    const reset = await call(app, { method: 'POST', url: secondFactorResetPath(lost.id), cookie: adminCookie });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().user).toMatchObject({ id: lost.id, second_factor: false });
    expect((await call(app, { method: 'GET', url: SESSION_PATH, cookie: lost.cookie })).statusCode).toBe(401);
    expect(await auditActions(db)).toContainEqual({
      actor: admin.email,
      action: 'second-factor-reset',
      target: lost.email,
    });
    // Back with the password alone, to set one up again.
    const again = await signIn(app, lost.email);
    expect(again.json().second_factor).toMatchObject({ pending: 'set-up', enabled: false });

    const own = await call(app, { method: 'POST', url: secondFactorResetPath(admin.id), cookie: adminCookie });
    expect(own.statusCode).toBe(409);
    const none = await call(app, {
      method: 'POST',
      url: secondFactorResetPath('5b0c1d9e-0000-4000-8000-000000000000'),
      cookie: adminCookie,
    });
    expect(none.statusCode).toBe(404);
  });

  it('lets a user remove their own second factor with a current code, where it is not required of them', async () => {
    const { db } = suite;
    const { app, clock } = await secondFactorApp(db, 'required');
    const operator = await userWithSecondFactor(app, db, clock, 'operator');
    const removal = (cookie: string, code: string) =>
      call(app, { method: 'POST', url: SECOND_FACTOR_REMOVAL_PATH, cookie, body: { code } });

    const wrong = await removal(operator.cookie, '000000');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields).toEqual([expect.objectContaining({ field: 'code' })]);
    expect((await removal(operator.cookie, codeAt(operator.secret, clock.at))).statusCode).toBe(204);
    expect((await signIn(app, operator.email)).json().second_factor).toMatchObject({ pending: null, enabled: false });
    expect(await auditActions(db)).toContainEqual({
      actor: operator.email,
      action: 'second-factor-removed',
      target: operator.email,
    });

    clock.advance(STEP_MS);
    const admin = await userWithSecondFactor(app, db, clock, 'admin');
    const refused = await removal(admin.cookie, codeAt(admin.secret, clock.at));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe('second_factor_required');
  });
});
