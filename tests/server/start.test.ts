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

  it('stops on a wrong buyers file set under its former name, saying so with the problem', async () => {
    const dir = tempDir();
    const missing = join(dir.path, 'buyers.json');
    const server = startServer({ LENDERS_FILE: missing });
    expect(await server.exited).toBe(1);
    dir.remove();
    expect(server.output()).toBe(
      'The server settings have 1 problem. Fix them in the environment or in .env (see .env.example):\n' +
        `  - BUYERS_FILE ${missing}: there is no such file: write it as docs/buyers.md shows, or correct the path\n` +
        'Renamed settings:\n' +
        '  - LENDERS_FILE is read as BUYERS_FILE, its new name: rename it\n',
    );
  }, 30_000);

  it('stops when a setting is set under its former and its new name to different values', async () => {
    const server = startServer({ BUYER_TIMEOUT_MS: '2500', LEAD_FORWARD_TIMEOUT_MS: '5000' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain(
      '  - LEAD_FORWARD_TIMEOUT_MS and BUYER_TIMEOUT_MS are both set, to different values: BUYER_TIMEOUT_MS is ' +
        "LEAD_FORWARD_TIMEOUT_MS's new name, keep the value you mean under BUYER_TIMEOUT_MS and remove " +
        'LEAD_FORWARD_TIMEOUT_MS\n',
    );
  }, 30_000);

  it('reads settings under their former names and warns once of each in its log', async () => {
    const dir = tempDir();
    try {
      const port = await freePort();
      writeBuiltSite(join(dir.path, 'dist'));
      const server = startServer({
        PORT: String(port),
        DATA_DIR: join(dir.path, 'data'),
        STATIC_DIR: join(dir.path, 'dist'),
        // Nothing listens on port 9: the lead-forward buyer is configured, never reached.
        LEAD_FORWARD_URL: 'http://127.0.0.1:9/leads',
        LEAD_FORWARD_TIMEOUT_MS: '2000',
      });
      await listening(server);
      const warnings = server
        .output()
        .split('\n')
        .filter((line) => line.includes('its new name'))
        .map((line) => JSON.parse(line) as { level: number; msg: string });
      expect(warnings).toEqual([
        expect.objectContaining({ level: 40, msg: 'LEAD_FORWARD_URL is read as BUYER_URL, its new name: rename it' }),
        expect.objectContaining({
          level: 40,
          msg: 'LEAD_FORWARD_TIMEOUT_MS is read as BUYER_TIMEOUT_MS, its new name: rename it',
        }),
      ]);
      expect(server.output()).not.toContain('"msg":"no buyer');
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    } finally {
      dir.remove();
    }
  }, 60_000);

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
