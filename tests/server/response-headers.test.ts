/**
 * The headers audit: every kind of response the server gives (each flow route's page, the service worker, each API
 * route's success and refusal, 404, a wrong method, 413, 415, broken JSON) carries a strict
 * Content-Security-Policy, HSTS, nosniff, a Referrer-Policy and frame-ancestors 'none'; a script or stylesheet, never
 * a document, carries HSTS and nosniff and nothing meant for documents (docs/decisions/038-room-in-the-first-script.md);
 * the ones carrying the
 * visitor's own details are never stored by a cache; and the cookie is SameSite, Secure when the request came over
 * TLS (directly or through the trusted proxy) and readable by the page only because it must be.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { XSRF_COOKIE } from '../../contracts/api-paths.ts';
import { FLOWS_DIR } from '../../server/platform/paths.ts';
import { clientRoutes } from '../../server/page/pages.ts';
import { validLead } from '../support/lead-fixture.ts';
import { openTestPglite, tempDir, writeBuiltSite, xsrfHeaders, type TestDatabase } from '../support/server-harness.ts';
import { prepareLeadDatabase, startLeadApp } from '../support/lead-app.ts';

const YEAR_SECONDS = 31_536_000;
/** Policies that send no more than the origin to another site, and nothing over a downgrade. */
const STRICT_REFERRER_POLICIES = ['no-referrer', 'same-origin', 'strict-origin', 'strict-origin-when-cross-origin'];
/** The cookies the page must read (the XSRF token it copies into a header); every other cookie is HttpOnly. */
const READ_BY_THE_PAGE = [XSRF_COOKIE];
const CERTIFICATE = 'https://cert.trustedform.com/0123456789abcdef0123456789abcdef01234567';
const JSON_TYPE = { 'content-type': 'application/json' };

interface Kind {
  kind: string;
  request: InjectOptions;
  status: number;
  /** It answers with the visitor's own details or input, so no cache may keep it. */
  personal: boolean;
}

const post = (url: string, payload: string, headers: Record<string, string> = JSON_TYPE): InjectOptions => ({
  method: 'POST',
  url,
  payload,
  headers: { ...xsrfHeaders(), ...headers },
});

/** Every kind of response but the pages, which come from the flows. */
const KINDS: Kind[] = [
  // As the browser fetches a worker's script: its response's policy is the worker's own.
  {
    kind: 'the service worker',
    request: { url: '/service-worker.js', headers: { 'service-worker': 'script' } },
    status: 200,
    personal: false,
  },
  { kind: 'a missing page', request: { url: '/no-such-page' }, status: 404, personal: false },
  { kind: 'health', request: { url: '/api/v1/health' }, status: 200, personal: false },
  { kind: 'a ZIP lookup', request: { url: '/api/v1/zipcode/validate?zipcode=90210' }, status: 200, personal: true },
  { kind: 'a refused ZIP lookup', request: { url: '/api/v1/zipcode/validate?zipcode=x' }, status: 400, personal: true },
  { kind: 'the client address', request: { url: '/api/v1/remote/address' }, status: 200, personal: true },
  { kind: 'a phone check', request: { url: '/api/v1/phone/validate?phone=3105550147' }, status: 200, personal: true },
  { kind: 'a refused phone check', request: { url: '/api/v1/phone/validate?phone=1' }, status: 400, personal: true },
  { kind: 'the thank-you settings', request: { url: '/api/v1/content/thank-you' }, status: 200, personal: false },
  { kind: 'the home popup', request: { url: '/api/v1/content/home-popup' }, status: 200, personal: false },
  {
    kind: 'a certificate claim',
    request: post('/api/v1/trustedform/claim', JSON.stringify({ url: CERTIFICATE })),
    status: 202,
    personal: true,
  },
  { kind: 'a refused claim', request: post('/api/v1/trustedform/claim', '{"url":1}'), status: 400, personal: true },
  {
    kind: 'a lead accepted',
    request: post('/api/v1/leads/trigger', JSON.stringify(validLead())),
    status: 201,
    personal: true,
  },
  {
    kind: 'a lead refused',
    request: post('/api/v1/leads/trigger', '{"flow_version":"v1"}'),
    status: 400,
    personal: true,
  },
  {
    kind: 'a ZIP check',
    request: post('/api/lead/check_valid_zipcode', '{"zipcode":"90210"}'),
    status: 200,
    personal: true,
  },
  { kind: 'an API path that does not exist', request: { url: '/api/v1/nope' }, status: 404, personal: true },
  // No route answers 405: a method a path does not take is "nothing here", named in the answer.
  {
    kind: 'a wrong method',
    request: { method: 'DELETE', url: '/api/v1/health', headers: xsrfHeaders() },
    status: 404,
    personal: true,
  },
  { kind: 'a wrong method on a page', request: { method: 'PUT', url: '/amount' }, status: 404, personal: true },
  {
    kind: 'a body over the limit',
    request: post('/api/v1/leads/trigger', JSON.stringify(validLead({ business_name: 'x'.repeat(70_000) }))),
    status: 413,
    personal: true,
  },
  {
    kind: 'an unsupported media type',
    request: post('/api/v1/leads/trigger', 'a=1', { 'content-type': 'application/x-www-form-urlencoded' }),
    status: 415,
    personal: true,
  },
  {
    kind: 'broken JSON',
    request: post('/api/v1/leads/trigger', '{"email": "x@example.com",'),
    status: 400,
    personal: true,
  },
  { kind: 'a cross-site call', request: { method: 'POST', url: '/api/v1/leads/trigger' }, status: 403, personal: true },
  { kind: 'a URL that cannot be decoded', request: { url: '/%zz' }, status: 400, personal: true },
];

type Headers = LightMyRequestResponse['headers'] | Record<string, string>;

const directives = (policy: string) =>
  new Map(
    policy
      .split(';')
      .map((entry) => entry.trim().split(/\s+/))
      .map(([name = '', ...sources]) => [name, sources]),
  );

/** What the audit finds wrong with one answer's headers. */
function audit(headers: Headers, personal: boolean): string[] {
  const problems: string[] = [];
  const header = (name: string) => String(headers[name] ?? '');
  const policy = directives(header('content-security-policy'));
  const scripts = policy.get('script-src') ?? policy.get('default-src') ?? [];
  if (scripts.length === 0) problems.push('no script-src or default-src');
  if (scripts.includes("'unsafe-inline'")) problems.push("'unsafe-inline' scripts");
  if ([...policy.values()].flat().includes("'unsafe-eval'")) problems.push("'unsafe-eval'");
  if ((policy.get('frame-ancestors') ?? []).join(' ') !== "'none'") problems.push("frame-ancestors not 'none'");
  const maxAge = Number(/^max-age=(\d+)/.exec(header('strict-transport-security'))?.[1] ?? 0);
  if (maxAge < YEAR_SECONDS) problems.push(`HSTS "${header('strict-transport-security')}"`);
  if (header('x-content-type-options') !== 'nosniff') problems.push('no nosniff');
  const referrer = header('referrer-policy');
  if (!STRICT_REFERRER_POLICIES.includes(referrer)) problems.push(`Referrer-Policy "${referrer}"`);
  if (personal && !/\bno-store\b/.test(header('cache-control')))
    problems.push(`Cache-Control "${header('cache-control')}"`);
  return problems;
}

interface Cookie {
  name: string;
  attributes: string[];
}

function cookiesOf(headers: Headers): Cookie[] {
  return [headers['set-cookie'] ?? []].flat().map((line) => {
    const [pair = '', ...attributes] = String(line)
      .split(';')
      .map((part) => part.trim());
    return {
      name: pair.slice(0, pair.indexOf('=')),
      attributes: attributes.map((a) => a.split('=')[0]!.toLowerCase()),
    };
  });
}

let site: ReturnType<typeof tempDir>;
let database: TestDatabase;
let app: FastifyInstance;
let proxied: FastifyInstance;

beforeAll(async () => {
  site = tempDir();
  const dist = join(site.path, 'dist');
  writeBuiltSite(dist);
  writeFileSync(join(dist, 'service-worker.js'), "self.addEventListener('fetch', () => {});\n");
  database = await openTestPglite();
  await prepareLeadDatabase(database.db);
  app = await startLeadApp(database.db, { env: { STATIC_DIR: dist } });
  proxied = await startLeadApp(database.db, { env: { STATIC_DIR: dist, TRUST_PROXY: '10.0.0.5' } });
}, 60_000);

afterAll(async () => {
  await app?.close();
  await proxied?.close();
  await database?.cleanup();
  site?.remove();
});

describe('every kind of response', () => {
  it('at every flow route: a page with a strict policy, HSTS, nosniff and a Referrer-Policy', async () => {
    const routes = clientRoutes(FLOWS_DIR);
    expect(routes.length).toBeGreaterThan(10);
    const problems: string[] = [];
    for (const path of routes) {
      const response = await app.inject(path);
      expect(response.statusCode, path).toBe(200);
      expect(response.headers['content-type'], path).toBe('text/html; charset=utf-8');
      problems.push(...audit(response.headers, false).map((problem) => `${path}: ${problem}`));
    }
    expect(problems).toEqual([]);
  });

  it.each(['/main.1a2b3c4d.js', '/index.5e6f7a8b.css', '/service-worker.js'])(
    '%s as a page loads it: HSTS and nosniff, nothing meant for documents',
    async (url) => {
      const response = await app.inject(url);
      expect(response.statusCode).toBe(200);
      const header = (name: string) => String(response.headers[name] ?? '');
      expect(Number(/^max-age=(\d+)/.exec(header('strict-transport-security'))?.[1])).toBeGreaterThanOrEqual(
        YEAR_SECONDS,
      );
      expect(header('x-content-type-options')).toBe('nosniff');
      for (const name of ['content-security-policy', 'permissions-policy', 'x-frame-options', 'referrer-policy']) {
        expect(response.headers[name], name).toBeUndefined();
      }
    },
  );

  it.each(KINDS)('$kind: answers $status with the security headers', async ({ request, status, personal }) => {
    const response = await app.inject(request);
    expect(response.statusCode).toBe(status);
    expect(audit(response.headers, personal)).toEqual([]);
  });
});

describe('the cookie', () => {
  const kinds = ['/', '/amount', '/no-such-page', '/api/v1/health', '/api/v1/nope'];

  it('is the XSRF token only, SameSite everywhere, readable by the page, and not Secure over plain http', async () => {
    for (const url of kinds) {
      const cookies = cookiesOf((await app.inject(url)).headers);
      expect(
        cookies.map((cookie) => cookie.name),
        url,
      ).toEqual([XSRF_COOKIE]);
      for (const { name, attributes } of cookies) {
        expect(attributes, `${url} ${name}`).toContain('samesite');
        // Double-submit: the page copies it into a header, so it cannot be HttpOnly (decision 042).
        expect(attributes.includes('httponly'), `${url} ${name}`).toBe(!READ_BY_THE_PAGE.includes(name));
        expect(attributes, `${url} ${name}`).not.toContain('secure');
      }
    }
  });

  it('is Secure when the trusted proxy reports https, and not when anyone else claims it', async () => {
    const https = { 'x-forwarded-proto': 'https' };
    for (const url of kinds) {
      const throughProxy = await proxied.inject({ url, headers: https, remoteAddress: '10.0.0.5' });
      expect(cookiesOf(throughProxy.headers)[0]?.attributes, url).toContain('secure');
      const spoofed = await proxied.inject({ url, headers: https, remoteAddress: '203.0.113.9' });
      expect(cookiesOf(spoofed.headers)[0]?.attributes, url).not.toContain('secure');
    }
  });

  it('is never set on a file, which shared caches may keep', async () => {
    for (const url of ['/main.1a2b3c4d.js', '/service-worker.js', '/robots.txt']) {
      expect((await app.inject(url)).headers['set-cookie'], url).toBeUndefined();
    }
  });
});
