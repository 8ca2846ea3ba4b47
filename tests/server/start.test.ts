/** `node server/index.ts` as an operator runs it: a real process on a real port. */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCK_FILE_NAME } from '../../server/platform/db/lock.ts';
import { runtimeConfigOf, tempDir, writeBuiltSite } from '../support/server-harness.ts';
import { freePort, listening, startServer, type ServerProcess } from '../support/server-process.ts';

describe('starting the server', () => {
  it('stops with the list of setting problems and no stack trace', async () => {
    const server = startServer({ PORT: 'abc', PRIVACY_URL: 'privacy' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toBe(
      'The server settings have 2 problems. Fix them in the environment or in .env (see .env.example):\n' +
        '  - PORT must be a whole number from 1 to 65535 (got "abc")\n' +
        '  - PRIVACY_URL must be an absolute http:// or https:// URL, like https://example.com/privacy (got "privacy")\n',
    );
  }, 30_000);

  describe('with the embedded database', () => {
    const dir = tempDir();
    const dataDir = join(dir.path, 'data');
    const staticDir = join(dir.path, 'dist');
    let port: number;
    let server: ServerProcess;

    beforeAll(async () => {
      writeBuiltSite(staticDir);
      port = await freePort();
      server = startServer({ PORT: String(port), DATA_DIR: dataDir, STATIC_DIR: staticDir, PRODUCT_NAME: 'Acme' });
      await listening(server);
    }, 60_000);

    afterAll(async () => {
      if (server.child.exitCode === null) {
        server.child.kill('SIGKILL');
        await server.exited;
      }
      dir.remove();
    });

    it('serves the API and the page on its port', async () => {
      const health = await fetch(`http://127.0.0.1:${port}/api/v1/health`);
      expect(await health.json()).toEqual({ status: 'ok', database: 'ok' });
      const page = await fetch(`http://127.0.0.1:${port}/amount`);
      expect(page.status).toBe(200);
      expect(runtimeConfigOf(await page.text())).toMatchObject({ productName: 'Acme' });
    });

    it('refuses a second server on the same DATA_DIR', async () => {
      const second = startServer({ PORT: String(await freePort()), DATA_DIR: dataDir, STATIC_DIR: staticDir });
      expect(await second.exited).toBe(1);
      expect(second.output()).toBe(
        `Another Fundflow server (process ${server.child.pid}) is using DATA_DIR ${dataDir}. Stop it or set another ` +
          'DATA_DIR (or set DATABASE_URL to share a PostgreSQL database).\n',
      );
      expect((await fetch(`http://127.0.0.1:${port}/api/v1/health`)).status).toBe(200);
    }, 30_000);

    it('on SIGTERM closes everything, frees DATA_DIR and exits 0', async () => {
      expect(existsSync(join(dataDir, LOCK_FILE_NAME))).toBe(true);
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      expect(existsSync(join(dataDir, LOCK_FILE_NAME))).toBe(false);
      expect(server.output()).toContain('"msg":"shutting down"');

      const again = startServer({ PORT: String(port), DATA_DIR: dataDir, STATIC_DIR: staticDir });
      await listening(again);
      again.child.kill('SIGINT');
      expect(await again.exited).toBe(0);
    }, 60_000);
  });
});
