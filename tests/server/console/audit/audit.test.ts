/**
 * The audit log as admins read it, on PGlite and (with DATABASE_URL) PostgreSQL: who did what, when and from where,
 * newest first, 100 entries a page.
 */
import { describe, expect, it } from 'vitest';
import { AUDIT_PATH } from '../../../../contracts/console.ts';
import { call, consoleApp, sessionCookieOf, signIn, userWithPassword } from '../../../support/console-app.ts';
import { consoleDatabaseForSuite } from '../../../support/console-database.ts';
import { DATABASES } from '../../../support/server-harness.ts';

describe.each(DATABASES)('the console audit log on $name', { timeout: 20_000 }, (kind) => {
  const suite = consoleDatabaseForSuite(kind);

  it('lists sign-ins and failed sign-ins with time and address, newest first', async () => {
    const app = await consoleApp(suite.db);
    const admin = await userWithPassword(suite.db, 'admin');
    await signIn(app, 'Someone.Else@Example.com', 'a wrong password here', { remoteAddress: '198.51.100.23' });
    const cookie = sessionCookieOf(await signIn(app, admin.email, undefined, { remoteAddress: '198.51.100.24' }));

    const response = await call(app, { method: 'GET', url: AUDIT_PATH, cookie });
    expect(response.statusCode).toBe(200);
    const { entries, next_cursor } = response.json();
    expect(next_cursor).toBeNull();
    expect(entries.slice(0, 2)).toEqual([
      {
        id: expect.any(Number),
        at: expect.any(String),
        actor: admin.email,
        action: 'sign-in',
        target: null,
        ip: '198.51.100.24',
      },
      {
        id: expect.any(Number),
        at: expect.any(String),
        actor: 'someone.else@example.com',
        action: 'sign-in-failed',
        target: null,
        ip: '198.51.100.23',
      },
    ]);
    expect(Date.now() - Date.parse(entries[0].at)).toBeLessThan(60_000);
  });

  it('pages 100 entries at a time by cursor, and names a bad cursor', async () => {
    const app = await consoleApp(suite.db);
    const admin = await userWithPassword(suite.db, 'admin');
    const cookie = sessionCookieOf(await signIn(app, admin.email));
    await suite.db.query(
      `insert into console_audit (actor, action, target, ip)
       select 'operator@example.com', 'export', 'page ' || n, '192.0.2.1' from generate_series(1, 150) as n`,
    );
    const { rows } = await suite.db.query<{ n: number }>('select count(*)::int as n from console_audit');
    const total = rows[0]!.n;

    const first = (await call(app, { method: 'GET', url: AUDIT_PATH, cookie })).json();
    expect(first.entries).toHaveLength(100);
    expect(first.entries[0].target).toBe('page 150');
    const ids: number[] = first.entries.map((entry: { id: number }) => entry.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));

    const rest = (await call(app, { method: 'GET', url: `${AUDIT_PATH}?cursor=${first.next_cursor}`, cookie })).json();
    expect(rest.entries[0].target).toBe('page 50');
    expect(first.entries.length + rest.entries.length).toBe(total);
    expect(rest.next_cursor).toBeNull();

    const bad = await call(app, { method: 'GET', url: `${AUDIT_PATH}?cursor=yesterday`, cookie });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^The audit query has 1 invalid field: cursor/);
  });
});
