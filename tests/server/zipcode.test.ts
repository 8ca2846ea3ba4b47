import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { openTestPglite, tempDir, testConfig, writeBuiltSite, type TestDatabase } from './helpers.ts';

let app: FastifyInstance;
let database: TestDatabase;
let dir: ReturnType<typeof tempDir>;

beforeAll(async () => {
  database = await openTestPglite();
  dir = tempDir();
  writeBuiltSite(join(dir.path, 'dist'));
  app = await buildApp({ config: testConfig({ STATIC_DIR: join(dir.path, 'dist') }), db: database.db, logger: false });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await database.cleanup();
  dir.remove();
});

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

  it('refuses a request without the zipcode parameter', async () => {
    const response = await app.inject('/api/v1/zipcode/validate');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('zipcode');
  });
});

describe('POST /api/lead/check_valid_zipcode', () => {
  it('answers the product api shape', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/lead/check_valid_zipcode', payload: { zipcode: '90210' } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      data: [{ zipcodes: [{ default_city: 'Beverly Hills', state_abbreviation: 'CA', zipcode: '90210' }] }],
    });
  });

  it('answers no data for an unknown ZIP and 400 for a number instead of text', async () => {
    const unknown = await app.inject({ method: 'POST', url: '/api/lead/check_valid_zipcode', payload: { zipcode: '00000' } });
    expect(unknown.json()).toEqual({ data: [] });
    const number = await app.inject({ method: 'POST', url: '/api/lead/check_valid_zipcode', payload: { zipcode: 90210 } });
    expect(number.statusCode).toBe(400);
    expect(number.json().message).toContain('zipcode');
  });
});
