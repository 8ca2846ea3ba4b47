/** `node server/index.ts` as an operator runs it: a real process on a real port. */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCK_FILE_NAME } from '../../server/db/lock.ts';
import { PROJECT_ROOT } from '../../server/paths.ts';
import { runtimeConfigOf, tempDir, writeBuiltSite } from './helpers.ts';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

interface Server {
  child: ChildProcess;
  output: () => string;
  /** Resolves with the exit code. */
  exited: Promise<number | null>;
}

/** Starts the server with only the given settings (no DATABASE_URL, whatever the environment or .env holds). */
function startServer(env: Record<string, string>): Server {
  const child = spawn(process.execPath, ['server/index.ts'], {
    cwd: PROJECT_ROOT,
    env: { PATH: process.env.PATH ?? '', DATABASE_URL: '', HOST: '127.0.0.1', ...env },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/** Waits until the server logs that it listens, or fails with its output if it exits first. */
function listening(server: Server): Promise<void> {
  return new Promise((resolve, reject) => {
    const check = () => {
      if (server.output().includes('Server listening at')) {
        server.child.stdout?.off('data', check);
        resolve();
      }
    };
    server.child.stdout?.on('data', check);
    check();
    void server.exited.then((code) => reject(new Error(`server exited with ${code}:\n${server.output()}`)));
  });
}

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
    let server: Server;

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
