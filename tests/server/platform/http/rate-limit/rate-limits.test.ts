/**
 * Lead intake, privacy opt-outs and "Stop contacting me", and phone checks answer 429 with Retry-After past a visit's or an address's limit, and
 * only then: other visits and addresses, and the many visits of one office under its address's limit, go on as
 * before. On both databases.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { validLead } from '../../../../support/lead-fixture.ts';
import { DATABASES, newVisitToken, xsrfHeaders, type TestDatabase } from '../../../../support/server-harness.ts';
import { countRows, prepareLeadDatabase, startLeadApp } from '../../../../support/lead-app.ts';

const DAY_MS = 86_400_000;
/** 2026-11-22 09:00:15 UTC: 45 s before the minute ends, 3585 s before the hour does. */
const MORNING = Date.UTC(2026, 10, 22, 9, 0, 15);

const OFFICE = '198.51.100.23';
const ELSEWHERE = '203.0.113.80';
const PROXY = '10.0.0.5';

const LIMITS = {
  TRUST_PROXY: PROXY,
  RATE_LIMIT_IP_WINDOW_SECONDS: '3600',
  RATE_LIMIT_SESSION_WINDOW_SECONDS: '60',
  RATE_LIMIT_LEADS_PER_IP: '6',
  RATE_LIMIT_LEADS_PER_SESSION: '2',
  RATE_LIMIT_PHONE_PER_IP: '8',
  RATE_LIMIT_PHONE_PER_SESSION: '3',
};

let database: TestDatabase;
let app: FastifyInstance;
let logged: string[];
let clock: number;
let day = 0;

beforeEach(() => {
  // A day later: every window is new, whatever the test before counted.
  day += 1;
  clock = MORNING + day * DAY_MS;
});

/** A new visit's token, as the server issues them. */
const newVisit = newVisitToken;

function leadRequest(token: string, from = OFFICE, headers: Record<string, string> = {}): InjectOptions {
  return {
    method: 'POST',
    url: '/api/v1/leads/trigger',
    payload: validLead({ email: `visitor.${randomBytes(6).toString('hex')}@example.com` }),
    headers: { 'content-type': 'application/json', ...xsrfHeaders(token), ...headers },
    remoteAddress: from,
  };
}

function phoneRequest(
  token: string | undefined,
  from = OFFICE,
  method: InjectOptions['method'] = 'GET',
): InjectOptions {
  const headers = token === undefined ? {} : { cookie: `XSRF-TOKEN=${token}` };
  return { method, url: '/api/v1/phone/validate?phone=2125550123', headers, remoteAddress: from };
}

const sendLead = (...args: Parameters<typeof leadRequest>) => app.inject(leadRequest(...args));
const checkPhone = (...args: Parameters<typeof phoneRequest>) => app.inject(phoneRequest(...args));

async function statuses(requests: (() => Promise<{ statusCode: number }>)[]): Promise<number[]> {
  const codes: number[] = [];
  for (const request of requests) codes.push((await request()).statusCode);
  return codes;
}

const times = <T>(count: number, make: () => T): T[] => Array.from({ length: count }, make);

// On the embedded database one server counts in its memory; on PostgreSQL the database counts for every server.
describe.each(DATABASES)('on $name', ({ open }) => {
  beforeAll(async () => {
    database = await open();
    await prepareLeadDatabase(database.db);
    logged = [];
    const logger = { level: 'info', stream: { write: (line: string) => logged.push(line) } };
    app = await startLeadApp(database.db, { env: LIMITS, logger, now: () => clock });
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await database?.cleanup();
  });

  describe('lead intake', () => {
    it("refuses a visit's lead past its limit with 429, Retry-After and a message to wait, storing nothing", async () => {
      const visit = newVisit();
      expect(await statuses(times(2, () => () => sendLead(visit)))).toEqual([201, 201]);
      const refused = await sendLead(visit);
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBe('45');
      expect(refused.json()).toEqual({
        error: 'too_many_requests',
        message: 'Too many requests: wait 45 seconds before trying again',
      });
      expect(await countRows(database.db, 'leads')).toBe(2);

      // Another visit from the same address is not affected, and the refused visit may send again in the next window.
      expect((await sendLead(newVisit())).statusCode).toBe(201);
      clock += 45_000;
      expect((await sendLead(visit)).statusCode).toBe(201);
    });

    it("refuses an address's lead past its limit, whichever visit sends it; other addresses go on", async () => {
      const office = times(3, newVisit);
      expect(await statuses(office.flatMap((visit) => times(2, () => () => sendLead(visit))))).toEqual(
        times(6, () => 201),
      );
      const refused = await sendLead(newVisit());
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBe('3585');
      expect(refused.json().message).toBe('Too many requests: wait 3585 seconds before trying again');
      expect((await sendLead(newVisit(), ELSEWHERE)).statusCode).toBe(201);
    });

    it('lets many visits behind one address under its limit send without a refusal', async () => {
      expect(await statuses(times(6, newVisit).map((visit) => () => sendLead(visit)))).toEqual(times(6, () => 201));
    });

    it("does not spend the address's allowance on a visit's refused leads", async () => {
      const script = newVisit();
      expect(await statuses(times(20, () => () => sendLead(script)))).toEqual([201, 201, ...times(18, () => 429)]);
      expect(await statuses(times(4, newVisit).map((visit) => () => sendLead(visit)))).toEqual(times(4, () => 201));
    });

    it('does not count a call the cross-site request check refused', async () => {
      const visit = newVisit();
      const forged = await statuses(times(5, () => () => sendLead(visit, OFFICE, { 'x-xsrf-token': 'forged' })));
      expect(forged).toEqual(times(5, () => 403));
      expect(await statuses(times(2, () => () => sendLead(visit)))).toEqual([201, 201]);
    });

    it('counts the visitor address a trusted proxy forwards, not the proxy', async () => {
      const proxied = (forwarded: string) => sendLead(newVisit(), PROXY, { 'x-forwarded-for': forwarded });
      expect(await statuses(times(6, () => () => proxied('192.0.2.10')))).toEqual(times(6, () => 201));
      expect((await proxied('192.0.2.10')).statusCode).toBe(429);
      expect((await proxied('192.0.2.11')).statusCode).toBe(201);
    });

    it('counts the connecting address when a sender that is not the trusted proxy forges X-Forwarded-For', async () => {
      let n = 0;
      const forged = () => () => sendLead(newVisit(), ELSEWHERE, { 'x-forwarded-for': `192.0.2.${++n}` });
      expect(await statuses(times(6, forged))).toEqual(times(6, () => 201));
      expect((await forged()()).statusCode).toBe(429);
    });

    it('logs a refusal without the address or the visit', async () => {
      const visit = newVisit();
      logged.length = 0;
      await statuses(times(3, () => () => sendLead(visit)));
      const refusals = logged.filter((line) => line.includes('too_many_requests'));
      expect(refusals).toHaveLength(1);
      expect(refusals[0]).not.toContain(OFFICE);
      expect(refusals[0]).not.toContain(visit);
    });
  });

  describe('phone checks', () => {
    it("refuse a visit's check past its limit with 429 and Retry-After; other visits go on", async () => {
      const visit = newVisit();
      expect(await statuses(times(3, () => () => checkPhone(visit)))).toEqual([200, 200, 200]);
      const refused = await checkPhone(visit);
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBe('45');
      expect(refused.json()).toEqual({
        error: 'too_many_requests',
        message: 'Too many requests: wait 45 seconds before trying again',
      });
      expect((await checkPhone(newVisit())).json()).toEqual({ status: 'connected' });
    });

    it("refuse an address's check past its limit, whichever visit asks; other addresses go on", async () => {
      const codes = await statuses(times(9, newVisit).map((visit) => () => checkPhone(visit)));
      expect(codes).toEqual([...times(8, () => 200), 429]);
      expect((await checkPhone(newVisit(), ELSEWHERE)).statusCode).toBe(200);
    });

    it("count checks without a cookie as the address's one visit without one", async () => {
      expect(await statuses(times(4, () => () => checkPhone(undefined)))).toEqual([200, 200, 200, 429]);
      expect((await checkPhone(undefined, ELSEWHERE)).statusCode).toBe(200);
      expect((await checkPhone(newVisit())).statusCode).toBe(200);
    });

    it('count HEAD, which runs the same check, with GET', async () => {
      const visit = newVisit();
      expect(
        await statuses([() => checkPhone(visit, OFFICE, 'HEAD'), ...times(3, () => () => checkPhone(visit))]),
      ).toEqual([200, 200, 200, 429]);
    });
  });

  describe.each([
    ['privacy opt-outs', '/api/v1/privacy/opt-out'],
    ['"Stop contacting me" requests', '/api/v1/privacy/stop-contacting'],
  ])('%s', (_name, url) => {
    const optOut =
      (visit: string, from = OFFICE) =>
      () =>
        app.inject({
          method: 'POST',
          url,
          payload: { email: `visitor.${randomBytes(6).toString('hex')}@example.com` },
          headers: { 'content-type': 'application/json', ...xsrfHeaders(visit) },
          remoteAddress: from,
        });

    it("take the leads' limits, per visit and per address, counted apart from the leads", async () => {
      const visit = newVisit();
      expect(await statuses([...times(3, () => optOut(visit)), () => sendLead(visit)])).toEqual([200, 200, 429, 201]);
      const office = times(2, newVisit);
      const codes = await statuses(office.flatMap((other) => times(2, () => optOut(other))));
      expect(codes).toEqual([200, 200, 200, 200]);
      expect((await optOut(newVisit())()).statusCode).toBe(429);
      expect((await optOut(newVisit(), ELSEWHERE)()).statusCode).toBe(200);
    });
  });

  it('leaves ZIP lookups unlimited', async () => {
    const visit = newVisit();
    const headers = { cookie: `XSRF-TOKEN=${visit}` };
    const lookup = { url: '/api/v1/zipcode/validate?zipcode=90210', headers, remoteAddress: OFFICE };
    const lookups = times(30, () => () => app.inject(lookup));
    expect(new Set(await statuses(lookups))).toEqual(new Set([200]));
  });

  describe('a limit set to 0', () => {
    let partly: FastifyInstance;

    beforeAll(async () => {
      const env = { ...LIMITS, RATE_LIMIT_LEADS_PER_IP: '0', RATE_LIMIT_PHONE_PER_SESSION: '0' };
      partly = await startLeadApp(database.db, { env, now: () => clock });
    });

    afterAll(() => partly?.close());

    it('is off, and the route keeps its other limit', async () => {
      const lead = (visit: string) => () => partly.inject(leadRequest(visit));
      const office = times(5, newVisit);
      expect(await statuses(office.flatMap((visit) => [lead(visit), lead(visit)]))).toEqual(times(10, () => 201));
      expect((await lead(office[0]!)()).statusCode).toBe(429);

      const visit = newVisit();
      expect(await statuses(times(9, () => () => partly.inject(phoneRequest(visit))))).toEqual([
        ...times(8, () => 200),
        429,
      ]);
    });
  });
});
