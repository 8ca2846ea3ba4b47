/**
 * `npm run leads -- add-admin <email>` as an operator runs it, as a child process with the server's settings, on
 * PGlite and (with DATABASE_URL) PostgreSQL: the admin signs in afterwards; a weak password or a taken email is
 * refused.
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it, onTestFinished } from 'vitest';
import { PROJECT_ROOT } from '../../../server/platform/paths.ts';
import { consoleApp, signIn } from '../../support/console-app.ts';
import { PROCESS_DATABASES } from '../../support/delivery-databases.ts';
import { leads } from '../../support/leads-command.ts';

/** The command with the password typed on stdin. */
function addAdminFromStdin(env: Record<string, string>, email: string, input: string) {
  const run = spawnSync(process.execPath, ['server/cli/leads.ts', 'add-admin', email], {
    cwd: PROJECT_ROOT,
    env: { PATH: process.env.PATH ?? '', DATABASE_URL: '', ...env },
    input,
    encoding: 'utf8',
  });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

describe.each(PROCESS_DATABASES)('npm run leads -- add-admin on $name', (kind) => {
  it('creates an admin with the password of ADMIN_PASSWORD or stdin, who signs in', async () => {
    const database = await kind.create();
    onTestFinished(() => database.remove());

    const fromEnv = await leads(
      { ...database.env, ADMIN_PASSWORD: 'a password from the environment' },
      'add-admin',
      'Ops@Example.com',
    );
    expect(fromEnv).toEqual({
      code: 0,
      stdout: 'Created the console admin ops@example.com: sign in at /admin.\n',
      stderr: '',
    });
    const fromStdin = addAdminFromStdin(database.env, 'second@example.com', 'a password typed in\n');
    expect(fromStdin).toMatchObject({ code: 0, stderr: '' });

    const taken = await leads(
      { ...database.env, ADMIN_PASSWORD: 'a password from the environment' },
      'add-admin',
      'ops@example.com',
    );
    expect(taken).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('ops@example.com has a console user already'),
    });

    const opened = await database.open();
    onTestFinished(() => opened.db.close());
    const app = await consoleApp(opened.db);
    expect((await signIn(app, 'ops@example.com', 'a password from the environment')).statusCode).toBe(200);
    expect((await signIn(app, 'second@example.com', 'a password typed in')).statusCode).toBe(200);
  }, 60_000);
});

describe('npm run leads -- add-admin', () => {
  it('refuses a weak password or no email, saying what to fix', async () => {
    const weak = await leads({ ADMIN_PASSWORD: 'short' }, 'add-admin', 'ops@example.com');
    expect(weak).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/^The password must be at least 12 characters/),
    });
    const noEmail = await leads({}, 'add-admin');
    expect(noEmail).toMatchObject({ code: 2, stderr: expect.stringContaining("add-admin needs the admin's email") });
  }, 30_000);
});
