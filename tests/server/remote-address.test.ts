import { afterEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers.ts';

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
