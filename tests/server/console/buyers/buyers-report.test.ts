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

/** A lead delivered to `buyer` at `at` (for `price`, "42.50", when given), returned at `returnedAt` when given. */
async function delivery(db: Database, buyer: string, at: string, returnedAt?: string, price?: string) {
  const id = await seedLead(db, { id: randomUUID(), receivedAt: at, deliveredAt: at, deliveredTo: buyer });
  await db.query(
    `insert into lead_routes (lead_id, buyer_id, position, state, attempts, decided_at, delivered_at, price)
     values ($1, $2, 1, 'delivered', 1, $3, $3, $4::numeric)`,
    [id, buyer, at, price ?? null],
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
  it("reads each buyer's cap use under its own day and month; without a cap, the leads it was sold in them", async () => {
    const db = await open(kind);
    await use(db, 'quillmont', 'day', '2026-11-30', 12);
    await use(db, 'quillmont', 'day', '2026-12-01', 99);
    await use(db, 'quillmont', 'month', '2026-11', 340);
    await use(db, 'quillmont', 'month', '2026-12', 99);
    // Vantorra has no cap: its day and month (1 December in Berlin) count its leads, a returned one too.
    await delivery(db, 'vantorra', '2026-11-30T23:30:00Z');
    await delivery(db, 'vantorra', '2026-11-30T23:45:00Z', '2026-12-01T00:10:00Z');
    await delivery(db, 'vantorra', '2026-12-01T01:00:00Z');
    // 30 November in Berlin: neither today nor this month there.
    await delivery(db, 'vantorra', '2026-11-30T22:30:00Z');
    // Elmsbrook has a daily cap and no monthly one: its day is the cap's, its month its leads (none).
    await use(db, 'elmsbrook', 'month', '2026-12', 7);

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

  it("sums what each buyer's kept leads sold for in its day, its month and 30 days, returned revenue apart", async () => {
    const db = await open(kind);
    // NOW is 22:00 on 30 November in New York: its day began at 05:00 UTC, its month on 1 November at 04:00 UTC.
    await delivery(db, 'quillmont', '2026-11-30T06:00:00Z', undefined, '19.99');
    await delivery(db, 'quillmont', '2026-11-30T07:00:00Z', undefined, '0.01');
    // Returned: its 40.00 is revenue no more, shown apart, and still in the average price.
    await delivery(db, 'quillmont', '2026-11-30T08:00:00Z', '2026-11-30T09:00:00Z', '40.00');
    // 29 November in New York (04:59 UTC on the 30th): this month, not today.
    await delivery(db, 'quillmont', '2026-11-30T04:59:00Z', undefined, '10.10');
    // Sold before the price: no stated price, counted in deliveries, not in money.
    await delivery(db, 'quillmont', '2026-11-15T10:00:00Z');
    // 31 days ago: in neither.
    await delivery(db, 'quillmont', '2026-10-31T10:00:00Z', undefined, '99.99');
    // Within 30 days (1 Nov 03:00 UTC and after) but in October in New York: 30 days, not this month.
    await delivery(db, 'quillmont', '2026-11-01T03:30:00Z', undefined, '5.00');
    // Berlin's day is already 1 December: November's leads are neither today nor this month there.
    await delivery(db, 'vantorra', '2026-11-30T22:30:00Z', undefined, '12.34');
    await delivery(db, 'vantorra', '2026-11-30T23:30:00Z', undefined, '7.66');
    // A buyer whose leads never had a price: no money at all, not 0.
    await delivery(db, 'elmsbrook', '2026-11-30T10:00:00Z');

    const report = await buyersReport(db, [EAST, { ...BERLIN, price: 7.5 }, EQUAL], [], NOW);
    const money = Object.fromEntries(
      report.buyers.map((buyer) => [
        buyer.id,
        {
          price: buyer.price,
          today: buyer.revenue_today,
          month: buyer.revenue_this_month,
          days30: buyer.revenue_30_days,
          returned: buyer.returned_revenue_30_days,
          average: buyer.average_price_30_days,
          rate: buyer.return_rate,
        },
      ]),
    );
    expect(money).toEqual({
      quillmont: {
        price: null,
        today: '20.00',
        month: '30.10',
        days30: '35.10',
        returned: '40.00',
        // (19.99 + 0.01 + 40.00 + 10.10 + 5.00) / 5, rounded to the cent.
        average: '15.02',
        // 1 returned of 6 delivered in the last 30 days.
        rate: 16.7,
      },
      vantorra: {
        price: '7.50',
        today: '7.66',
        month: '7.66',
        days30: '20.00',
        returned: null,
        average: '10.00',
        rate: 0,
      },
      elmsbrook: { price: null, today: null, month: null, days30: null, returned: null, average: null, rate: 0 },
    });
  });

  it('shows a buyer failing now, since its earliest failing lead, and the leads that moved on from it in 30 days', async () => {
    const db = await open(kind);
    const route = async (buyer: string, state: string, failingSince: string | null, movedOnAt: string | null) => {
      const id = await seedLead(db, { id: randomUUID(), receivedAt: '2026-11-30T20:00:00Z' });
      await db.query(
        `insert into lead_routes (lead_id, buyer_id, position, state, attempts, decided_at, failing_since, moved_on_at)
         values ($1, $2, 1, $3, 1, $4, $4, $5)`,
        [id, buyer, state, failingSince ?? '2026-11-30T20:00:00Z', movedOnAt],
      );
      if (failingSince === null) await db.query('update lead_routes set failing_since = null where lead_id = $1', [id]);
    };
    // Failing now: two leads still reserved for it, their last attempts failed.
    await route('vantorra', 'sending', '2026-11-30T21:10:00Z', null);
    await route('vantorra', 'sending', '2026-11-30T21:05:00Z', null);
    // Moved on: two within 30 days, one before.
    await route('vantorra', 'failed', '2026-11-30T20:00:00Z', '2026-11-30T20:02:00Z');
    await route('vantorra', 'failed', '2026-11-20T20:00:00Z', '2026-11-20T20:02:00Z');
    await route('vantorra', 'failed', '2026-10-20T20:00:00Z', '2026-10-20T20:02:00Z');
    // Sending with no failure yet, and a failure that ran out its retries without moving on: neither counts.
    await route('quillmont', 'sending', null, null);
    await route('quillmont', 'failed', '2026-11-30T19:00:00Z', null);

    const { buyers } = await buyersReport(db, [EAST, BERLIN], [], NOW);
    const status = (id: string) => {
      const entry = buyers.find((buyer) => buyer.id === id)!;
      return [entry.failing_since, entry.failing_leads, entry.moved_on_30_days];
    };
    expect(status('vantorra')).toEqual(['2026-11-30T21:05:00.000Z', 2, 2]);
    expect(status('quillmont')).toEqual([null, 0, 0]);
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
