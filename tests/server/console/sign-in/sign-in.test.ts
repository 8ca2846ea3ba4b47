/**
 * Signing in to the console, on PGlite and (with DATABASE_URL) PostgreSQL: one answer for every wrong email or
 * password after the same password check, the session cookie's flags, signing out on the server.
 */
import { verify } from 'argon2';
import { describe, expect, it, vi } from 'vitest';
import { SESSION_PATH, SIGN_IN_FAILED } from '../../../../contracts/console.ts';
import {
  auditActions,
  call,
  consoleApp,
  PASSWORD,
  sessionCookieOf,
  setSessionCookie,
  signIn,
  userWithPassword,
} from '../../../support/console-app.ts';
import { consoleDatabaseForSuite } from '../../../support/console-database.ts';
import { DATABASES, TEST_XSRF_TOKEN } from '../../../support/server-harness.ts';

// The real argon2, watched: an unknown email must be checked like a known one.
vi.mock('argon2', async (importOriginal) => {
  const real = await importOriginal<typeof import('argon2')>();
  return { ...real, verify: vi.fn(real.verify) };
});

const FAILED = { error: 'sign_in_failed', message: SIGN_IN_FAILED };

describe.each(DATABASES)('console sign-in on $name', { timeout: 20_000 }, (kind) => {
  const suite = consoleDatabaseForSuite(kind);

  it('signs in with the right email and password: the user, a session cookie, an audit entry', async () => {
    const { db } = suite;
    const app = await consoleApp(db);
    const user = await userWithPassword(db, 'operator');

    const response = await signIn(app, `  ${user.email.toUpperCase()} `);
    expect(response.statusCode).toBe(200);
    const answer = {
      user: { id: user.id, email: user.email, role: 'operator' },
      second_factor: { pending: null, enabled: false, required: false, recovery_codes_left: 0 },
    };
    expect(response.json()).toEqual(answer);

    const session = await call(app, { method: 'GET', url: SESSION_PATH, cookie: sessionCookieOf(response) });
    expect(session.statusCode).toBe(200);
    expect(session.json()).toEqual(answer);
    const { rows } = await db.query<{ last_sign_in_at: Date | null }>(
      'select last_sign_in_at from console_users where id = $1',
      [user.id],
    );
    expect(rows[0]!.last_sign_in_at).toBeInstanceOf(Date);
    expect(await auditActions(db)).toContainEqual({ actor: user.email, action: 'sign-in', target: null });
  });

  it('answers a wrong password, an unknown email, a disabled or an invited user alike, after a password check each', async () => {
    const { db } = suite;
    const app = await consoleApp(db);
    const known = await userWithPassword(db, 'admin');
    const disabled = await userWithPassword(db, 'operator');
    await db.query('update console_users set disabled_at = now() where id = $1', [disabled.id]);
    const invited = `invited-${known.id.slice(0, 8)}@example.com`;
    await db.query(`insert into console_users (id, email, role) values (gen_random_uuid(), $1, 'marketer')`, [invited]);

    const attempts: [string, string][] = [
      [known.email, 'not the password at all'],
      [`nobody-${known.id.slice(0, 8)}@example.com`, PASSWORD],
      [disabled.email, PASSWORD],
      [invited, PASSWORD],
    ];
    for (const [email, password] of attempts) {
      vi.mocked(verify).mockClear();
      const response = await signIn(app, email, password);
      expect(response.statusCode, email).toBe(401);
      expect(response.json(), email).toEqual(FAILED);
      expect(setSessionCookie(response), email).toBeUndefined();
      expect(vi.mocked(verify), email).toHaveBeenCalledTimes(1);
    }
    const failed = (await auditActions(db)).filter((entry) => entry.action === 'sign-in-failed');
    expect(failed.map((entry) => entry.actor)).toEqual(expect.arrayContaining(attempts.map(([email]) => email)));
  });

  it('names the bad field of a sign-in', async () => {
    const app = await consoleApp(suite.db);
    const response = await call(app, { method: 'POST', url: SESSION_PATH, body: { email: 'a@example.com' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('The sign-in has 1 invalid field: password (password is required)');

    // The database's text holds neither a NUL nor half a surrogate pair: refused, not a server fault.
    for (const email of ['ops\u0000@example.com', 'ops\ud800@example.com']) {
      const unstorable = await call(app, { method: 'POST', url: SESSION_PATH, body: { email, password: PASSWORD } });
      expect(unstorable.statusCode, JSON.stringify(email)).toBe(400);
      expect(unstorable.json().message).toBe(
        'The sign-in has 1 invalid field: email (email must be text without control characters)',
      );
    }
  });

  it('sets the cookie HttpOnly, SameSite=Strict, for 7 days, and Secure even over plain HTTP', async () => {
    const app = await consoleApp(suite.db);
    const user = await userWithPassword(suite.db, 'marketer');
    const line = setSessionCookie(await signIn(app, user.email));
    expect(line).toMatch(/^fundflow_console=[A-Za-z0-9_-]{43};/);
    const flags = line!
      .split(';')
      .slice(1)
      .map((flag) => flag.trim());
    expect(flags).toEqual(
      expect.arrayContaining(['Path=/', 'HttpOnly', 'SameSite=Strict', 'Max-Age=604800', 'Secure']),
    );
  });

  it('sets the cookie without Secure only when PLAIN_HTTP says the server is reached over plain HTTP', async () => {
    const app = await consoleApp(suite.db, { env: { PLAIN_HTTP: 'true' } });
    const user = await userWithPassword(suite.db, 'marketer');
    const line = setSessionCookie(await signIn(app, user.email));
    expect(line?.split(';').map((flag) => flag.trim())).not.toContain('Secure');
  });

  it('names the cookie __Host- behind an HTTPS proxy that TRUST_PROXY names, and knows it only by that name', async () => {
    const app = await consoleApp(suite.db, { env: { TRUST_PROXY: '127.0.0.1' } });
    const user = await userWithPassword(suite.db, 'marketer');
    // Over https the page holds the XSRF cookie under its __Host- name too.
    const xsrf = `__Host-XSRF-TOKEN=${TEST_XSRF_TOKEN}`;
    const https = (cookie: string) => ({
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-proto': 'https', cookie },
    });
    const line = setSessionCookie(await signIn(app, user.email, PASSWORD, https(xsrf)));
    expect(line).toMatch(/^__Host-fundflow_console=[A-Za-z0-9_-]{43}; Path=\/;/);
    expect(line?.split(';').map((flag) => flag.trim())).toContain('Secure');
    const cookie = line!.split(';')[0]!;
    const session = (sent: string) => call(app, { method: 'GET', url: SESSION_PATH, ...https(`${xsrf}; ${sent}`) });
    expect((await session(cookie)).statusCode).toBe(200);
    // A cookie without the prefix may have been set by a sibling subdomain or a page on plain HTTP.
    expect((await session(cookie.replace('__Host-', ''))).statusCode).toBe(401);

    // The same header from an address the setting does not name is not believed.
    const stranger = { remoteAddress: '203.0.113.9', headers: { 'x-forwarded-proto': 'https' } };
    const plain = setSessionCookie(await signIn(app, user.email, PASSWORD, stranger));
    expect(plain).toMatch(/^fundflow_console=/);
  });

  it('ends the session a browser already held when someone signs in on it', async () => {
    const { db } = suite;
    const app = await consoleApp(db);
    const planted = sessionCookieOf(await signIn(app, (await userWithPassword(db, 'marketer')).email));
    const user = await userWithPassword(db, 'operator');
    const signedIn = await signIn(app, user.email, PASSWORD, { cookie: planted });
    expect(signedIn.statusCode).toBe(200);
    expect(sessionCookieOf(signedIn)).not.toBe(planted);
    expect((await call(app, { method: 'GET', url: SESSION_PATH, cookie: planted })).statusCode).toBe(401);
    const session = await call(app, { method: 'GET', url: SESSION_PATH, cookie: sessionCookieOf(signedIn) });
    expect(session.json().user.email).toBe(user.email);
  });

  it('signs out on the server: the old cookie answers 401 afterwards, and the cookie is cleared', async () => {
    const { db } = suite;
    const app = await consoleApp(db);
    const user = await userWithPassword(db, 'operator');
    const cookie = sessionCookieOf(await signIn(app, user.email));

    const out = await call(app, { method: 'DELETE', url: SESSION_PATH, cookie });
    expect(out.statusCode).toBe(204);
    expect(setSessionCookie(out)).toMatch(/^fundflow_console=;.*Max-Age=0/);
    const after = await call(app, { method: 'GET', url: SESSION_PATH, cookie });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ error: 'not_signed_in' });
    expect(await auditActions(db)).toContainEqual({ actor: user.email, action: 'sign-out', target: null });
  });
});

describe.each(DATABASES)('the signed-out answer on $name', (kind) => {
  const suite = consoleDatabaseForSuite(kind);

  it('says whether an admin exists, so the sign-in page can say how to make the first', async () => {
    const app = await consoleApp(suite.db);
    const before = await call(app, { method: 'GET', url: SESSION_PATH });
    expect(before.statusCode).toBe(401);
    expect(before.json()).toEqual({ error: 'not_signed_in', message: expect.any(String), admin_exists: false });

    await userWithPassword(suite.db, 'admin');
    const after = await call(app, { method: 'GET', url: SESSION_PATH });
    expect(after.json()).toMatchObject({ admin_exists: true });
  });
});
