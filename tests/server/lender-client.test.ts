/** The HTTP lender client against real local endpoints: what counts as delivered, and how failures are summed up. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { httpLenderClient, signature } from '../../server/delivery/lender-client.ts';
import { startTestLender, type TestLender } from '../support/test-lender.ts';
import { freePort } from './server-process.ts';

const lead = () => ({
  messageId: '6f1c1a52-3c55-4c4e-9a51-0f6a7d0c2b11',
  payload: { first_name: 'Maria', amount: 50000 },
  attemptedAt: new Date('2026-03-02T15:04:05.678Z'),
});

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

async function lender(options: Parameters<typeof startTestLender>[0] = {}): Promise<TestLender> {
  const started = await startTestLender(options);
  closers.push(() => started.close());
  return started;
}

/** A raw endpoint answering as `handle` says (or never). */
async function endpoint(handle: Parameters<typeof createServer>[1]): Promise<string> {
  const server: Server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(
    () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/leads`;
}

describe('the HTTP lender client', () => {
  it('posts the payload with time_stamp and the message id, unsigned without a secret', async () => {
    const testLender = await lender();
    const outcome = await httpLenderClient({ url: testLender.url, timeoutMs: 2_000 }).handOver(lead());
    expect(outcome).toEqual({ delivered: true, httpStatus: 200 });
    const [received] = testLender.received;
    expect(received!.body).toEqual({ first_name: 'Maria', amount: 50000, time_stamp: '2026-03-02T15:04:05.678Z' });
    expect(received!.headers).toMatchObject({
      'idempotency-key': lead().messageId,
      'x-fundflow-message-id': lead().messageId,
    });
    expect(received!.headers['x-fundflow-signature']).toBeUndefined();
    expect(received!.headers['x-fundflow-timestamp']).toBeUndefined();
  });

  it('signs "<timestamp>.<body>" with the secret, the timestamp in Unix seconds', async () => {
    const testLender = await lender();
    const secret = 'shared-secret-0123456789';
    await httpLenderClient({ url: testLender.url, secret, timeoutMs: 2_000 }).handOver(lead());
    const [received] = testLender.received;
    expect(received!.headers['x-fundflow-timestamp']).toBe('1772463845');
    expect(received!.headers['x-fundflow-signature']).toBe(signature(secret, '1772463845', received!.raw));
    // The same HMAC as `printf '1772463845.{"a":1}' | openssl dgst -sha256 -hmac shared-secret-0123456789`.
    expect(signature(secret, '1772463845', '{"a":1}')).toBe(
      'sha256=f1a15a01f4892726aadf1df557024f9ff085802fcaca6fb0cf105b363d8decc7',
    );
  });

  it('counts any status outside 2xx as a failure, redirects included', async () => {
    const failing = await lender({ status: 500 });
    expect(await httpLenderClient({ url: failing.url, timeoutMs: 2_000 }).handOver(lead())).toEqual({
      delivered: false,
      httpStatus: 500,
      error: 'lender answered HTTP 500',
    });
    const moved = await endpoint((_request, response) => response.writeHead(307, { location: '/elsewhere' }).end());
    expect(await httpLenderClient({ url: moved, timeoutMs: 2_000 }).handOver(lead())).toEqual({
      delivered: false,
      httpStatus: 307,
      error: 'lender answered HTTP 307',
    });
  });

  it('gives up on a lender that does not answer within the timeout', async () => {
    const silent = await endpoint(() => undefined);
    const started = Date.now();
    expect(await httpLenderClient({ url: silent, timeoutMs: 300 }).handOver(lead())).toEqual({
      delivered: false,
      httpStatus: null,
      error: 'no answer within 300 ms',
    });
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('reports a refused connection by its code', async () => {
    const url = `http://127.0.0.1:${await freePort()}/leads`;
    expect(await httpLenderClient({ url, timeoutMs: 2_000 }).handOver(lead())).toEqual({
      delivered: false,
      httpStatus: null,
      error: 'request failed (ECONNREFUSED)',
    });
  });

  it('stops an attempt when the worker shuts down', async () => {
    const silent = await endpoint(() => undefined);
    const shutdown = new AbortController();
    const client = httpLenderClient({ url: silent, timeoutMs: 10_000 });
    const outcome = client.handOver({ ...lead(), signal: shutdown.signal });
    shutdown.abort();
    expect(await outcome).toEqual({ delivered: false, httpStatus: null, error: 'stopped by shutdown' });
  });
});
