/**
 * The optional split test (SPLIT_TEST, docs/decisions/029-split-tests.md): off by default, '/' is v1; on, a visitor
 * arriving at '/' (or '/es') is given a version by weight, kept on it by a cookie, and sent to its start (in the
 * page's language) with the query kept.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { armAt, VERSION_COOKIE } from '../../../server/page/split-test.ts';
import { configProblems, startTestApp, type TestApp } from '../../support/server-harness.ts';

let server: TestApp | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function appWith(env: Record<string, string> = {}) {
  server = await startTestApp(env);
  return server.app;
}

const versionCookie = (setCookie: string | string[] | undefined) =>
  [setCookie ?? []].flat().find((cookie) => cookie.startsWith(`${VERSION_COOKIE}=`));

describe('the arms', () => {
  it.each([
    [0, 'v1'],
    [49, 'v1'],
    [50, 'v2'],
    [74, 'v2'],
    [75, 'v3'],
    [99, 'v3'],
  ])('draw %i of v1:50,v2:25,v3:25 is %s', (draw, version) => {
    expect(
      armAt(
        new Map([
          ['v1', 50],
          ['v2', 25],
          ['v3', 25],
        ]),
        draw,
      ),
    ).toBe(version);
  });

  it('never gives an arm of weight 0', () => {
    const arms = new Map([
      ['v1', 0],
      ['v2', 3],
      ['v3', 0],
    ]);
    expect([0, 1, 2].map((draw) => armAt(arms, draw))).toEqual(['v2', 'v2', 'v2']);
  });
});

describe('SPLIT_TEST', () => {
  it("is off by default: '/' is the v1 page and no version cookie is set", async () => {
    const app = await appWith();
    const response = await app.inject('/?utm_source=ads');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(versionCookie(response.headers['set-cookie'])).toBeUndefined();
  });

  it("sends a new visitor to their version's start, keeping the query, and keeps them there with a cookie", async () => {
    const app = await appWith({ SPLIT_TEST: 'v1:0,v3:1' });
    const response = await app.inject('/?utm_source=ads&utm_campaign=spring&gclid=abc');
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/v3?utm_source=ads&utm_campaign=spring&gclid=abc');
    expect(response.headers.vary).toMatch(/cookie/i);
    expect(response.headers['cache-control']).toBe('private, no-cache');
    expect(versionCookie(response.headers['set-cookie'])).toBe(
      `${VERSION_COOKIE}=v3; Path=/; Max-Age=2592000; HttpOnly; SameSite=Lax`,
    );
    const again = await app.inject({ url: '/', headers: { cookie: `${VERSION_COOKIE}=v3` } });
    expect(again.statusCode).toBe(302);
    expect(again.headers.location).toBe('/v3');
    expect(versionCookie(again.headers['set-cookie'])).toBeUndefined();
  });

  it("answers the page at '/' to a visitor kept on the version that starts there", async () => {
    const app = await appWith({ SPLIT_TEST: 'v1:1,v2:1' });
    const response = await app.inject({ url: '/', headers: { cookie: `${VERSION_COOKIE}=v1` } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers.vary).toMatch(/cookie/i);
  });

  it("splits the visitors arriving at '/es' too, over the same weights, sending each to their version in Spanish", async () => {
    const app = await appWith({ SPLIT_TEST: 'v1:0,v3:1' });
    const response = await app.inject('/es?utm_source=ads');
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/es/v3?utm_source=ads');
    expect(versionCookie(response.headers['set-cookie'])).toMatch(new RegExp(`^${VERSION_COOKIE}=v3;`));
    // A visitor kept on v1, which starts at '/es' in Spanish, gets the page itself.
    const kept = await appWith({ SPLIT_TEST: 'v1:1,v2:1' });
    const home = await kept.inject({ url: '/es', headers: { cookie: `${VERSION_COOKIE}=v1` } });
    expect(home.statusCode).toBe(200);
    expect(home.headers['content-type']).toMatch(/^text\/html/);
  });

  it('gives a visitor whose version left the test a version of the test', async () => {
    const app = await appWith({ SPLIT_TEST: 'v1:0,v2:1' });
    const response = await app.inject({ url: '/', headers: { cookie: `${VERSION_COOKIE}=v3` } });
    expect(response.headers.location).toBe('/v2');
    expect(versionCookie(response.headers['set-cookie'])).toMatch(new RegExp(`^${VERSION_COOKIE}=v2;`));
  });

  it('spreads new visitors over every arm with a weight', async () => {
    const app = await appWith({ SPLIT_TEST: 'v1:1,v2:1,v3:1' });
    const seen = new Set<string>();
    // Each arm has a third: 60 visitors all missing one arm happens about once in 10^10 runs.
    for (let visitor = 0; visitor < 60; visitor++) {
      const response = await app.inject('/');
      seen.add(response.statusCode === 200 ? '/' : String(response.headers.location));
    }
    expect([...seen].sort()).toEqual(['/', '/v2', '/v3']);
  });

  it('refuses a version no flow file has, and a value that is not version:weight pairs, naming the setting', async () => {
    await expect(startTestApp({ SPLIT_TEST: 'v1:1,v9:1' })).rejects.toThrow(
      /SPLIT_TEST names v9, which no flow file has: use v1, v2, v3/,
    );
    expect(configProblems({ SPLIT_TEST: 'v1=50' })).toEqual([
      expect.stringMatching(/^SPLIT_TEST must list version:weight pairs .*"v1=50" is not/),
    ]);
    expect(configProblems({ SPLIT_TEST: 'v1:50' })).toEqual([expect.stringMatching(/^SPLIT_TEST needs at least two/)]);
    expect(configProblems({ SPLIT_TEST: 'v1:0,v2:0' })).toEqual([
      expect.stringMatching(/^SPLIT_TEST needs at least one weight above 0/),
    ]);
    expect(configProblems({ SPLIT_TEST: 'v1:1,v1:2' })).toEqual([expect.stringMatching(/^SPLIT_TEST names v1 twice/)]);
  });
});
