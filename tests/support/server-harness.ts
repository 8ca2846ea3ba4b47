/** Shared setup for the server tests: temp folders, a built-site fixture, and the databases to run against. */
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gunzipSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { Client } from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../../server/app.ts';
import type { Config } from '../../server/platform/config/settings.ts';
import { ConfigError, loadConfig } from '../../server/platform/config/load.ts';
import { XSRF_COOKIE, XSRF_HEADER } from '../../contracts/api-paths.ts';
import { openPglite, openPostgres, type Database } from '../../server/platform/db/index.ts';
import { TEST_XSRF_SECRET, TEST_XSRF_TOKEN } from './xsrf-tokens.ts';

export { newVisitToken, TEST_XSRF_TOKEN } from './xsrf-tokens.ts';

/** A fresh temp folder, removed by the returned function. */
export function tempDir(prefix = 'fundflow-test-'): { path: string; remove: () => void } {
  const path = mkdtempSync(join(tmpdir(), prefix));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}

/** index.html as Parcel writes it: minified, attribute quotes dropped, the runtime-config placeholder kept. */
export const BUILT_INDEX_HTML =
  '<!DOCTYPE html><html lang=en><meta charset=utf-8><title>Fundflow</title>' +
  '<link rel=stylesheet href=/index.5e6f7a8b.css>' +
  '<script id=runtime-config type=application/json>{}</script>' +
  '<script type=module src=/main.1a2b3c4d.js></script><body><div id=root></div>';

/** The console's page as its own build writes it into console/, its files under /console/. */
export const BUILT_CONSOLE_HTML =
  '<!DOCTYPE html><html lang=en><meta charset=utf-8><meta name=robots content=noindex><title>Fundflow</title>' +
  '<link rel=stylesheet href=/console/main.3e4f5a6b.css>' +
  '<script id=runtime-config type=application/json>{}</script>' +
  '<script type=module src=/console/main.9c8d7e6f.js></script><body><div id=root></div>';

export const CONSOLE_JS = 'console.log("the console script");\n'.repeat(40);
export const CONSOLE_CSS = '.console { margin: 0; }\n'.repeat(40);

export const ASSET_JS = 'console.log("the page script");\n'.repeat(40);
export const ASSET_CSS = 'body { margin: 0; }\n'.repeat(40);
export const LOGO_SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>';

/**
 * A built site like `npm run build` leaves it: hashed assets with .br and .gz siblings, the page (also with
 * compressed siblings, which must never be served raw), an unhashed file, a dotfile, a folder, and the console's
 * page and files in console/.
 */
export function writeBuiltSite(dir: string, indexHtml = BUILT_INDEX_HTML): void {
  mkdirSync(dir, { recursive: true });
  const files: Record<string, string> = {
    'index.html': indexHtml,
    'main.1a2b3c4d.js': ASSET_JS,
    'index.5e6f7a8b.css': ASSET_CSS,
    'robots.txt': 'User-agent: *\n',
    'console/index.html': BUILT_CONSOLE_HTML,
    'console/main.9c8d7e6f.js': CONSOLE_JS,
    'console/main.3e4f5a6b.css': CONSOLE_CSS,
  };
  mkdirSync(join(dir, 'console'), { recursive: true });
  for (const [name, text] of Object.entries(files)) {
    writeFileSync(join(dir, name), text);
    if (name !== 'robots.txt') {
      writeFileSync(join(dir, `${name}.br`), brotliCompressSync(text));
      writeFileSync(join(dir, `${name}.gz`), gzipSync(text));
    }
  }
  writeFileSync(join(dir, '.sources'), 'build stamp');
  mkdirSync(join(dir, 'assets'), { recursive: true });
  writeFileSync(join(dir, 'assets', 'logo.0badf00d.svg'), LOGO_SVG);
}

/** Flow files with a v1 at / and a v2 at /v2, each with a start and an "amount" step. */
export function writeFlows(dir: string): void {
  mkdirSync(dir, { recursive: true });
  const flow = (basePath: string) => ({
    id: 'test-flow',
    basePath,
    start: 'start',
    steps: { start: { route: '' }, amount: { route: 'amount' } },
  });
  writeFileSync(join(dir, 'test-flow.json'), JSON.stringify(flow('')));
  writeFileSync(join(dir, 'test-flow.v2.json'), JSON.stringify(flow('/v2')));
  writeFileSync(join(dir, 'flow.schema.json'), '{}');
}

export function decode(body: Buffer, encoding: string | undefined): string {
  if (encoding === 'br') return brotliDecompressSync(body).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(body).toString('utf8');
  return body.toString('utf8');
}

/**
 * The cookie and the matching header a page sends with every state-changing API call; spread into `headers` of an
 * `inject` or a `fetch`.
 */
export function xsrfHeaders(token = TEST_XSRF_TOKEN): Record<string, string> {
  return { cookie: `${XSRF_COOKIE}=${token}`, [XSRF_HEADER.toLowerCase()]: token };
}

/**
 * The rate limits switched off: tests send many requests from one address and one visit within a second.
 * tests/server/platform/http/rate-limit/rate-limits.test.ts sets its own.
 */
const NO_RATE_LIMITS = {
  RATE_LIMIT_LEADS_PER_IP: '0',
  RATE_LIMIT_LEADS_PER_SESSION: '0',
  RATE_LIMIT_PHONE_PER_IP: '0',
  RATE_LIMIT_PHONE_PER_SESSION: '0',
  RATE_LIMIT_EVENTS_PER_IP: '0',
  RATE_LIMIT_EVENTS_PER_SESSION: '0',
  // The console's second factor offered, not required: the tests of the second factor ask for required themselves.
  CONSOLE_MFA: 'optional',
};

/**
 * A validated config from test settings (everything else at its default, but the rate limits off and XSRF tokens
 * signed with TEST_XSRF_SECRET).
 */
export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({ ...NO_RATE_LIMITS, XSRF_SECRET: TEST_XSRF_SECRET, ...env });
}

/** The problems the config reports for these settings; fails the test when it accepts them. */
export function configProblems(env: Record<string, string>): readonly string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

/** The runtime-config JSON written into a served page. */
export function runtimeConfigOf(html: string): unknown {
  const json = /<script(?: nonce="[^"]*")? id=runtime-config type=application\/json>(.*?)<\/script>/s.exec(html)?.[1];
  if (json === undefined) throw new Error('no runtime-config element in the page');
  return JSON.parse(json);
}

/** The nonce a page response's Content-Security-Policy names. */
export function policyNonce(policy: unknown): string {
  const nonce = typeof policy === 'string' ? /'nonce-([A-Za-z0-9+/=]+)'/.exec(policy)?.[1] : undefined;
  if (nonce === undefined) throw new Error(`no nonce in the page's policy: ${String(policy)}`);
  return nonce;
}

/** A page's markup as the build wrote it: the nonce its response's policy names taken off its script elements. */
export function withoutNonce(html: string, policy: unknown): string {
  return html.replaceAll(` nonce="${policyNonce(policy)}"`, '');
}

export interface TestDatabase {
  db: Database;
  /** Closes the database and removes everything the test created. */
  cleanup: () => Promise<void>;
}

export interface DatabaseKind {
  name: 'PGlite' | 'PostgreSQL';
  open: () => Promise<TestDatabase>;
}

/** PGlite in a temp folder, from a copy of the new data folder the global setup made (pglite-template.ts). */
export async function openTestPglite(): Promise<TestDatabase> {
  const dir = tempDir('fundflow-db-');
  cpSync(inject('pgliteTemplate'), join(dir.path, 'pgdata'), { recursive: true });
  const db = await openPglite(dir.path);
  return {
    db,
    cleanup: async () => {
      await db.close();
      dir.remove();
    },
  };
}

/** PostgreSQL at DATABASE_URL, in a fresh schema dropped afterwards. */
export async function openTestPostgres(url: string): Promise<TestDatabase> {
  const schema = `fundflow_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  const scoped = new URL(url);
  scoped.searchParams.set('options', `-c search_path=${schema}`);
  const db = await openPostgres(scoped.href);
  return {
    db,
    cleanup: async () => {
      await db.close();
      await admin.query(`drop schema ${schema} cascade`);
      await admin.end();
    },
  };
}

/** PGlite always; PostgreSQL too when the environment has DATABASE_URL. */
export const DATABASES: DatabaseKind[] = [
  { name: 'PGlite', open: openTestPglite },
  ...(process.env.DATABASE_URL
    ? [{ name: 'PostgreSQL' as const, open: () => openTestPostgres(process.env.DATABASE_URL as string) }]
    : []),
];

export interface TestApp {
  app: FastifyInstance;
  /** Closes the app and its database and removes the temp folders. */
  close: () => Promise<void>;
}

/** The whole app, ready for `inject`, on a fresh embedded database with a built-site fixture. */
export async function startTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const dir = tempDir();
  writeBuiltSite(join(dir.path, 'dist'));
  const database = await openTestPglite();
  const app = await buildApp({
    config: testConfig({ STATIC_DIR: join(dir.path, 'dist'), ...env }),
    db: database.db,
    logger: false,
  });
  await app.ready();
  return {
    app,
    close: async () => {
      await app.close();
      await database.cleanup();
      dir.remove();
    },
  };
}
