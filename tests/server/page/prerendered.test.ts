/** The start screens served prerendered, with the stylesheet inlined and allowed by its hash. */
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app.ts';
import { contentSecurityPolicy } from '../../../server/platform/http/security.ts';
import {
  ASSET_CSS,
  decode,
  openTestPglite,
  policyNonce,
  tempDir,
  testConfig,
  writeBuiltSite,
  withoutNonce,
  writeFlows,
  type TestDatabase,
} from '../../support/server-harness.ts';

// What the build's renderer (site/prerender.tsx) exports, in miniature: a screen per start path, one that fails.
const RENDERER = `
export const ready = async () => {};
export const startPaths = ['/', '/v2/amount', '/v2'];
export function prerender(path, config) {
  if (path === '/v2') throw new Error('a component read window during render');
  return '<main><h1>Start of ' + path + ' at ' + config.productName + '</h1></main>';
}
`;

let database: TestDatabase;
let dir: ReturnType<typeof tempDir>;
let app: FastifyInstance;
const logged: string[] = [];

beforeAll(async () => {
  database = await openTestPglite();
  dir = tempDir();
  const dist = join(dir.path, 'dist');
  writeBuiltSite(dist);
  mkdirSync(join(dist, '.prerender'));
  writeFileSync(join(dist, '.prerender', 'prerender.js'), RENDERER);
  writeFlows(join(dir.path, 'flows'));
  const config = testConfig({ PRODUCT_NAME: 'Acme Funding', STATIC_DIR: dist });
  const stream = { write: (line: string) => void logged.push(line) };
  app = await buildApp({
    config,
    db: database.db,
    logger: { level: 'warn', stream },
    flowsDir: join(dir.path, 'flows'),
    development: false,
  });
  await app.ready();
}, 60_000);

afterAll(async () => {
  await app?.close();
  await database?.cleanup();
  dir?.remove();
});

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
const rootOf = (html: string) => /<div id=root>([\s\S]*?)<\/div>/.exec(html)?.[1];

describe('a start screen', () => {
  it('comes with its markup in the root element, rendered with the server settings', async () => {
    const response = await app.inject('/');
    expect(response.statusCode).toBe(200);
    expect(rootOf(response.body)).toBe('<main><h1>Start of / at Acme Funding</h1></main>');
  });

  it('is the same page whatever the query or a trailing slash', async () => {
    expect(rootOf((await app.inject('/?utm_source=ad')).body)).toContain('Start of /');
    expect(rootOf((await app.inject('/v2/amount/')).body)).toContain('Start of /v2/amount');
  });

  it('carries the stylesheet inline and starts the script after the first paint, both allowed by their hashes', async () => {
    const response = await app.inject({ url: '/', headers: { 'accept-encoding': 'br' } });
    const policy = response.headers['content-security-policy'] as string;
    const nonce = policyNonce(policy);
    const html = withoutNonce(decode(response.rawPayload, response.headers['content-encoding']), policy);
    expect(html).toContain(`<style>${ASSET_CSS}</style>`);
    expect(html).not.toMatch(/<link[^>]*stylesheet/);
    expect(html).not.toMatch(/<script[^>]*type=module/);
    const loader = /<script>([^<]*)<\/script>/.exec(html)?.[1] ?? '';
    expect(loader).toContain('s.type="module";s.src="/main.1a2b3c4d.js"');
    expect(loader).toContain('getEntriesByName("first-contentful-paint")');
    expect(loader).toContain('document.addEventListener("submit"');
    expect(policy).toBe(
      contentSecurityPolicy(
        testConfig({ PRODUCT_NAME: 'Acme Funding' }),
        { styles: [sha256(ASSET_CSS)], scripts: [sha256(loader)] },
        nonce,
      ),
    );
    expect(policy).toContain(`style-src 'self' ${sha256(ASSET_CSS)};`);
    expect(policy).toContain(`script-src 'nonce-${nonce}' 'strict-dynamic' ${sha256(loader)} 'self';`);
  });

  it("gets a fresh nonce with every response on each of its script elements, the loader's too", async () => {
    const nonces = new Set<string>();
    for (let visit = 0; visit < 3; visit++) {
      const response = await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip' } });
      const nonce = policyNonce(response.headers['content-security-policy']);
      nonces.add(nonce);
      const html = decode(response.rawPayload, response.headers['content-encoding']);
      const scripts = html.match(/<script\b[^>]*>/g) ?? [];
      expect(scripts).toEqual([
        `<script nonce="${nonce}" id=runtime-config type=application/json>`,
        `<script nonce="${nonce}">`,
      ]);
    }
    expect(nonces.size).toBe(3);
  });

  it('that cannot be prerendered is served plain, and the log says which', async () => {
    const response = await app.inject('/v2');
    expect(response.statusCode).toBe(200);
    expect(rootOf(response.body)).toBe('');
    expect(logged.join('\n')).toMatch(/"path":"\/v2".*could not be prerendered/);
  });
});

describe('any other route', () => {
  it('gets the plain page, styles inlined as well', async () => {
    const response = await app.inject('/amount');
    expect(response.statusCode).toBe(200);
    expect(rootOf(response.body)).toBe('');
    expect(response.body).toContain(`<style>${ASSET_CSS}</style>`);
    // Nothing to paint before the script here: it loads as the build wrote it.
    const policy = response.headers['content-security-policy'];
    expect(withoutNonce(response.body, policy)).toContain('<script type=module src=/main.1a2b3c4d.js></script>');
    expect(policy).toBe(
      contentSecurityPolicy(
        testConfig({ PRODUCT_NAME: 'Acme Funding' }),
        { styles: [sha256(ASSET_CSS)], scripts: [] },
        policyNonce(policy),
      ),
    );
  });

  it('that is unknown gets the plain page with 404, not a start screen', async () => {
    const response = await app.inject('/nope');
    expect(response.statusCode).toBe(404);
    expect(rootOf(response.body)).toBe('');
  });
});

describe('the renderer', () => {
  it('is never served', async () => {
    expect((await app.inject('/.prerender/prerender.js')).statusCode).toBe(404);
  });

  it('that fails as a whole leaves every start screen plain, and the log says so', async () => {
    const broken = tempDir();
    const dist = join(broken.path, 'dist');
    writeBuiltSite(dist);
    mkdirSync(join(dist, '.prerender'));
    writeFileSync(join(dist, '.prerender', 'prerender.js'), "throw new Error('the renderer is broken');");
    const lines: string[] = [];
    const brokenApp = await buildApp({
      config: testConfig({ STATIC_DIR: dist }),
      db: database.db,
      logger: { level: 'warn', stream: { write: (line: string) => void lines.push(line) } },
      flowsDir: join(dir.path, 'flows'),
      development: false,
    });
    try {
      const response = await brokenApp.inject('/');
      expect(response.statusCode).toBe(200);
      expect(rootOf(response.body)).toBe('');
      expect(lines.join('\n')).toMatch(
        /"reason":"the renderer could not be loaded: the renderer is broken".*"msg":"the start screens could not be prerendered/,
      );
    } finally {
      await brokenApp.close();
      broken.remove();
    }
  });
});
