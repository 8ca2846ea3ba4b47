/**
 * The ZIP lookup's plainest request is answered before Fastify (server/zip-lookup-lane.ts), with exactly what the
 * route answers; everything else reaches the route.
 */
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { STRICT_TRANSPORT_SECURITY } from '../../server/security.ts';
import { openTestPglite, tempDir, testConfig, TEST_XSRF_TOKEN, writeBuiltSite, type TestDatabase } from './helpers.ts';

const COOKIE = { cookie: `XSRF-TOKEN=${TEST_XSRF_TOKEN}` };
// Set by Node on every answer, and by time: not part of what the route answers.
const CONNECTION_HEADERS = ['date', 'connection', 'keep-alive'];

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

let site: ReturnType<typeof tempDir>;
let database: TestDatabase;
let app: FastifyInstance;
let origin: string;
let reachedFastify: string[];

beforeAll(async () => {
  site = tempDir();
  writeBuiltSite(join(site.path, 'dist'));
  database = await openTestPglite();
  // The test's own address is the proxy TRUST_PROXY names, so X-Forwarded-Proto counts as Fastify counts it.
  const config = testConfig({ STATIC_DIR: join(site.path, 'dist'), TRUST_PROXY: '127.0.0.1' });
  app = await buildApp({ config, db: database.db, logger: false });
  app.addHook('onRequest', (request, _reply, done) => {
    reachedFastify.push(request.url);
    done();
  });
  origin = await app.listen({ port: 0, host: '127.0.0.1' });
}, 60_000);

beforeEach(() => {
  reachedFastify = [];
});

afterAll(async () => {
  await app?.close();
  await database?.cleanup();
  site?.remove();
});

/** A new visitor's cookie holds a new random token each time: compared as "a token". */
function comparable(headers: [string, string][]): Record<string, string> {
  return Object.fromEntries(
    headers
      .filter(([name]) => !CONNECTION_HEADERS.includes(name))
      .map(([name, value]) => [name, name === 'set-cookie' ? value.replace(/^XSRF-TOKEN=[^;]+/, 'XSRF-TOKEN=(token)') : value]),
  );
}

async function overHttp(path: string, headers: Record<string, string>, method = 'GET'): Promise<Answer> {
  const response = await fetch(origin + path, { method, headers });
  return { status: response.status, headers: comparable([...response.headers]), body: await response.text() };
}

/** The route's own answer: inject goes straight to Fastify, never through the server's lane. */
async function fromTheRoute(path: string, headers: Record<string, string>): Promise<Answer> {
  const response = await app.inject({ method: 'GET', url: path, headers, remoteAddress: '127.0.0.1' });
  const answered = Object.entries(response.headers).map(([name, value]): [string, string] => [name, String(value)]);
  return { status: response.statusCode, headers: comparable(answered), body: response.body };
}

describe('the ZIP lookup lane', () => {
  it.each(['90210', '10001', '00000'])('answers ?zipcode=%s without Fastify, exactly as the route does', async (zip) => {
    const path = `/api/v1/zipcode/validate?zipcode=${zip}`;
    const answer = await overHttp(path, COOKIE);
    expect(reachedFastify).toEqual([]);
    expect(answer).toEqual(await fromTheRoute(path, COOKIE));
  });

  it.each(['https', 'http', 'http, https'])(
    'behind the trusted proxy with X-Forwarded-Proto %j, sends HSTS as the route does',
    async (proto) => {
      const headers = { ...COOKIE, 'x-forwarded-proto': proto };
      const path = '/api/v1/zipcode/validate?zipcode=60601';
      const answer = await overHttp(path, headers);
      expect(reachedFastify).toEqual([]);
      expect(answer).toEqual(await fromTheRoute(path, headers));
      expect(answer.headers['strict-transport-security']).toBe(STRICT_TRANSPORT_SECURITY);
    },
  );

  it.each([
    ['a first visit without the cookie, which the route hands out', '/api/v1/zipcode/validate?zipcode=90210', {}],
    ['a ZIP that is not five digits', '/api/v1/zipcode/validate?zipcode=9021', COOKIE],
    ['other parameters', '/api/v1/zipcode/validate?zipcode=90210&city=x', COOKIE],
    ['the path with a trailing slash', '/api/v1/zipcode/validate/?zipcode=90210', COOKIE],
  ])('leaves %s to the route', async (_case, path, headers) => {
    const answer = await overHttp(path, headers);
    expect(reachedFastify).toEqual([path]);
    expect(answer).toEqual(await fromTheRoute(path, headers));
  });

  it('leaves HEAD to the route', async () => {
    const answer = await overHttp('/api/v1/zipcode/validate?zipcode=90210', COOKIE, 'HEAD');
    expect(reachedFastify).toHaveLength(1);
    expect(answer.status).toBe(200);
  });

  it('keeps connections open as Fastify configures its own server', async () => {
    const response = await fetch(`${origin}/api/v1/zipcode/validate?zipcode=90210`, { headers: COOKIE });
    await response.text();
    expect(response.headers.get('keep-alive')).toBe('timeout=72');
  });
});
