/** The processes the bench runs: the build, the production server, the test buyer; each stopped on cleanup. */
import { TEST_XSRF_SECRET } from '../support/xsrf-tokens.ts';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { VARIABLES } from '../../server/platform/config/settings.ts';
import { PROJECT_ROOT } from '../../server/platform/paths.ts';
import { freePort } from '../support/server-process.ts';
import { serveCommand } from '../support/serve-command.ts';
import { onCleanup } from './cleanup.ts';
import { currentRss } from './rss.ts';

export { freePort };

/** Progress lines go to stderr, so stdout holds only the results. */
export function say(text: string): void {
  process.stderr.write(`${text}\n`);
}

/** A fresh temp folder, removed on cleanup. */
export function tempDir(prefix: string): string {
  const path = mkdtempSync(join(tmpdir(), prefix));
  onCleanup(`temp folder ${path}`, () => rmSync(path, { recursive: true, force: true }));
  return path;
}

export interface Child {
  label: string;
  pid: number;
  /** The last lines the process wrote, for error messages. */
  tail: () => string;
  /** Resolves with the exit code (or the signal) once the process is gone. */
  exited: Promise<string>;
  /** SIGTERM, then SIGKILL after a grace period; resolves once it is gone. */
  stop: () => Promise<void>;
}

const TAIL_LINES = 40;
const STOP_GRACE_MS = 12_000;

/** Runs `node <args>` from the project root with exactly `env` (plus PATH); stopped on cleanup. */
export function startNode(label: string, args: string[], env: Record<string, string>): Child {
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: PROJECT_ROOT,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (child.pid === undefined) throw new Error(`${label} did not start`);
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(
      ...chunk
        .toString('utf8')
        .split('\n')
        .filter((line) => line !== ''),
    );
    if (lines.length > TAIL_LINES) lines.splice(0, lines.length - TAIL_LINES);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  let gone = false;
  const exited = new Promise<string>((resolve) =>
    child.on('exit', (code, signal) => {
      gone = true;
      resolve(signal ?? `code ${code}`);
    }),
  );
  const kill = async () => {
    if (gone) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
    await exited;
    clearTimeout(timer);
  };
  const stop = onCleanup(`${label} (pid ${child.pid})`, kill);
  return { label, pid: child.pid, tail: () => lines.join('\n'), exited, stop };
}

/** Polls `url` until it answers 2xx; fails early with the process's output when it exits first. */
export async function waitForHttp(url: string, child: Child, timeoutMs = 60_000): Promise<void> {
  let exit: string | undefined;
  void child.exited.then((how) => (exit = how));
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    if (exit !== undefined) throw new Error(`${child.label} exited (${exit}) before answering:\n${child.tail()}`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      await response.arrayBuffer();
      if (response.ok) return;
      last = `HTTP ${response.status}`;
    } catch (error) {
      last = (error as Error).message;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${child.label} did not answer ${url} within ${timeoutMs / 1000} s (${last}):\n${child.tail()}`);
}

/** `npm run build -- --if-needed`: reuses dist/ when it was built from the current sources. */
export async function buildSite(): Promise<void> {
  say('Building the site (skipped when dist/ is up to date)...');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const child = spawn(npm, ['run', 'build', '--silent', '--', '--if-needed'], {
    cwd: PROJECT_ROOT,
    stdio: ['ignore', 2, 2],
  });
  const stop = onCleanup('the build', () => void child.kill('SIGTERM'));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  await stop();
  if (code !== 0) throw new Error(`npm run build failed (exit ${code})`);
}

export interface ProjectServer {
  url: string;
  child: Child;
  /** VmRSS once it answered its first health check, idle, in bytes. */
  startRssBytes: number | undefined;
}

/**
 * `npm run serve` as in production: NODE_ENV=production on 127.0.0.1 and a free port, delivering to the
 * buyer. Embedded PGlite in a throwaway DATA_DIR unless `databaseUrl` is given, and no limit on leads. Every other
 * setting is blank (its default), so a .env in the project cannot change what is measured; `env` sets more.
 */
export async function startProjectServer(
  label: string,
  settings: { buyerUrl: string; databaseUrl?: string; env?: Record<string, string> },
): Promise<ProjectServer> {
  const port = await freePort();
  const blank = Object.fromEntries(Object.values(VARIABLES).map((variable) => [variable.name, '']));
  const env: Record<string, string> = {
    ...blank,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: tempDir('fundflow-bench-data-'),
    DATABASE_URL: settings.databaseUrl ?? '',
    BUYER_URL: settings.buyerUrl,
    // The load comes from one address and one visit: as a visitor it would be refused within a second.
    RATE_LIMIT_LEADS_PER_IP: '0',
    RATE_LIMIT_LEADS_PER_SESSION: '0',
    RATE_LIMIT_EVENTS_PER_IP: '0',
    RATE_LIMIT_EVENTS_PER_SESSION: '0',
    // The key the bench's tokens are signed with (newVisitToken), as a page's are with the server's own.
    XSRF_SECRET: TEST_XSRF_SECRET,
    ...settings.env,
  };
  const serve = serveCommand();
  const child = startNode(label, serve.args, { ...serve.env, ...env });
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(`${url}/api/v1/health`, child);
  return { url, child, startRssBytes: currentRss(child.pid) };
}

export interface TestBuyerProcess {
  /** BUYER_URL. */
  url: string;
  /** Where GET lists what arrived and DELETE forgets it. */
  receivedUrl: string;
  child: Child;
}

/** The test buyer of the end-to-end tests (tests/support/test-buyer-server.ts), answering 200 to every lead. */
export async function startTestBuyerProcess(): Promise<TestBuyerProcess> {
  const port = await freePort();
  const child = startNode('the test buyer', ['tests/support/test-buyer-server.ts', '--port', String(port)], {});
  const receivedUrl = `http://127.0.0.1:${port}/received`;
  await waitForHttp(receivedUrl, child, 20_000);
  return { url: `http://127.0.0.1:${port}/leads`, receivedUrl, child };
}
