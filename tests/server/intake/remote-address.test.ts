import { afterEach, describe, expect, it } from 'vitest';
import { validLead } from '../../support/lead-fixture.ts';
import {
  openTestPglite,
  startTestApp,
  xsrfHeaders,
  type TestApp,
  type TestDatabase,
} from '../../support/server-harness.ts';
import { prepareLeadDatabase, startLeadApp } from '../../support/lead-app.ts';

let running: TestApp | undefined;

async function start(env: Record<string, string> = {}) {
  running = await startTestApp(env);
  return running.app;
}

afterEach(async () => {
  await running?.close();
  running = undefined;
});

describe('GET /api/v1/remote/address', () => {
  it("answers the connection's address and ignores a forwarded header when no proxy is trusted", async () => {
    const server = await start();
    const response = await server.inject({
      url: '/api/v1/remote/address',
      remoteAddress: '203.0.113.7',
      headers: { 'x-forwarded-for': '198.51.100.1' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ address: '203.0.113.7' });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('takes the forwarded address when the request comes through a trusted proxy', async () => {
    const server = await start({ TRUST_PROXY: '10.0.0.5' });
    const throughProxy = await server.inject({
      url: '/api/v1/remote/address',
      remoteAddress: '10.0.0.5',
      headers: { 'x-forwarded-for': '198.51.100.1' },
    });
    expect(throughProxy.json()).toEqual({ address: '198.51.100.1' });
    const direct = await server.inject({
      url: '/api/v1/remote/address',
      remoteAddress: '203.0.113.9',
      headers: { 'x-forwarded-for': '198.51.100.1' },
    });
    expect(direct.json()).toEqual({ address: '203.0.113.9' });
  });
});

describe('the client IP, everywhere the server records it', () => {
  let database: TestDatabase;

  afterEach(async () => {
    await database?.cleanup();
  });

  /** The address the endpoint answers and the one stored with a lead's consent, for one request's headers. */
  async function seen(env: Record<string, string>, remoteAddress: string, forwardedFor: string) {
    database = await openTestPglite();
    await prepareLeadDatabase(database.db);
    const app = await startLeadApp(database.db, { env });
    try {
      const headers = { 'x-forwarded-for': forwardedFor, ...xsrfHeaders() };
      const answered = await app.inject({ url: '/api/v1/remote/address', remoteAddress, headers });
      const lead = await app.inject({
        method: 'POST',
        url: '/api/v1/leads/trigger',
        payload: validLead(),
        remoteAddress,
        headers,
      });
      expect(lead.statusCode).toBe(201);
      const { rows } = await database.db.query<{ ip: string }>('select ip from consent_evidence where lead_id = $1', [
        lead.json().id,
      ]);
      return { endpoint: answered.json().address as string, consent: rows[0]?.ip };
    } finally {
      await app.close();
    }
  }

  it('is the connection address when no proxy is trusted, whatever X-Forwarded-For claims', async () => {
    expect(await seen({}, '203.0.113.7', '198.51.100.1, 10.0.0.5')).toEqual({
      endpoint: '203.0.113.7',
      consent: '203.0.113.7',
    });
  });

  it('is the hop the trusted proxy added, not what the visitor wrote before it', async () => {
    // The visitor sent "198.51.100.1"; the proxy at 10.0.0.5 appended the address it saw.
    expect(await seen({ TRUST_PROXY: '10.0.0.5' }, '10.0.0.5', '198.51.100.1, 203.0.113.50')).toEqual({
      endpoint: '203.0.113.50',
      consent: '203.0.113.50',
    });
  });
});
