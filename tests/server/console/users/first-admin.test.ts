/**
 * The console's first admin from ADMIN_EMAIL and ADMIN_PASSWORD, on PGlite and (with DATABASE_URL) PostgreSQL:
 * created once when no admin exists, by one of two servers starting at once; the settings refuse a weak password.
 */
import { describe, expect, it } from 'vitest';
import { ensureFirstAdmin } from '../../../../server/console/users/first-admin.ts';
import { consoleApp, signIn } from '../../../support/console-app.ts';
import { consoleDatabaseForSuite } from '../../../support/console-database.ts';
import { configProblems, DATABASES, testConfig } from '../../../support/server-harness.ts';

const GOOD = 'a first admin password';

describe.each(DATABASES)('the first admin on $name', { timeout: 20_000 }, (kind) => {
  const suite = consoleDatabaseForSuite(kind);

  it('is created once, by one of two servers starting at once, and signs in', async () => {
    const results = await Promise.all([
      ensureFirstAdmin(suite.db, 'First.Admin@Example.com', GOOD),
      ensureFirstAdmin(suite.db, 'First.Admin@Example.com', GOOD),
    ]);
    expect(results.filter((result) => result === 'created')).toHaveLength(1);
    expect(await ensureFirstAdmin(suite.db, 'another.admin@example.com', GOOD)).toBe('admin exists');

    const { rows } = await suite.db.query('select email, role from console_users');
    expect(rows).toEqual([{ email: 'first.admin@example.com', role: 'admin' }]);
    const app = await consoleApp(suite.db);
    expect((await signIn(app, 'first.admin@example.com', GOOD)).statusCode).toBe(200);
  });
});

describe('the ADMIN_EMAIL and ADMIN_PASSWORD settings', () => {
  it('takes both, the email normalised', () => {
    const config = testConfig({ ADMIN_EMAIL: ' Ops@Example.com ', ADMIN_PASSWORD: GOOD });
    expect(config.adminEmail).toBe('ops@example.com');
    expect(config.adminPassword).toBe(GOOD);
  });

  it('refuses a weak password, saying what to fix and not showing it', () => {
    const problems = configProblems({ ADMIN_EMAIL: 'ops@example.com', ADMIN_PASSWORD: 'hunter2' });
    expect(problems).toEqual([
      'ADMIN_PASSWORD must be at least 12 characters long (it has 7): a few words make a good one ' +
        '(value not shown: it may hold a password)',
    ]);
    expect(configProblems({ ADMIN_EMAIL: 'ops@example.com', ADMIN_PASSWORD: 'ops@example.com rocks' })).toEqual([
      'ADMIN_PASSWORD must not contain the email address or its name part',
    ]);
  });

  it('wants both or neither, and an email', () => {
    expect(configProblems({ ADMIN_EMAIL: 'ops@example.com' })).toEqual([
      'ADMIN_EMAIL and ADMIN_PASSWORD go together (the first admin needs both): set both or neither',
    ]);
    expect(configProblems({ ADMIN_EMAIL: 'ops', ADMIN_PASSWORD: GOOD })).toEqual([
      'ADMIN_EMAIL must be an email address like ana@example.com (got "ops")',
    ]);
  });
});
