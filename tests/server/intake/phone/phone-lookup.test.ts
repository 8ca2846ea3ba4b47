/** The phone lookup service adapter and what it may cost, against a local stand-in for the provider. */
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../../../server/app.ts';
import { migrate } from '../../../../server/platform/db/index.ts';
import { databaseLookupCalls } from '../../../../server/intake/phone/daily-lookup-calls.ts';
import { httpPhoneLookup } from '../../../../server/intake/phone/http-phone-check.ts';
import { databasePhoneAnswers } from '../../../../server/intake/phone/database-phone-answers.ts';
import { paidPhoneCheck, type PaidPhoneCheckOptions } from '../../../../server/intake/phone/paid-phone-check.ts';
import { processPhoneAnswers } from '../../../../server/intake/phone/phone-answers.ts';
import {
  DATABASES,
  openTestPglite,
  tempDir,
  testConfig,
  writeBuiltSite,
  type TestDatabase,
} from '../../../support/server-harness.ts';
import { json, startStandInService, type Answer, type StandInService } from '../../../support/stand-in-service.ts';

const HOUR_MS = 3_600_000;
/** 2026-11-22 09:00 UTC. */
const MORNING = Date.UTC(2026, 10, 22, 9);

let provider: StandInService;
/** The database the checks below count their calls in. */
let counted: TestDatabase;
let warnings: string[];
let clock: number;
const now = () => clock;

beforeAll(async () => {
  provider = await startStandInService(json(200, { status: 'connected-75' }));
  counted = await openTestPglite();
  await migrate(counted.db);
}, 60_000);

afterAll(async () => {
  await provider.close();
  await counted.cleanup();
});

beforeEach(async () => {
  await counted.db.query('delete from phone_lookup_calls');
  provider.requests.length = 0;
  provider.answer(json(200, { status: 'connected-75' }));
  warnings = [];
  clock = MORNING;
});

const lookup = (timeoutMs = 2000) =>
  httpPhoneLookup({ url: `${provider.url}/v1/status`, apiKey: 'lookup-key.123', timeoutMs });

function check(options: Partial<PaidPhoneCheckOptions> & { timeoutMs?: number } = {}) {
  const { timeoutMs, ...rest } = options;
  return paidPhoneCheck({
    lookup: lookup(timeoutMs),
    cacheMs: HOUR_MS,
    dailyCap: 0,
    calls: databaseLookupCalls(counted.db),
    now,
    warn: (message) => warnings.push(message),
    ...rest,
  });
}

/** The numbers the provider was asked about, in order. */
const asked = () => provider.requests.map((request) => new URL(request.url, provider.url).searchParams.get('phone'));

describe('httpPhoneLookup', () => {
  it("asks the provider with the number and the key, and answers the provider's status", async () => {
    expect(await lookup()('2125550123')).toBe('connected-75');
    expect(provider.requests).toHaveLength(1);
    const [request] = provider.requests;
    expect(request).toMatchObject({ method: 'GET', url: '/v1/status?phone=2125550123' });
    expect(request?.headers.authorization).toBe('Bearer lookup-key.123');
    expect(request?.headers.accept).toBe('application/json');
  });

  it('keeps a query the provider URL already has', async () => {
    await httpPhoneLookup({ url: `${provider.url}/v1/status?account=7`, apiKey: 'k' })('2125550123');
    expect(provider.requests[0]?.url).toBe('/v1/status?account=7&phone=2125550123');
  });
});

describe('paidPhoneCheck', () => {
  it('never asks the provider about a number the number plan rules out', async () => {
    const phoneCheck = check();
    for (const phone of ['5555555555', '1234567890', '0000000000', '2120000000']) {
      expect(await phoneCheck.status(phone)).toBe('invalid');
    }
    expect(provider.requests).toEqual([]);
  });

  it('asks once per number within the cache time, and again after it', async () => {
    const phoneCheck = check({ cacheMs: HOUR_MS });
    expect(await phoneCheck.status('2125550123')).toBe('connected-75');
    provider.answer(json(200, { status: 'disconnected' }));
    clock += HOUR_MS - 1;
    expect(await phoneCheck.status('2125550123')).toBe('connected-75');
    expect(await phoneCheck.status('3105551234')).toBe('disconnected');
    expect(asked()).toEqual(['2125550123', '3105551234']);
    clock += 1;
    expect(await phoneCheck.status('2125550123')).toBe('disconnected');
    expect(asked()).toEqual(['2125550123', '3105551234', '2125550123']);
  });

  it('asks once for a number that several requests want at the same time, and counts one call', async () => {
    const phoneCheck = check({ dailyCap: 10 });
    const answers = await Promise.all([1, 2, 3].map(() => phoneCheck.status('2125550123')));
    expect(answers).toEqual(['connected-75', 'connected-75', 'connected-75']);
    expect(provider.requests).toHaveLength(1);
    expect((await counted.db.query('select calls from phone_lookup_calls')).rows).toEqual([{ calls: 1 }]);
  });

  it('asks every time with a cache time of 0', async () => {
    const phoneCheck = check({ cacheMs: 0 });
    await phoneCheck.status('2125550123');
    await phoneCheck.status('2125550123');
    expect(provider.requests).toHaveLength(2);
  });

  it('keeps at most maxNumbers answers, forgetting the oldest first', async () => {
    const phoneCheck = check({ answers: processPhoneAnswers(2) });
    for (const phone of ['2125550123', '2125550124', '2125550125', '2125550125', '2125550124'])
      await phoneCheck.status(phone);
    expect(asked()).toEqual(['2125550123', '2125550124', '2125550125']);
    await phoneCheck.status('2125550123');
    expect(asked()).toEqual(['2125550123', '2125550124', '2125550125', '2125550123']);
  });

  it('stops asking at the daily cap: the offline check answers, it says so once, and asks again the next UTC day', async () => {
    const phoneCheck = check({ dailyCap: 2 });
    expect(await phoneCheck.status('2125550123')).toBe('connected-75');
    expect(await phoneCheck.status('2125550124')).toBe('connected-75');
    expect(await phoneCheck.status('2125550125')).toBe('connected');
    expect(await phoneCheck.status('3105551234')).toBe('connected');
    expect(await phoneCheck.status('5555555555')).toBe('invalid');
    expect(provider.requests).toHaveLength(2);
    // What was looked up before the cap is still the provider's answer.
    expect(await phoneCheck.status('2125550123')).toBe('connected-75');
    expect(warnings).toEqual([
      'phone lookup daily cap of 2 calls reached: the offline check answers until midnight UTC',
    ]);

    clock = Date.UTC(2026, 10, 23, 0, 0, 0);
    expect(await phoneCheck.status('2125550125')).toBe('connected-75');
    expect(provider.requests).toHaveLength(3);
  });

  it('spends nothing when the database cannot count the call: the offline check answers, with a warning', async () => {
    const gone = await openTestPglite();
    await migrate(gone.db);
    const phoneCheck = check({ dailyCap: 100, calls: databaseLookupCalls(gone.db) });
    await gone.cleanup();
    expect(await phoneCheck.status('2125550123')).toBe('connected');
    expect(provider.requests).toEqual([]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^phone lookup daily count not taken \(.+\): the offline check answered$/);
    expect(warnings[0]).not.toContain('2125550123');
  });

  describe('answers from the offline check, with a warning that never holds the number', () => {
    it.each([
      ['an HTTP error', json(503, { error: 'maintenance' }), 'HTTP 503'],
      ['an answer that is not JSON', (_request, response) => response.end('<html>oops</html>'), 'no "status"'],
      ['JSON without a status', json(200, { result: 'ok' }), 'no "status"'],
      ['a status that is not text', json(200, { status: 1 }), 'no "status"'],
    ] satisfies [string, Answer, string][])('on %s, and asks again next time', async (_case, answer, reason) => {
      provider.answer(answer);
      const phoneCheck = check();
      expect(await phoneCheck.status('2125550123')).toBe('connected');
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toContain(reason);
      expect(warnings[0]).not.toContain('2125550123');
      provider.answer(json(200, { status: 'connected-75' }));
      expect(await phoneCheck.status('2125550123')).toBe('connected-75');
      expect(provider.requests).toHaveLength(2);
    });

    it('when the provider does not answer in time', async () => {
      provider.answer(() => undefined);
      expect(await check({ timeoutMs: 150 }).status('2125550123')).toBe('connected');
      expect(warnings).toEqual(['phone lookup failed (no answer within 150 ms): the offline check answered']);
    });

    it('when the provider cannot be reached', async () => {
      const gone = await startStandInService(json(200, { status: 'connected' }));
      await gone.close();
      const unreachable = check({ lookup: httpPhoneLookup({ url: gone.url, apiKey: 'k' }) });
      expect(await unreachable.status('2125550123')).toBe('connected');
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).not.toContain('2125550123');
    });
  });
});

describe.each(DATABASES)('the daily cap counted on $name', ({ open }) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await open();
    await migrate(database.db);
  }, 60_000);

  afterAll(() => database?.cleanup());

  /** A server's phone check: each has its own cache and process, and counts in the shared database. */
  const server = () => check({ dailyCap: 4, calls: databaseLookupCalls(database.db) });

  it('is one cap for every server on the database, and a restarted server does not start it again', async () => {
    const [first, second] = [server(), server()];
    expect(await first.status('2125550101')).toBe('connected-75');
    expect(await second.status('2125550102')).toBe('connected-75');
    expect(await first.status('2125550103')).toBe('connected-75');
    expect(await second.status('2125550104')).toBe('connected-75');
    expect(await first.status('2125550105')).toBe('connected');
    expect(await second.status('2125550106')).toBe('connected');
    const restarted = server();
    expect(await restarted.status('2125550107')).toBe('connected');
    expect(provider.requests).toHaveLength(4);

    clock = Date.UTC(2026, 10, 23, 0, 0, 0);
    expect(await restarted.status('2125550107')).toBe('connected-75');
    expect(provider.requests).toHaveLength(5);
  });

  it('lets through exactly the cap when servers ask at the same moment', async () => {
    clock = Date.UTC(2026, 10, 24, 9);
    const servers = [server(), server(), server()];
    const numbers = Array.from({ length: 12 }, (_, index) => `21255502${String(index).padStart(2, '0')}`);
    const answers = await Promise.all(numbers.map((phone, index) => servers[index % servers.length]!.status(phone)));
    expect(answers.filter((answer) => answer === 'connected-75')).toHaveLength(4);
    expect(answers.filter((answer) => answer === 'connected')).toHaveLength(8);
    expect(provider.requests).toHaveLength(4);
  });
});

describe.each(DATABASES)('the answers kept on $name', ({ open }) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await open();
    await migrate(database.db);
  }, 60_000);

  afterAll(() => database?.cleanup());

  /** A server's phone check keeping its answers in the shared database. */
  const server = () => check({ answers: databasePhoneAnswers(database.db) });

  it('pay for a number once between the servers on the database, and again once it expired', async () => {
    const [first, second] = [server(), server()];
    expect(await first.status('2125550123')).toBe('connected-75');
    provider.answer(json(200, { status: 'disconnected' }));
    expect(await second.status('2125550123')).toBe('connected-75');
    expect(await server().status('2125550123')).toBe('connected-75');
    expect(asked()).toEqual(['2125550123']);

    clock += HOUR_MS;
    expect(await second.status('2125550123')).toBe('disconnected');
    expect(await first.status('2125550123')).toBe('disconnected');
    expect(asked()).toEqual(['2125550123', '2125550123']);
  });

  it('keep no number in clear, and delete expired answers', async () => {
    await server().status('3105551234');
    const rows = async () => (await database.db.query('select * from phone_lookup_answers')).rows;
    expect(JSON.stringify(await rows())).not.toContain('3105551234');
    expect((await rows()).length).toBeGreaterThan(0);
    clock += 2 * HOUR_MS;
    await server().status('3105551235');
    await expect.poll(async () => (await rows()).length).toBe(1);
  });
});

describe('when the kept answers cannot be read or written', () => {
  const broken = {
    find: () => Promise.reject(new Error('connection refused')),
    keep: () => Promise.reject(new Error('connection refused')),
  };

  it("answers the provider's status within the cap, with a warning that never holds the number", async () => {
    expect(await check({ answers: broken }).status('2125550123')).toBe('connected-75');
    expect(warnings).toEqual([
      'phone lookup answers not read (connection refused): the number is looked up',
      'phone lookup answer not kept (connection refused): the number may be looked up again',
    ]);
  });
});

describe('GET /api/v1/phone/validate with PHONE_LOOKUP_URL set', () => {
  let site: ReturnType<typeof tempDir>;
  let database: TestDatabase;
  let app: FastifyInstance;
  const logged: string[] = [];

  beforeAll(async () => {
    site = tempDir();
    writeBuiltSite(join(site.path, 'dist'));
    database = await openTestPglite();
    await migrate(database.db);
    const config = testConfig({
      STATIC_DIR: join(site.path, 'dist'),
      PHONE_LOOKUP_URL: `${provider.url}/lookup`,
      PHONE_LOOKUP_API_KEY: 'from-config',
      PHONE_LOOKUP_DAILY_CAP: '2',
    });
    const logger = { level: 'warn', stream: { write: (line: string) => logged.push(line) } };
    app = await buildApp({ config, db: database.db, logger, now });
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await database?.cleanup();
    site?.remove();
  });

  const status = async (phone: string) => (await app.inject(`/api/v1/phone/validate?phone=${phone}`)).json();

  it("answers the provider's status, asks once a number, never for an impossible one, and offline past the cap", async () => {
    provider.answer(json(200, { status: 'disconnected' }));
    expect(await status('2125550123')).toEqual({ status: 'disconnected' });
    expect(provider.requests[0]?.headers.authorization).toBe('Bearer from-config');
    expect(await status('2125550123')).toEqual({ status: 'disconnected' });
    expect(await status('5555555555')).toEqual({ status: 'invalid' });
    expect(await status('3105551234')).toEqual({ status: 'disconnected' });
    expect(asked()).toEqual(['2125550123', '3105551234']);

    expect(await status('2125550124')).toEqual({ status: 'connected' });
    expect(await status('2125550125')).toEqual({ status: 'connected' });
    expect(provider.requests).toHaveLength(2);
    const messages = logged.map((line) => (JSON.parse(line) as { msg: string }).msg);
    expect(messages.filter((message) => message.includes('daily cap'))).toEqual([
      'phone lookup daily cap of 2 calls reached: the offline check answers until midnight UTC',
    ]);
    expect(logged.join('\n')).not.toMatch(/2125550|3105551234/);
  });
});
