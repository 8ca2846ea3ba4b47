/**
 * `node server/index.ts` with ADMIN_EMAIL and ADMIN_PASSWORD, as an operator starts it: the first admin exists and
 * signs in; a weak password stops the server with what to fix.
 */
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { SESSION_PATH } from '../../../../contracts/console.ts';
import { tempDir, writeBuiltSite, xsrfHeaders } from '../../../support/server-harness.ts';
import { freePort, listening, startServer } from '../../../support/server-process.ts';

describe('starting the server with a first admin', () => {
  it('creates the admin of ADMIN_EMAIL, who signs in; its password is not logged', async () => {
    const dir = tempDir();
    onTestFinished(() => dir.remove());
    writeBuiltSite(join(dir.path, 'dist'));
    const port = await freePort();
    const server = startServer({
      PORT: String(port),
      DATA_DIR: join(dir.path, 'data'),
      STATIC_DIR: join(dir.path, 'dist'),
      ADMIN_EMAIL: 'Ops@Example.com',
      ADMIN_PASSWORD: 'the first admin password',
    });
    onTestFinished(async () => {
      if (server.child.exitCode === null) {
        server.child.kill('SIGTERM');
        await server.exited;
      }
    });
    await listening(server);

    const response = await fetch(`http://127.0.0.1:${port}${SESSION_PATH}`, {
      method: 'POST',
      headers: { ...xsrfHeaders(), 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'ops@example.com', password: 'the first admin password' }),
    });
    expect(response.status).toBe(200);
    // CONSOLE_MFA unset is required: the admin's first sign-in leads to setting up a second factor, and only there.
    expect(await response.json()).toMatchObject({
      user: { email: 'ops@example.com', role: 'admin' },
      second_factor: { pending: 'set-up', required: true },
    });
    expect(server.output()).toContain('created the console admin of ADMIN_EMAIL');
    expect(server.output()).not.toContain('the first admin password');
    expect(server.output()).not.toContain('ops@example.com');
  }, 60_000);

  it('stops on a weak ADMIN_PASSWORD, saying what to fix', async () => {
    const server = startServer({ ADMIN_EMAIL: 'ops@example.com', ADMIN_PASSWORD: 'password1' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain(
      '  - ADMIN_PASSWORD must be at least 12 characters long (it has 9): a few words make a good one',
    );
    expect(server.output()).not.toContain('password1');
  }, 30_000);
});
