/**
 * Two servers on one PostgreSQL hold one set of limits and one phone lookup cache between them: a number looked up
 * through both is paid for once, and a visit's phone checks alternating between the two are refused past its limit,
 * not past twice its limit.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { PROCESS_DATABASES } from '../support/delivery-databases.ts';
import { freePort } from '../support/server-process.ts';
import { json, startStandInService } from '../support/stand-in-service.ts';
import { kill, runServer } from './support.ts';

const LIMIT = 5;
const SETTINGS = {
  PHONE_LOOKUP_API_KEY: 'two-servers-lookup-key',
  RATE_LIMIT_PHONE_PER_SESSION: String(LIMIT),
  // A day's window (from midnight UTC), so the test cannot straddle the end of one; the address limit off: every
  // request comes from this machine.
  RATE_LIMIT_SESSION_WINDOW_SECONDS: '86400',
  RATE_LIMIT_PHONE_PER_IP: '0',
};

const postgres = PROCESS_DATABASES.find((kind) => kind.name === 'PostgreSQL');

describe.skipIf(postgres === undefined)('two servers on one PostgreSQL (DATABASE_URL)', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('pay for a phone number once between them, and hold one limit for a visit between them', async () => {
    const store = await postgres!.create();
    cleanups.push(() => store.remove());
    const provider = await startStandInService(json(200, { status: 'connected-75' }));
    cleanups.push(() => provider.close());
    const ports = [await freePort(), await freePort()];
    const servers = await Promise.all(
      ports.map((port) =>
        runServer({ ...store.env, ...SETTINGS, PORT: String(port), PHONE_LOOKUP_URL: `${provider.url}/lookup` }),
      ),
    );
    for (const server of servers) cleanups.push(() => kill(server));

    const visit = randomBytes(32).toString('base64url');
    const check = (n: number, phone: string) =>
      fetch(`http://127.0.0.1:${ports[n % 2]}/api/v1/phone/validate?phone=${phone}`, {
        headers: { cookie: `XSRF-TOKEN=${visit}` },
      });

    // The same number through the first server, then the second: the provider is asked once.
    for (const n of [0, 1]) {
      const answer = await check(n, '2125550123');
      expect(answer.status).toBe(200);
      expect(await answer.json()).toEqual({ status: 'connected-75' });
    }
    expect(provider.requests.map((request) => request.url)).toEqual(['/lookup?phone=2125550123']);

    // The visit has made 2 of its 5; its next 8, alternating between the servers, pass 3 and are refused 5.
    const codes: number[] = [];
    for (let n = 0; n < 8; n++) {
      const answer = await check(n, '2125550123');
      await answer.arrayBuffer();
      codes.push(answer.status);
      if (answer.status === 429) expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect(codes).toEqual([200, 200, 200, 429, 429, 429, 429, 429]);
    expect(provider.requests).toHaveLength(1);

    for (const server of servers) expect(await kill(server, 'SIGTERM')).toBe(0);
  });
});
