import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../support/server-harness.ts';

let server: TestApp;
let app: FastifyInstance;

beforeAll(async () => {
  server = await startTestApp();
  app = server.app;
});

afterAll(() => server.close());

const status = async (phone: string) => (await app.inject(`/api/v1/phone/validate?phone=${phone}`)).json();

describe('GET /api/v1/phone/validate with the offline check', () => {
  it('reports a real US number as connected', async () => {
    expect(await status('2125550123')).toEqual({ status: 'connected' });
    expect(await status('3105551234')).toEqual({ status: 'connected' });
  });

  it.each(['5555555555', '1234567890', '0000000000', '2120000000'])(
    'reports %s, which cannot exist, as invalid',
    async (phone) => {
      expect(await status(phone)).toEqual({ status: 'invalid' });
    },
  );

  it.each(['212555012', '21255501234', '212-555-0123', ''])(
    'refuses %j with a message naming the field',
    async (phone) => {
      const response = await app.inject(`/api/v1/phone/validate?phone=${encodeURIComponent(phone)}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain('phone');
    },
  );
});
