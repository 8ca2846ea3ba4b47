/**
 * The Lenders page's numbers, from the database: each buyer's cap use in its own current day and month, its
 * deliveries and returns of the last 30 days and its return rate; the order routing tries buyers in; the lenders
 * without a buyer. PGlite and (with DATABASE_URL) PostgreSQL.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it, onTestFinished } from 'vitest';
import { migrate, type Database } from '../../../../server/platform/db/index.ts';
import { buyersReport, returnRate } from '../../../../server/console/buyers/buyers-report.ts';
import { DATABASES } from '../../../support/server-harness.ts';
import { testBuyer } from './buyers-fixture.ts';
import { seedLead } from '../leads/leads-fixture.ts';

async function open(kind: (typeof DATABASES)[number]): Promise<Database> {
  const database = await kind.open();
  onTestFinished(() => database.cleanup());
  await migrate(database.db);
  return database.db;
}

// 03:00 UTC on 1 December: still 30 November (and November) in New York, already 1 December in Berlin.
const NOW = new Date('2026-12-01T03:00:00Z');

const EAST = testBuyer({
  id: 'quillmont',
  name: 'Quillmont Capital',
  priority: 2,
  timeZone: 'America/New_York',
  filters: { states: ['CA', 'NY'] },
  schedule: { days: ['mon', 'tue', 'wed', 'thu', 'fri'], from: '08:00', to: '18:00' },
  caps: { perDay: 50, perMonth: 1000 },
});
const BERLIN = testBuyer({
  id: 'vantorra',
  name: 'Vantorra Funding',
  priority: 1,
  timeZone: 'Europe/Berlin',
  caps: {},
});
const EQUAL = testBuyer({
  id: 'elmsbrook',
  name: 'Elmsbrook Lending',
  priority: 2,
  timeZone: 'UTC',
  caps: { perDay: 5 },
});

async function use(db: Database, buyer: string, period: 'day' | 'month', key: string, used: number) {
  await db.query('insert into buyer_cap_usage (buyer_id, period, period_key, used) values ($1, $2, $3, $4)', [
    buyer,
    period,
    key,
    used,
  ]);
}

/** A lead delivered to `buyer` at `at`, returned at `returnedAt` when given. */
async function delivery(db: Database, buyer: string, at: string, returnedAt?: string) {
  const id = await seedLead(db, { id: randomUUID(), receivedAt: at, deliveredAt: at, deliveredTo: buyer });
  await db.query(
    `insert into lead_routes (lead_id, buyer_id, position, state, attempts, decided_at, delivered_at)
     values ($1, $2, 1, 'delivered', 1, $3, $3)`,
    [id, buyer, at],
  );
  if (returnedAt !== undefined) {
    await db.query(
      `insert into lead_returns (lead_id, buyer_id, reason, returned_at) values ($1, $2, 'disconnected_phone', $3)`,
      [id, buyer, returnedAt],
    );
  }
}

describe('returnRate', () => {
  it.each([
    [0, 0, null],
    [8, 1, 12.5],
    [3, 1, 33.3],
    [4, 4, 100],
  ])('%i delivered, %i returned: %s', (delivered, returned, rate) => {
    expect(returnRate(delivered, returned)).toBe(rate);
  });
});

describe.each(DATABASES)('the buyers report on $name', (kind) => {
  it("reads each buyer's cap use under its own day and month", async () => {
    const db = await open(kind);
    await use(db, 'quillmont', 'day', '2026-11-30', 12);
    await use(db, 'quillmont', 'day', '2026-12-01', 99);
    await use(db, 'quillmont', 'month', '2026-11', 340);
    await use(db, 'quillmont', 'month', '2026-12', 99);
    await use(db, 'vantorra', 'day', '2026-11-30', 99);
    await use(db, 'vantorra', 'day', '2026-12-01', 3);
    await use(db, 'vantorra', 'month', '2026-12', 3);

    const report = await buyersReport(db, [EAST, BERLIN, EQUAL], [], NOW);
    const caps = report.buyers.map((buyer) => [
      buyer.id,
      buyer.used_today,
      buyer.per_day,
      buyer.used_this_month,
      buyer.per_month,
    ]);
    expect(caps).toEqual([
      ['vantorra', 3, null, 3, null],
      ['quillmont', 12, 50, 340, 1000],
      ['elmsbrook', 0, 5, 0, null],
    ]);
  });

  it('orders by priority, keeping the file order among equals, and writes rules in words', async () => {
    const db = await open(kind);
    const report = await buyersReport(db, [EQUAL, EAST, BERLIN], [], NOW);
    expect(report.buyers.map((buyer) => buyer.id)).toEqual(['vantorra', 'elmsbrook', 'quillmont']);
    expect(report.buyers.find((buyer) => buyer.id === 'quillmont')).toMatchObject({
      name: 'Quillmont Capital',
      priority: 2,
      filters: ['states CA, NY'],
      schedule: 'mon-fri 08:00-18:00',
      time_zone: 'America/New_York',
    });
    expect(report.buyers[0]).toMatchObject({ filters: ['every lead'], schedule: 'any day, any time' });
  });

  it('counts deliveries and returns of the last 30 days, and the return rate', async () => {
    const db = await open(kind);
    await delivery(db, 'quillmont', '2026-11-02T03:00:01Z', '2026-11-03T00:00:00Z');
    await delivery(db, 'quillmont', '2026-11-20T10:00:00Z', '2026-11-21T10:00:00Z');
    await delivery(db, 'quillmont', '2026-11-25T10:00:00Z');
    await delivery(db, 'quillmont', '2026-11-30T10:00:00Z');
    // Older than 30 days: left out, and so is its return.
    await delivery(db, 'quillmont', '2026-11-01T02:59:59Z', '2026-10-31T10:00:00Z');
    await delivery(db, 'elmsbrook', '2026-11-20T10:00:00Z');
    // A buyer no longer configured counts for nobody on the page.
    await delivery(db, 'corvane', '2026-11-20T10:00:00Z', '2026-11-21T10:00:00Z');

    const report = await buyersReport(db, [EAST, BERLIN, EQUAL], [], NOW);
    const counts = report.buyers.map((buyer) => [
      buyer.id,
      buyer.delivered_30_days,
      buyer.returned_30_days,
      buyer.return_rate,
    ]);
    expect(counts).toEqual([
      ['vantorra', 0, 0, null],
      ['quillmont', 4, 2, 50],
      ['elmsbrook', 1, 0, 0],
    ]);
  });

  it('lists the lenders of the consent that no buyer stands for', async () => {
    const db = await open(kind);
    const lenders = [
      { id: 'quillmont', name: 'Quillmont Capital' },
      { id: 'vantorra', name: 'Vantorra Funding' },
      { id: 'corvane', name: 'Corvane Finance' },
    ];
    const report = await buyersReport(db, [EAST, BERLIN], lenders, NOW);
    expect(report.without_buyer).toEqual([{ id: 'corvane', name: 'Corvane Finance' }]);
    expect((await buyersReport(db, [], lenders, NOW)).without_buyer).toEqual(lenders);
  });
});
