/**
 * Cross-site request protection: the XSRF-TOKEN cookie the server hands out, and state-changing API calls refused
 * without the matching X-XSRF-TOKEN header, with a token the server did not issue, or from another site, before
 * anything is stored; and bodies in an encoding the server does not read refused the same way.
 */
import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { validLead } from '../../../support/lead-fixture.ts';
import {
  DATABASES,
  newVisitToken,
  startTestApp,
  TEST_XSRF_TOKEN,
  xsrfHeaders,
  type TestApp,
  type TestDatabase,
} from '../../../support/server-harness.ts';
import { countRows, prepareLeadDatabase, startLeadApp } from '../../../support/lead-app.ts';
import { xsrfTokens } from '../../../../server/platform/http/xsrf-token.ts';

const LEADS = '/api/v1/leads/trigger';
const OTHER_TOKEN = 'b3RoZXItdG9rZW4tb2YtMzItYnl0ZXMtbG9uZy0xMjM';

const REFUSED_WITHOUT_COOKIE = {
  error: 'xsrf_token_invalid',
  message:
    'No XSRF-TOKEN cookie this site issued was sent: this answer sets one; copy it into the X-XSRF-TOKEN header and send again',
};
const REFUSED_OTHER_SITE = {
  error: 'xsrf_token_invalid',
  message: 'This request came from another site: send it from the page itself',
};
const REFUSED_WRONG_HEADER = {
  error: 'xsrf_token_invalid',
  message: 'Missing or wrong X-XSRF-TOKEN header: copy the XSRF-TOKEN cookie into it',
};

/** The Set-Cookie headers of a response, as a list. */
function setCookies(headers: OutgoingHttpHeaders): string[] {
  const value = headers['set-cookie'];
  if (value === undefined) return [];
  return Array.isArray(value) ? value.map(String) : [String(value)];
}

function issuedToken(headers: OutgoingHttpHeaders): string | undefined {
  const cookie = setCookies(headers).find((line) => line.startsWith('XSRF-TOKEN='));
  return cookie ? /^XSRF-TOKEN=([^;]*)/.exec(cookie)?.[1] : undefined;
}

describe.each(DATABASES)('state-changing API calls on $name', ({ open }) => {
  let database: TestDatabase;
  let app: FastifyInstance;

  const post = (headers: Record<string, string>, payload: unknown = validLead()) =>
    app.inject({ method: 'POST', url: LEADS, payload: payload as object, headers });

  beforeAll(async () => {
    database = await open();
    await prepareLeadDatabase(database.db);
    app = await startLeadApp(database.db);
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await database?.cleanup();
  });

  beforeEach(async () => {
    await database.db.exec('delete from test_delivery_jobs; delete from consent_evidence; delete from leads');
  });

  it.each([
    ['without the cookie', { 'x-xsrf-token': TEST_XSRF_TOKEN }, REFUSED_WITHOUT_COOKIE],
    ['without the header', { cookie: `XSRF-TOKEN=${TEST_XSRF_TOKEN}` }, REFUSED_WRONG_HEADER],
    ['with a header that does not match', { ...xsrfHeaders(), 'x-xsrf-token': OTHER_TOKEN }, REFUSED_WRONG_HEADER],
    [
      'with a header one character short',
      { ...xsrfHeaders(), 'x-xsrf-token': TEST_XSRF_TOKEN.slice(1) },
      REFUSED_WRONG_HEADER,
    ],
    [
      'with a cookie too short for a token',
      { cookie: 'XSRF-TOKEN=abc', 'x-xsrf-token': 'abc' },
      REFUSED_WITHOUT_COOKIE,
    ],
    [
      'with a token pair the client made up',
      { cookie: `XSRF-TOKEN=${OTHER_TOKEN}`, 'x-xsrf-token': OTHER_TOKEN },
      REFUSED_WITHOUT_COOKIE,
    ],
    [
      'with a token another installation issued',
      xsrfHeaders(xsrfTokens(Buffer.from('another-installations-key-of-32-characters')).issue()),
      REFUSED_WITHOUT_COOKIE,
    ],
    ['from another site, by its Origin', { ...xsrfHeaders(), origin: 'https://attacker.example' }, REFUSED_OTHER_SITE],
    ['from a sandboxed frame or a data: page (Origin null)', { ...xsrfHeaders(), origin: 'null' }, REFUSED_OTHER_SITE],
    [
      'from another site, by its Referer when it sends no Origin',
      { ...xsrfHeaders(), referer: 'https://attacker.example/page' },
      REFUSED_OTHER_SITE,
    ],
    [
      'from another site, by Sec-Fetch-Site, whatever Origin says',
      { ...xsrfHeaders(), 'sec-fetch-site': 'cross-site', origin: 'http://localhost:80' },
      REFUSED_OTHER_SITE,
    ],
    [
      'from a sibling subdomain (Sec-Fetch-Site same-site)',
      { ...xsrfHeaders(), 'sec-fetch-site': 'same-site' },
      REFUSED_OTHER_SITE,
    ],
  ])('are refused %s: 403 JSON naming the header, and nothing stored', async (_case, headers, expected) => {
    const response = await post(headers);
    expect(response.statusCode).toBe(403);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual(expected);
    expect(await countRows(database.db, 'leads')).toBe(0);
    expect(await countRows(database.db, 'consent_evidence')).toBe(0);
    expect(await countRows(database.db, 'test_delivery_jobs')).toBe(0);
  });

  it('are refused before the body is read: a broken body gets the 403, not a parse error', async () => {
    const response = await app.inject({
      method: 'POST',
      url: LEADS,
      payload: '{"email": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toBe('xsrf_token_invalid');
  });

  it('are accepted with the header matching the cookie', async () => {
    const response = await post(xsrfHeaders());
    expect(response.statusCode).toBe(201);
    expect(await countRows(database.db, 'leads')).toBe(1);
  });

  it.each([
    ['a browser says it came from this page', { 'sec-fetch-site': 'same-origin', origin: 'http://localhost:80' }],
    ['a browser without Sec-Fetch-Site names this host as its Origin', { origin: 'http://localhost:80' }],
    ['this host served over https by a proxy names it', { origin: 'https://localhost' }],
    ['its Referer is a page of this host', { referer: 'http://localhost:80/amount?utm_source=ads' }],
  ])('are accepted when %s', async (_case, headers) => {
    const response = await post({ ...xsrfHeaders(), ...headers });
    expect(response.statusCode).toBe(201);
  });

  it.each([['gzip'], ['klingon'], ['br, gzip']])(
    'are refused with 415 when the body is labelled %s, and nothing is stored',
    async (encoding) => {
      const response = await post({ ...xsrfHeaders(), 'content-encoding': encoding });
      expect(response.statusCode).toBe(415);
      expect(response.json()).toEqual({
        error: 'unsupported_media_type',
        message: 'Content-Encoding is not accepted: send the body uncompressed, without a Content-Encoding header',
      });
      expect(await countRows(database.db, 'leads')).toBe(0);
    },
  );

  it('are read as sent when the body is labelled identity', async () => {
    const response = await post({ ...xsrfHeaders(), 'content-encoding': 'identity' });
    expect(response.statusCode).toBe(201);
  });

  it('leave a request without a body alone, whatever its label', async () => {
    const response = await app.inject({ url: '/api/v1/health', headers: { 'content-encoding': 'gzip' } });
    expect(response.statusCode).toBe(200);
  });

  it('are checked on every unsafe method and API path, also where no route answers', async () => {
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      const response = await app.inject({ method, url: LEADS, payload: {} });
      expect(response.statusCode, method).toBe(403);
    }
    expect((await app.inject({ method: 'POST', url: '/api/v1/nope' })).statusCode).toBe(403);
    expect((await app.inject({ method: 'POST', url: '/api/v1/nope', headers: xsrfHeaders() })).statusCode).toBe(404);
  });

  it('leave reading calls alone', async () => {
    for (const method of ['GET', 'HEAD', 'OPTIONS'] as const) {
      const response = await app.inject({ method, url: '/api/v1/health' });
      expect(response.statusCode, method).not.toBe(403);
    }
  });
});

describe('the XSRF-TOKEN cookie', () => {
  let server: TestApp;
  let proxied: TestApp;

  beforeAll(async () => {
    server = await startTestApp();
    proxied = await startTestApp({ TRUST_PROXY: '127.0.0.1' });
  }, 60_000);

  afterAll(async () => {
    await server?.close();
    await proxied?.close();
  });

  it('is set on pages and API answers of a visitor without one: random, readable by the page, sent same-site', async () => {
    const tokens = new Set<string>();
    for (const url of ['/', '/nope', '/api/v1/health', '/api/nope']) {
      const response = await server.app.inject(url);
      const [cookie, ...others] = setCookies(response.headers);
      expect(others, url).toEqual([]);
      expect(cookie, url).toMatch(/^XSRF-TOKEN=[A-Za-z0-9_-]{43}; Path=\/; SameSite=Lax$/);
      expect(cookie, url).not.toMatch(/HttpOnly|Secure/i);
      tokens.add(issuedToken(response.headers)!);
    }
    expect(tokens.size).toBe(4);
    const [token] = tokens;
    expect(Buffer.from(token!, 'base64url')).toHaveLength(32);
  });

  it('comes with the refusal, so the page can send again with it', async () => {
    const response = await server.app.inject({ method: 'POST', url: LEADS, payload: {} });
    expect(response.statusCode).toBe(403);
    const token = issuedToken(response.headers);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('is not issued again while the browser has one, nor on built files', async () => {
    for (const url of ['/', '/api/v1/health']) {
      const response = await server.app.inject({ url, headers: { cookie: `other=1; XSRF-TOKEN=${TEST_XSRF_TOKEN}` } });
      expect(setCookies(response.headers), url).toEqual([]);
    }
    const file = await server.app.inject('/main.1a2b3c4d.js');
    expect(setCookies(file.headers)).toEqual([]);
    expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('replaces a cookie that does not look like a token', async () => {
    const response = await server.app.inject({ url: '/', headers: { cookie: 'XSRF-TOKEN=not a token' } });
    expect(issuedToken(response.headers)).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('keeps an answer that sets it out of shared caches', async () => {
    const first = await server.app.inject('/');
    expect(first.headers['cache-control']).toBe('private, no-cache');
    // A page is private with or without the cookie: it carries a nonce of its own (tests/server/page/pages.test.ts).
    const returning = await server.app.inject({ url: '/', headers: xsrfHeaders() });
    expect(returning.headers['cache-control']).toBe('private, no-cache');
    expect((await server.app.inject('/api/v1/health')).headers['cache-control']).toBe('no-store');
  });

  it('is Secure over https through a trusted proxy, with a __Host- copy that the header is checked against', async () => {
    const overHttps = { 'x-forwarded-proto': 'https' };
    const secure = await proxied.app.inject({ url: '/', headers: overHttps, remoteAddress: '127.0.0.1' });
    const [checked, readable] = setCookies(secure.headers);
    expect(checked).toMatch(/^__Host-XSRF-TOKEN=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax; Secure$/);
    expect(readable).toMatch(/^XSRF-TOKEN=[A-Za-z0-9_-]{43}; Path=\/; SameSite=Lax; Secure$/);
    const token = /^__Host-XSRF-TOKEN=([^;]*)/.exec(checked!)![1]!;
    expect(issuedToken(secure.headers)).toBe(token);
    const call = (cookie: string, header = token) =>
      proxied.app.inject({
        method: 'POST',
        url: '/api/v1/nope',
        remoteAddress: '127.0.0.1',
        headers: { ...overHttps, cookie, 'x-xsrf-token': header },
      });
    // Past the token check (to a route that does not exist) with both cookies, as a browser sends them.
    expect((await call(`__Host-XSRF-TOKEN=${token}; XSRF-TOKEN=${token}`)).statusCode).toBe(404);
    // Without the __Host- copy: the one a sibling subdomain or a page on plain http could have set is not enough.
    expect((await call(`XSRF-TOKEN=${token}`)).json()).toEqual(REFUSED_WITHOUT_COOKIE);
    // A page copy another subdomain overwrote: refused, and the answer puts the page's copy back.
    const tossed = newVisitToken();
    const refused = await call(`__Host-XSRF-TOKEN=${token}; XSRF-TOKEN=${tossed}`, tossed);
    expect(refused.json()).toEqual(REFUSED_WRONG_HEADER);
    expect(setCookies(refused.headers)).toEqual([`XSRF-TOKEN=${token}; Path=/; SameSite=Lax; Secure`]);
    // Without a trusted proxy anyone could claim https in a header.
    const spoofed = await server.app.inject({ url: '/', headers: overHttps });
    expect(setCookies(spoofed.headers)).toHaveLength(1);
    expect(setCookies(spoofed.headers)[0]).not.toContain('Secure');
  });
});
