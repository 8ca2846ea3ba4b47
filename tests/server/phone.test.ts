import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { openTestPglite, tempDir, testConfig, writeBuiltSite, type TestDatabase } from './helpers.ts';

let app: FastifyInstance;
let database: TestDatabase;
const dir = tempDir();

beforeAll(async () => {
  writeBuiltSite(join(dir.path, 'dist'));
  database = await openTestPglite();
  app = await buildApp({ config: testConfig({ STATIC_DIR: join(dir.path, 'dist') }), db: database.db, logger: false });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await database.cleanup();
  dir.remove();
});

const status = async (phone: string) => (await app.inject(`/api/v1/phone/validate?phone=${phone}`)).json();

describe('GET /api/v1/phone/validate with the offline check', () => {
  it('reports a real US number as connected', async () => {
    expect(await status('2125550123')).toEqual({ status: 'connected' });
    expect(await status('3105551234')).toEqual({ status: 'connected' });
  });

  it.each(['5555555555', '1234567890', '0000000000', '2120000000'])('reports %s, which cannot exist, as invalid', async (phone) => {
    expect(await status(phone)).toEqual({ status: 'invalid' });
  });

  it.each(['212555012', '21255501234', '212-555-0123', ''])('refuses %j with a message naming the field', async (phone) => {
    const response = await app.inject(`/api/v1/phone/validate?phone=${encodeURIComponent(phone)}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('phone');
  });
});
