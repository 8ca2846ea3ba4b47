/** The built site as a visitor's browser gets it: pages, assets, compression, caching, 404s, headers. */
import { createHash } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app.ts';
import { readFlowFiles } from '../../../engine/flow/load.ts';
import { allStepPaths } from '../../../engine/flow/navigation.ts';
import type { Flow } from '../../../engine/flow/definition.ts';
import type { PublicConfig } from '../../../contracts/public-config.ts';
import { PageTemplateError } from '../../../server/page/page-server.ts';
import { FLOWS_DIR } from '../../../server/platform/paths.ts';
import {
  ASSET_CSS,
  ASSET_JS,
  BUILT_INDEX_HTML,
  CONSOLE_CSS,
  CONSOLE_JS,
  decode,
  openTestPglite,
  policyNonce,
  runtimeConfigOf,
  tempDir,
  testConfig,
  writeBuiltSite,
  writeFlows,
  xsrfHeaders,
  withoutNonce,
  type TestDatabase,
} from '../../support/server-harness.ts';
import { API_SECURITY_HEADERS, contentSecurityPolicy } from '../../../server/platform/http/security.ts';

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

let database: TestDatabase;
let dir: ReturnType<typeof tempDir>;
let app: FastifyInstance;

const settings = {
  PRODUCT_NAME: 'Acme <Funding> & "Co"',
  PRIVACY_URL: 'https://acme.example/privacy?a=1&b=</script><script>alert(1)</script>',
  GTM_ID: 'GTM-AB12CD',
  GTM_AUTH: 'authValue',
  GTM_PREVIEW: 'env-4',
  LOAD_TRUSTED_FORM_SCRIPT: 'true',
  GOOGLE_MAPS_API_KEY: 'AIzaTestKey',
};

beforeAll(async () => {
  database = await openTestPglite();
  dir = tempDir();
  writeBuiltSite(join(dir.path, 'dist'));
  writeFlows(join(dir.path, 'flows'));
  const config = testConfig({ ...settings, STATIC_DIR: join(dir.path, 'dist') });
  app = await buildApp({
    config,
    db: database.db,
    logger: false,
    flowsDir: join(dir.path, 'flows'),
    development: false,
  });
  app.get('/api/v1/test-failure', async () => {
    throw new Error('relation "leads" does not exist: select * from leads at /srv/fundflow/server/leads.ts:12');
  });
  app.post(
    '/api/v1/test-echo',
    { schema: { body: { type: 'object', required: ['amount'], properties: { amount: { type: 'integer' } } } } },
    async (request) => request.body,
  );
  await app.ready();
}, 60_000);

afterAll(async () => {
  await app?.close();
  await database?.cleanup();
  dir?.remove();
});

async function get(url: string, headers: Record<string, string> = {}) {
  const response = await app.inject({ method: 'GET', url, headers });
  const encoding = response.headers['content-encoding'];
  return { response, text: decode(response.rawPayload, encoding) };
}

/** A page's markup without its response's nonce (what the nonce is and where it goes: the tests below). */
async function markup(url: string, headers: Record<string, string> = {}) {
  const { response, text } = await get(url, headers);
  return { response, text: withoutNonce(text, response.headers['content-security-policy']) };
}

describe('the page', () => {
  it('is served at every client route with the settings written in', async () => {
    for (const url of ['/', '/amount', '/v2', '/v2/amount', '/amount/', '/v2/amount?utm_source=mail&zip=10001']) {
      const { response, text } = await markup(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      // A first visit's page sets the XSRF-TOKEN cookie, so no shared cache may keep it (xsrf.test.ts).
      expect(response.headers['cache-control']).toBe('private, no-cache');
      expect(text).toContain('<script type=module src=/main.1a2b3c4d.js></script>');
    }
  });

  it('carries the public config as JSON', async () => {
    const { text } = await get('/');
    const expected: PublicConfig = {
      productName: 'Acme <Funding> & "Co"',
      privacyUrl: 'https://acme.example/privacy?a=1&b=%3C/script%3E%3Cscript%3Ealert(1)%3C/script%3E',
      termsUrl: '/terms',
      doNotSellUrl: '/do-not-sell',
      gtm: { id: 'GTM-AB12CD', auth: 'authValue', preview: 'env-4' },
      consentDefaults: {
        everyone: [
          {
            ad_storage: 'granted',
            ad_user_data: 'granted',
            ad_personalization: 'granted',
            analytics_storage: 'granted',
          },
        ],
        optedOut: [
          { ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied', analytics_storage: 'granted' },
        ],
      },
      enhancedConversions: false,
      loadTrustedFormScript: true,
      mapsApiKey: 'AIzaTestKey',
      placesApi: 'new',
    };
    expect(runtimeConfigOf(text)).toEqual(expected);
  });

  it('escapes the config so nothing in it can close the script element', async () => {
    const { text } = await markup('/');
    const json = /<script id=runtime-config type=application\/json>(.*?)<\/script>/s.exec(text)?.[1] ?? '';
    expect(json).not.toContain('<');
    expect(json).toContain('Acme \\u003cFunding>');
    expect(text.match(/<script/g)).toHaveLength(2);
  });

  it('shows the product name, escaped, as the title', async () => {
    const { text } = await get('/');
    expect(text).toContain('<title>Acme &#60;Funding&#62; &#38; &#34;Co&#34;</title>');
  });

  it('is compressed for browsers that accept it, brotli first', async () => {
    const br = await markup('/amount', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.response.headers['content-encoding']).toBe('br');
    expect(br.response.headers.vary).toBe('accept-encoding');
    const gzip = await markup('/amount', { 'accept-encoding': 'gzip' });
    expect(gzip.response.headers['content-encoding']).toBe('gzip');
    const plain = await markup('/amount', { 'accept-encoding': 'identity' });
    expect(plain.response.headers['content-encoding']).toBeUndefined();
    expect(br.text).toBe(plain.text);
    expect(gzip.text).toBe(plain.text);
  });

  it('gets a fresh nonce in its policy and on each of its script elements with every response', async () => {
    const nonces = new Set<string>();
    for (const [url, status] of [
      ['/', 200],
      ['/', 200],
      ['/amount', 200],
      ['/nope', 404],
    ] as const) {
      for (const encoding of ['br', 'gzip', 'identity']) {
        const { response, text } = await get(url, { 'accept-encoding': encoding });
        expect(response.statusCode, url).toBe(status);
        const policy = String(response.headers['content-security-policy']);
        const nonce = policyNonce(policy);
        // 128 bits or more, base64.
        expect(Buffer.from(nonce, 'base64').length, url).toBeGreaterThanOrEqual(16);
        nonces.add(nonce);
        const scripts = text.match(/<script\b[^>]*>/g) ?? [];
        expect(scripts, url).toHaveLength(2);
        for (const tag of scripts) expect(tag, url).toContain(` nonce="${nonce}"`);
        const scriptSources = policy.split('; ').find((entry) => entry.startsWith('script-src '));
        expect(scriptSources, url).toContain(`'nonce-${nonce}' 'strict-dynamic'`);
        expect(scriptSources, url).not.toMatch(/'unsafe-inline'|'unsafe-eval'/);
      }
    }
    expect(nonces.size).toBe(12);
  });

  it('is fetched again on every visit, never answered 304 and kept by no shared cache: each has its own nonce', async () => {
    const first = await get('/');
    expect(first.response.headers.etag).toBeUndefined();
    const again = await get('/', { 'if-none-match': '*' });
    expect(again.response.statusCode).toBe(200);
    expect(again.response.headers['cache-control']).toMatch(/^private, no-cache$/);
    expect(policyNonce(again.response.headers['content-security-policy'])).not.toBe(
      policyNonce(first.response.headers['content-security-policy']),
    );
  });

  it('is never the raw build output with the empty placeholder', async () => {
    const page = await markup('/index.html', { 'accept-encoding': 'br, gzip' });
    expect(page.response.statusCode).toBe(200);
    expect(runtimeConfigOf(page.text)).toMatchObject({ productName: 'Acme <Funding> & "Co"' });
    for (const url of ['/index.html.br', '/index.html.gz']) {
      const { response, text } = await get(url, { 'accept-encoding': 'br, gzip' });
      expect(response.statusCode, url).toBe(404);
      expect(runtimeConfigOf(text), url).toMatchObject({ productName: 'Acme <Funding> & "Co"' });
    }
  });

  it('answers 404 with the page (which shows the not-found screen) for any other path', async () => {
    const unknown = [
      '/nope',
      '/amount/extra',
      '/v3',
      '/AMOUNT',
      '/missing.1a2b3c4d.js',
      '/.sources',
      '/assets/',
      '/assets',
    ];
    for (const url of unknown) {
      const { response, text } = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(runtimeConfigOf(text), url).toMatchObject({ productName: 'Acme <Funding> & "Co"' });
    }
  });
});

describe("the operators' console", () => {
  it('is its own page at /admin and every path below it, kept from search engines and from every cache', async () => {
    for (const url of ['/admin', '/admin/', '/admin/leads/4f1c2d', '/admin/invite/abc123', '/admin/users?x=1']) {
      const { response, text } = await markup(url, { 'accept-encoding': 'br' });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(response.headers['x-robots-tag'], url).toBe('noindex');
      expect(response.headers['cache-control'], url).toBe('no-store');
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      const nonce = policyNonce(response.headers['content-security-policy']);
      expect(response.headers['content-security-policy'], url).toBe(
        contentSecurityPolicy(testConfig(settings), { styles: [sha256(CONSOLE_CSS)], scripts: [] }, nonce),
      );
      expect(text, url).toContain('<script type=module src=/console/main.9c8d7e6f.js></script>');
      expect(text, url).not.toContain('/main.1a2b3c4d.js');
      expect(text, url).toContain(`<style>${CONSOLE_CSS}</style>`);
      expect(text, url).toContain('<div id=root></div>');
      expect(runtimeConfigOf(text), url).toMatchObject({ productName: 'Acme <Funding> & "Co"' });
    }
  });

  it('has its files under /console/, cached for a year by their hashed names, and its page never served raw', async () => {
    const script = await get('/console/main.9c8d7e6f.js');
    expect(script.response.statusCode).toBe(200);
    expect(script.response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(script.text).toBe(CONSOLE_JS);
    for (const url of ['/console/index.html', '/console/index.html.br', '/console/', '/console']) {
      const { response, text } = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(text, url).not.toContain('/console/main.9c8d7e6f.js');
    }
  });

  it('answers 503 while the console is not built, and the visitor pages stay served', async () => {
    const partial = tempDir();
    writeBuiltSite(partial.path);
    rmSync(join(partial.path, 'console'), { recursive: true });
    const bare = await buildApp({
      config: testConfig({ STATIC_DIR: partial.path }),
      db: database.db,
      logger: false,
      flowsDir: join(dir.path, 'flows'),
    });
    try {
      expect((await bare.inject('/')).statusCode).toBe(200);
      const admin = await bare.inject('/admin');
      expect(admin.statusCode).toBe(503);
      expect(admin.body).toBe('This site is not built yet. Run npm run build on the server, then reload.');
    } finally {
      await bare.close();
      partial.remove();
    }
  });

  it('is not where the visitor pages get their headers: they stay cacheable and indexable', async () => {
    for (const url of ['/', '/administration', '/adminx']) {
      const { response } = await get(url);
      expect(response.headers['x-robots-tag'], url).toBeUndefined();
      expect(response.headers['cache-control'], url).not.toContain('no-store');
    }
  });
});

describe('the built-in legal pages', () => {
  it("are served at their paths where no setting names the operator's own", async () => {
    for (const url of ['/terms', '/do-not-sell', '/do-not-sell?utm_source=mail']) {
      const { response, text } = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(runtimeConfigOf(text), url).toMatchObject({ termsUrl: '/terms', doNotSellUrl: '/do-not-sell' });
    }
  });

  it("send visitors to the operator's own page where its setting names one", async () => {
    const { response } = await get('/privacy');
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(
      'https://acme.example/privacy?a=1&b=%3C/script%3E%3Cscript%3Ealert(1)%3C/script%3E',
    );
  });

  it('are at the root only: under a version or below them is a 404', async () => {
    for (const url of ['/v2/terms', '/terms/extra', '/do-not-sell/x']) {
      expect((await get(url)).response.statusCode, url).toBe(404);
    }
  });

  it('keep their paths: a flow route that would take one stops the server with a message naming it', async () => {
    const flows = tempDir();
    try {
      writeFlows(flows.path);
      const taken = {
        id: 'test-flow',
        basePath: '',
        start: 'start',
        steps: { start: { route: '' }, terms: { route: 'terms' } },
      };
      writeFileSync(join(flows.path, 'test-flow.json'), JSON.stringify(taken));
      const config = testConfig({ STATIC_DIR: join(dir.path, 'dist') });
      await expect(
        buildApp({ config, db: database.db, logger: false, flowsDir: flows.path, development: false }),
      ).rejects.toThrow('The flows define the route "/terms": it is the site\'s built-in terms of use');
    } finally {
      flows.remove();
    }
  });
});

describe('the built files', () => {
  it('are served brotli-compressed when the browser accepts brotli', async () => {
    const { response, text } = await get('/main.1a2b3c4d.js', { 'accept-encoding': 'gzip, br' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(text).toBe(ASSET_JS);
  });

  it('are served gzip-compressed when the browser accepts only gzip', async () => {
    const { response, text } = await get('/index.5e6f7a8b.css', { 'accept-encoding': 'gzip' });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(text).toBe(ASSET_CSS);
  });

  it('are served uncompressed to browsers that accept neither', async () => {
    const { response, text } = await get('/main.1a2b3c4d.js');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(text).toBe(ASSET_JS);
  });

  it('are cached for a year when their name carries a content hash, revalidated otherwise', async () => {
    const hashed = await get('/main.1a2b3c4d.js', { 'accept-encoding': 'br' });
    expect(hashed.response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const css = await get('/index.5e6f7a8b.css');
    expect(css.response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const nested = await get('/assets/logo.0badf00d.svg');
    expect(nested.response.headers['content-type']).toBe('image/svg+xml');
    expect(nested.response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const plain = await get('/robots.txt');
    expect(plain.response.statusCode).toBe(200);
    expect(plain.response.headers['cache-control']).toBe('no-cache');
  });

  it('include the service worker at the root (its scope is the whole site), revalidated on every update check', async () => {
    // Parcel writes the worker unhashed at the top of the build, next to index.html, with compressed siblings.
    const worker = "self.addEventListener('fetch', () => {});\n";
    const dist = join(dir.path, 'dist');
    writeFileSync(join(dist, 'service-worker.js'), worker);
    writeFileSync(join(dist, 'service-worker.js.br'), brotliCompressSync(worker));
    for (const encoding of ['br', 'identity']) {
      const { response, text } = await get('/service-worker.js', { 'accept-encoding': encoding });
      expect(response.statusCode, encoding).toBe(200);
      expect(response.headers['content-type'], encoding).toBe('application/javascript; charset=utf-8');
      expect(response.headers['cache-control'], encoding).toBe('no-cache');
      expect(text, encoding).toBe(worker);
    }
  });
});

describe('the API', () => {
  it('reports health with the database', async () => {
    const response = await app.inject('/api/v1/health');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'ok' });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers unknown /api paths with 404 JSON, not the page', async () => {
    for (const url of ['/api', '/api/v1/nope', '/api/v2/health']) {
      const response = await app.inject(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(response.json()).toEqual({ error: 'not_found', message: `Nothing here answers GET ${url}` });
    }
  });

  it('never shows a server fault: a generic message, no stack, SQL or file path', async () => {
    const response = await app.inject('/api/v1/test-failure');
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: 'internal', message: 'Something went wrong' });
    expect(response.body).not.toMatch(/leads|select|\/srv|\.ts|at /);
  });

  it('answers a bad request with a code and a clear message', async () => {
    const broken = await app.inject({
      method: 'POST',
      url: '/api/v1/test-echo',
      headers: { 'content-type': 'application/json', ...xsrfHeaders() },
      payload: '{"amount": ',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ error: 'bad_request', message: expect.stringMatching(/JSON/) });
    expect(broken.body).not.toMatch(/stack|node_modules/);
  });

  it('validates bodies like the browser: a string is not coerced to a number', async () => {
    const echo = (payload: object) =>
      app.inject({ method: 'POST', url: '/api/v1/test-echo', payload, headers: xsrfHeaders() });
    const response = await echo({ amount: '5000' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'invalid_request', message: 'body/amount must be integer' });
    const valid = await echo({ amount: 5000, extra: 1 });
    expect(valid.json()).toEqual({ amount: 5000, extra: 1 });
  });
});

describe('security headers', () => {
  it('are on every kind of response', async () => {
    const pages = await Promise.all([app.inject('/'), app.inject('/nope'), app.inject('/assets/logo.0badf00d.svg')]);
    for (const response of pages) {
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    }
    // What the policy allows is tested in security.test.ts; here: the same policy on every page, with the response's
    // nonce and the inlined stylesheet's hash, and without them on a file a browser may open as a document (a script
    // or a stylesheet carries none: security.test.ts).
    for (const page of pages.slice(0, 2)) {
      const nonce = policyNonce(page.headers['content-security-policy']);
      expect(page.headers['content-security-policy']).toBe(
        contentSecurityPolicy(testConfig(settings), { styles: [sha256(ASSET_CSS)], scripts: [] }, nonce),
      );
    }
    expect(pages[2].headers['content-security-policy']).toBe(contentSecurityPolicy(testConfig(settings)));
    const apiAnswers = await Promise.all([
      app.inject('/api/v1/health'),
      app.inject('/api/nope'),
      app.inject('/api/v1/test-failure'),
    ]);
    for (const response of apiAnswers) {
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['content-security-policy']).toBe(API_SECURITY_HEADERS['content-security-policy']);
    }
  });
});

describe('the real flows', () => {
  it('every step path of every flow file opens the page', async () => {
    const flows = readFlowFiles(FLOWS_DIR).map(({ json }) => json as Flow);
    const realDir = tempDir();
    writeBuiltSite(realDir.path);
    const real = await buildApp({
      config: testConfig({ STATIC_DIR: realDir.path }),
      db: database.db,
      logger: false,
      development: false,
    });
    try {
      const paths = allStepPaths(flows);
      expect(paths.length).toBeGreaterThan(0);
      for (const path of paths) expect((await real.inject(path)).statusCode, path).toBe(200);
    } finally {
      await real.close();
      realDir.remove();
    }
  });
});

describe('development', () => {
  it('re-reads the page on every request and caches no file', async () => {
    const devDir = tempDir();
    writeBuiltSite(devDir.path);
    const dev = await buildApp({
      config: testConfig({ STATIC_DIR: devDir.path }),
      db: database.db,
      logger: false,
      flowsDir: join(dir.path, 'flows'),
      development: true,
    });
    try {
      expect((await dev.inject('/')).body).toContain('/main.1a2b3c4d.js');
      writeFileSync(join(devDir.path, 'index.html'), BUILT_INDEX_HTML.replace('main.1a2b3c4d', 'main.99999999'));
      expect((await dev.inject('/')).body).toContain('/main.99999999.js');
      expect((await dev.inject('/main.1a2b3c4d.js')).headers['cache-control']).toBe('no-cache');
    } finally {
      await dev.close();
      devDir.remove();
    }
  });
});

describe('a site that is not built', () => {
  it('starts, and its pages say so with 503 while the API works', async () => {
    const empty = tempDir();
    const bare = await buildApp({
      config: testConfig({ STATIC_DIR: join(empty.path, 'dist') }),
      db: database.db,
      logger: false,
      flowsDir: join(dir.path, 'flows'),
    });
    try {
      const page = await bare.inject('/');
      expect(page.statusCode).toBe(503);
      expect(page.body).toBe('This site is not built yet. Run npm run build on the server, then reload.');
      expect((await bare.inject('/api/v1/health')).statusCode).toBe(200);
    } finally {
      await bare.close();
      empty.remove();
    }
  });

  it('refuses to start when index.html has no runtime-config element', async () => {
    const broken = tempDir();
    writeBuiltSite(broken.path, '<!doctype html><title>x</title><body>');
    const building = buildApp({
      config: testConfig({ STATIC_DIR: broken.path }),
      db: database.db,
      logger: false,
      flowsDir: join(dir.path, 'flows'),
    });
    await expect(building).rejects.toThrow(PageTemplateError);
    await expect(building).rejects.toThrow(
      'must contain exactly one <script id="runtime-config" type="application/json">{}</script> element (found 0)',
    );
    broken.remove();
  });
});

describe('logs', () => {
  it('record a server fault for the operator, without the request body', async () => {
    const lines: string[] = [];
    const logged = await buildApp({
      config: testConfig({ STATIC_DIR: join(dir.path, 'dist') }),
      db: database.db,
      logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } },
      flowsDir: join(dir.path, 'flows'),
    });
    logged.post('/api/v1/test-failure', async () => {
      throw new Error('the buyer client broke');
    });
    try {
      const response = await logged.inject({
        method: 'POST',
        url: '/api/v1/test-failure',
        payload: { email: 'owner@acme.example', phone: '2125550123' },
        headers: xsrfHeaders(),
      });
      expect(response.json()).toEqual({ error: 'internal', message: 'Something went wrong' });
      const errors = lines.map((line) => JSON.parse(line) as { level: number; msg: string; err?: { message: string } });
      expect(errors.find((entry) => entry.level === 50)).toMatchObject({
        msg: 'request failed',
        err: { message: 'the buyer client broke' },
      });
      expect(lines.join('\n')).not.toMatch(/owner@acme|2125550123/);
    } finally {
      await logged.close();
    }
  });
});
