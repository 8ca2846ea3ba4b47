import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../../server/app.ts';
import {
  openTestPglite,
  startTestApp,
  tempDir,
  testConfig,
  writeBuiltSite,
  xsrfHeaders,
  type TestApp,
} from '../../../support/server-harness.ts';

let server: TestApp;
let app: FastifyInstance;

beforeAll(async () => {
  server = await startTestApp();
  app = server.app;
});

afterAll(() => server.close());

describe('GET /api/v1/zipcode/validate', () => {
  it.each([
    ['90210', 'Beverly Hills', 'CA'],
    ['10001', 'New York', 'NY'],
    ['60601', 'Chicago', 'IL'],
  ])('finds %s in %s, %s from real USPS data', async (zipcode, city, state) => {
    const response = await app.inject(`/api/v1/zipcode/validate?zipcode=${zipcode}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([{ zipcodes: [{ default_city: city, state_abbreviation: state, zipcode }] }]);
  });

  it('answers an empty list for a ZIP code that does not exist', async () => {
    const response = await app.inject('/api/v1/zipcode/validate?zipcode=00000');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
  });

  it.each(['9021', '902101', 'abcde', ''])('refuses %j with a message naming the field', async (zipcode) => {
    const response = await app.inject(`/api/v1/zipcode/validate?zipcode=${zipcode}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'invalid_request', message: expect.stringContaining('zipcode') });
  });

  it.each([
    ['zipcode=90210&zipcode=10001', 'zipcode must be given once'],
    ['zipcode=90210&city=Beverly%20Hills', 'Unknown query parameter "city": only zipcode is taken'],
  ])('refuses %j, saying what is wrong', async (query, message) => {
    const response = await app.inject(`/api/v1/zipcode/validate?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'invalid_request', message });
  });

  it('refuses a request without the zipcode parameter', async () => {
    const response = await app.inject('/api/v1/zipcode/validate');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('zipcode');
  });

  it("passes a returning visitor's lookup over real HTTP through the app's hooks, as every request", async () => {
    const site = tempDir();
    writeBuiltSite(join(site.path, 'dist'));
    const database = await openTestPglite();
    const listening = await buildApp({
      config: testConfig({ STATIC_DIR: join(site.path, 'dist') }),
      db: database.db,
      logger: false,
    });
    const seen: string[] = [];
    listening.addHook('onRequest', (request, _reply, done) => {
      seen.push(request.url);
      done();
    });
    try {
      const origin = await listening.listen({ port: 0, host: '127.0.0.1' });
      const response = await fetch(`${origin}/api/v1/zipcode/validate?zipcode=90210`, {
        headers: { cookie: xsrfHeaders().cookie! },
      });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual([
        { zipcodes: [{ default_city: 'Beverly Hills', state_abbreviation: 'CA', zipcode: '90210' }] },
      ]);
      expect(seen).toEqual(['/api/v1/zipcode/validate?zipcode=90210']);
    } finally {
      await listening.close();
      await database.cleanup();
      site.remove();
    }
  }, 30_000);
});

describe('POST /api/lead/check_valid_zipcode', () => {
  const check = (payload: object) =>
    app.inject({ method: 'POST', url: '/api/lead/check_valid_zipcode', payload, headers: xsrfHeaders() });

  it('answers the product api shape', async () => {
    const response = await check({ zipcode: '90210' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      data: [{ zipcodes: [{ default_city: 'Beverly Hills', state_abbreviation: 'CA', zipcode: '90210' }] }],
    });
  });

  it('answers no data for an unknown ZIP and 400 for a number instead of text', async () => {
    const unknown = await check({ zipcode: '00000' });
    expect(unknown.json()).toEqual({ data: [] });
    const number = await check({ zipcode: 90210 });
    expect(number.statusCode).toBe(400);
    expect(number.json().message).toContain('zipcode');
  });
});
