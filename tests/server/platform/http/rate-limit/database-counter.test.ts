/**
 * The rate limits' counts in the database, as every server on a PostgreSQL database keeps them: exactly the limit
 * passes however many requests arrive at once and through however many servers, a visit refused spends nothing of
 * its address, windows end on time and are deleted, nothing in the table names an address or a visit, and a
 * database that fails or hangs makes the server count alone rather than fail the request.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { migrate } from '../../../../../server/platform/db/index.ts';
import type { Queryable } from '../../../../../server/platform/db/types.ts';
import { databaseCounters } from '../../../../../server/platform/http/rate-limit/database-counter.ts';
import type { RouteLimits, Wait } from '../../../../../server/platform/http/rate-limit/limit-counter.ts';
import { DATABASES, type TestDatabase } from '../../../../support/server-harness.ts';

/** 2026-11-22 09:00:15 UTC: 45 s before the minute ends, 3585 s before the hour does. */
const MORNING = Date.UTC(2026, 10, 22, 9, 0, 15);
const LIMITS: RouteLimits = { perSession: 3, perIp: 5, sessionWindowMs: 60_000, ipWindowMs: 3_600_000 };
const OFFICE = '198.51.100.23';

let clock: number;
let warnings: string[];

beforeEach(() => {
  clock = MORNING;
  warnings = [];
});

/** The statement is tested here, not the timeout: a busy machine must not make the counts fall back to memory. */
function counters(db: Queryable, timeoutMs = 10_000) {
  return databaseCounters({ db, now: () => clock, warn: (message) => warnings.push(message), timeoutMs });
}

/** A count as a promise, whether it was answered at once (in memory) or by the database. */
const counted = (wait: Wait | Promise<Wait>) => Promise.resolve(wait);
const passed = (waits: Wait[]) => waits.filter((wait) => wait === undefined).length;

describe.each(DATABASES)('rate limits counted on $name', ({ open }) => {
  let database: TestDatabase;
  let route = 0;
  /** A route of its own for each test, so no test sees another's counts. */
  const nextRoute = () => `/api/test/${++route}`;

  beforeAll(async () => {
    database = await open();
    await migrate(database.db);
  }, 60_000);

  afterAll(() => database?.cleanup());

  afterEach(() => {
    expect(warnings).toEqual([]);
  });

  it('lets exactly the limit through when a visit sends 40 requests at once', async () => {
    const counter = counters(database.db)(nextRoute(), { ...LIMITS, perIp: 0 });
    const waits = await Promise.all(Array.from({ length: 40 }, () => counted(counter.count('visit-a', OFFICE))));
    expect(passed(waits)).toBe(3);
    expect(waits.filter((wait) => wait !== undefined)).toEqual(Array.from({ length: 37 }, () => 45));
  });

  it("lets exactly the address's limit through when 40 visits from it send at once", async () => {
    const counter = counters(database.db)(nextRoute(), LIMITS);
    const waits = await Promise.all(Array.from({ length: 40 }, (_, n) => counted(counter.count(`visit-${n}`, OFFICE))));
    expect(passed(waits)).toBe(5);
    expect(new Set(waits.filter((wait) => wait !== undefined))).toEqual(new Set([3585]));
  });

  it('counts once for every server on the database: requests alternating between two are refused past the limit', async () => {
    const route = nextRoute();
    const servers = [counters(database.db)(route, LIMITS), counters(database.db)(route, LIMITS)];
    const waits: Wait[] = [];
    for (let n = 0; n < 6; n++) waits.push(await counted(servers[n % 2]!.count('visit-b', OFFICE)));
    expect(waits).toEqual([undefined, undefined, undefined, 45, 45, 45]);
    const atOnce = await Promise.all(
      Array.from({ length: 30 }, (_, n) => counted(servers[n % 2]!.count(`office-visit-${n}`, '203.0.113.80'))),
    );
    expect(passed(atOnce)).toBe(5);
  });

  it("does not spend the address's allowance on a visit's refused requests", async () => {
    const counter = counters(database.db)(nextRoute(), LIMITS);
    const script = await Promise.all(Array.from({ length: 20 }, () => counted(counter.count('script', OFFICE))));
    expect(passed(script)).toBe(3);
    const others = await Promise.all(['a', 'b'].map((visit) => counted(counter.count(visit, OFFICE))));
    expect(others).toEqual([undefined, undefined]);
    expect(await counted(counter.count('c', OFFICE))).toBe(3585);
  });

  it('counts each route, and each limit, apart', async () => {
    const first = counters(database.db)(nextRoute(), { ...LIMITS, perIp: 0 });
    const second = counters(database.db)(nextRoute(), { ...LIMITS, perIp: 0 });
    for (let n = 0; n < 3; n++) expect(await counted(first.count('visit-c', OFFICE))).toBeUndefined();
    expect(await counted(first.count('visit-c', OFFICE))).toBe(45);
    expect(await counted(second.count('visit-c', OFFICE))).toBeUndefined();
    // The address alone: the visit's name is not its key.
    const byAddress = counters(database.db)(nextRoute(), { ...LIMITS, perSession: 0 });
    const waits = await Promise.all(Array.from({ length: 8 }, () => counted(byAddress.count('visit-c', OFFICE))));
    expect(passed(waits)).toBe(5);
  });

  it('starts a new count when the window ends, and deletes ended windows', async () => {
    const counter = counters(database.db)(nextRoute(), { ...LIMITS, perIp: 0 });
    for (let n = 0; n < 3; n++) await counted(counter.count('visit-d', OFFICE));
    expect(await counted(counter.count('visit-d', OFFICE))).toBe(45);
    clock += 45_000;
    expect(await counted(counter.count('visit-d', OFFICE))).toBeUndefined();

    // Two minutes on, the first request of a server deletes the windows that ended over a minute before.
    clock += 120_000;
    const ended = () =>
      database.db.query<{ rows: number }>('select count(*) as rows from rate_limit_counts where window_end < $1', [
        new Date(clock - 60_000),
      ]);
    expect((await ended()).rows[0]!.rows).toBeGreaterThan(0);
    await counted(counters(database.db)(nextRoute(), LIMITS).count('visit-e', OFFICE));
    await expect.poll(async () => (await ended()).rows[0]!.rows).toBe(0);
  });

  it('keeps no address and no visit in the table', async () => {
    const counter = counters(database.db)(nextRoute(), LIMITS);
    await counted(counter.count('a-visit-token-of-the-page', OFFICE));
    const { rows } = await database.db.query<{ key: string }>('select key from rate_limit_counts');
    expect(rows.length).toBeGreaterThan(0);
    const keys = rows.map((row) => row.key).join(' ');
    expect(keys).not.toContain('a-visit-token');
    expect(keys).not.toContain('198.51');
  });
});

describe('when the database does not count', () => {
  const failing: Queryable = {
    query: () => Promise.reject(new Error('connection refused')),
    exec: () => Promise.reject(new Error('connection refused')),
  };
  const hanging: Queryable = {
    query: () => new Promise(() => undefined),
    exec: () => new Promise(() => undefined),
  };

  it('counts in this server instead, answering every request, and warns once', async () => {
    const counter = counters(failing)('/api/test/down', { ...LIMITS, perIp: 0 });
    const waits = await Promise.all(Array.from({ length: 6 }, () => counted(counter.count('visit-f', OFFICE))));
    expect(waits).toEqual([undefined, undefined, undefined, 45, 45, 45]);
    expect(warnings).toEqual([
      'rate limits counted by this server alone for 10 s: the database did not count a request (connection refused)',
    ]);
  });

  it('waits at most its timeout for a database that hangs', async () => {
    const counter = counters(hanging, 50)('/api/test/hanging', { ...LIMITS, perIp: 0 });
    const started = performance.now();
    expect(await counted(counter.count('visit-g', OFFICE))).toBeUndefined();
    expect(performance.now() - started).toBeLessThan(1000);
    // Counted in the server from then on, without waiting again.
    expect(counter.count('visit-g', OFFICE)).toBeUndefined();
    expect(warnings).toEqual([
      'rate limits counted by this server alone for 10 s: the database did not count a request (no answer within 50 ms)',
    ]);
  });
});
