/**
 * The Lenders page: every buyer in the order routing tries them (priority, then BUYERS_FILE's order), with its rules
 * in words, how much of its caps its current day and month have used (or, without a cap, how many leads it was sold
 * in them), its deliveries and returns of the last 30
 * days, what its leads sold for, and whether its posts are failing now and how many leads moved on from it because
 * of that; then the lenders the consent names that no buyer stands for. Counts and sums
 * only: nothing here names a lead.
 */
import type { BuyerReportEntry, BuyersReportResponse } from '../../../contracts/console.ts';
import type { Queryable } from '../../platform/db/types.ts';
import { type BuyerRules, capPeriods } from '../../buyers/index.ts';
import { rulesInWords, scheduleInWords } from './buyer-words.ts';

/** A lender of site/content/lenders.json: `{ id, name }`, or a name alone in a file that gives no ids. */
export type KnownLender = string | { id: string; name: string };

const WINDOW_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

interface Counts {
  [buyerId: string]: number | undefined;
}

async function capUse(db: Queryable, buyers: readonly BuyerRules[], now: Date) {
  const periods = buyers.map((buyer) => capPeriods(buyer.timeZone, now));
  // Each buyer's own keys: its day and month are its time zone's.
  const { rows } = await db.query<{ buyer_id: string; period: 'day' | 'month'; used: number }>(
    `select u.buyer_id, u.period, u.used
       from buyer_cap_usage u
       join unnest($1::text[], $2::text[], $3::text[]) as k(buyer_id, day, month) on k.buyer_id = u.buyer_id
      where (u.period = 'day' and u.period_key = k.day) or (u.period = 'month' and u.period_key = k.month)`,
    [buyers.map((buyer) => buyer.id), periods.map((period) => period.day), periods.map((period) => period.month)],
  );
  const day: Counts = {};
  const month: Counts = {};
  for (const row of rows) (row.period === 'day' ? day : month)[row.buyer_id] = row.used;
  return { day, month };
}

async function countsSince(db: Queryable, sql: string, ids: readonly string[], since: Date): Promise<Counts> {
  const { rows } = await db.query<{ buyer_id: string; n: number }>(sql, [ids, since]);
  return Object.fromEntries(rows.map((row) => [row.buyer_id, row.n]));
}

/**
 * A buyer's sales: its money, each an exact USD amount as the database's numeric writes it ("1234.50"), or null; and
 * how many leads it was sold in its current day and month, returned ones included.
 */
interface Sales {
  today: string | null;
  this_month: string | null;
  last_30_days: string | null;
  returned_30_days: string | null;
  average_30_days: string | null;
  delivered_today: number;
  delivered_this_month: number;
}

/**
 * How many leads each buyer was sold in its current day and month (its time zone's, as its caps count them), and what
 * they sold for, summed by the database (numeric, exact to the cent): kept leads in that day and month and in the last
 * 30 days; the returned ones of the last 30 days apart; the mean price of the 30 days' priced leads. A lead delivered without a price adds nothing,
 * so a buyer that never had a price reads null, not 0 (docs/decisions/140-lead-prices.md).
 */
async function sales(db: Queryable, buyers: readonly BuyerRules[], now: Date, since: Date) {
  const periods = buyers.map((buyer) => capPeriods(buyer.timeZone, now));
  // Its current month began at most 31 days and a time zone's offset ago: read no further back.
  const earliest = new Date(Math.min(since.getTime(), now.getTime() - 33 * DAY_MS));
  const { rows } = await db.query<Sales & { buyer_id: string }>(
    `select r.buyer_id,
            sum(r.price) filter (where x.lead_id is null
              and to_char(r.delivered_at at time zone k.time_zone, 'YYYY-MM-DD') = k.day)::text as today,
            sum(r.price) filter (where x.lead_id is null
              and to_char(r.delivered_at at time zone k.time_zone, 'YYYY-MM') = k.month)::text as this_month,
            sum(r.price) filter (where x.lead_id is null and r.delivered_at >= $5)::text as last_30_days,
            sum(r.price) filter (where x.lead_id is not null and r.delivered_at >= $5)::text as returned_30_days,
            round(avg(r.price) filter (where r.delivered_at >= $5), 2)::text as average_30_days,
            count(*) filter (where to_char(r.delivered_at at time zone k.time_zone, 'YYYY-MM-DD') = k.day)::int
              as delivered_today,
            count(*) filter (where to_char(r.delivered_at at time zone k.time_zone, 'YYYY-MM') = k.month)::int
              as delivered_this_month
       from lead_routes r
       join unnest($1::text[], $2::text[], $3::text[], $4::text[]) as k(buyer_id, time_zone, day, month)
         on k.buyer_id = r.buyer_id
       left join lead_returns x on x.lead_id = r.lead_id and x.buyer_id = r.buyer_id
      where r.state = 'delivered' and r.delivered_at >= $6 and r.delivered_at <= $7
      group by r.buyer_id`,
    [
      buyers.map((buyer) => buyer.id),
      buyers.map((buyer) => buyer.timeZone),
      periods.map((period) => period.day),
      periods.map((period) => period.month),
      since,
      earliest,
      now,
    ],
  );
  return new Map(rows.map(({ buyer_id, ...its }) => [buyer_id, its]));
}

const NO_SALES: Sales = {
  today: null,
  this_month: null,
  last_30_days: null,
  returned_30_days: null,
  average_30_days: null,
  delivered_today: 0,
  delivered_this_month: 0,
};

/**
 * Each buyer failing now: the leads still reserved for it whose last attempt failed, and since when the earliest of
 * them has been failing (lead_routes.failing_since, migration 025).
 */
async function failing(db: Queryable, ids: readonly string[]) {
  const { rows } = await db.query<{ buyer_id: string; since: Date; leads: number }>(
    `select buyer_id, min(failing_since) as since, count(*)::int as leads from lead_routes
      where state = 'sending' and failing_since is not null and buyer_id = any($1::text[]) group by buyer_id`,
    [ids],
  );
  return new Map(rows.map((row) => [row.buyer_id, row]));
}

/** returned / delivered in percent, to a tenth; null when nothing was delivered. */
export function returnRate(delivered: number, returned: number): number | null {
  return delivered === 0 ? null : Math.round((returned / delivered) * 1000) / 10;
}

export async function buyersReport(
  db: Queryable,
  buyers: readonly BuyerRules[],
  lenders: readonly KnownLender[],
  now: Date,
): Promise<BuyersReportResponse> {
  // Stable: buyers of equal priority keep the order BUYERS_FILE lists them in, as routing takes them.
  const ordered = [...buyers].sort((a, b) => a.priority - b.priority);
  const ids = ordered.map((buyer) => buyer.id);
  const since = new Date(now.getTime() - WINDOW_DAYS * DAY_MS);
  const used = await capUse(db, ordered, now);
  const delivered = await countsSince(
    db,
    `select buyer_id, count(*)::int as n from lead_routes
      where state = 'delivered' and buyer_id = any($1::text[]) and delivered_at >= $2 group by buyer_id`,
    ids,
    since,
  );
  const returned = await countsSince(
    db,
    `select buyer_id, count(*)::int as n from lead_returns
      where buyer_id = any($1::text[]) and returned_at >= $2 group by buyer_id`,
    ids,
    since,
  );
  const sold = await sales(db, ordered, now, since);
  const failingNow = await failing(db, ids);
  const movedOn = await countsSince(
    db,
    `select buyer_id, count(*)::int as n from lead_routes
      where moved_on_at is not null and buyer_id = any($1::text[]) and moved_on_at >= $2 group by buyer_id`,
    ids,
    since,
  );
  const entries = ordered.map((buyer): BuyerReportEntry => {
    const deliveredCount = delivered[buyer.id] ?? 0;
    const returnedCount = returned[buyer.id] ?? 0;
    const its = sold.get(buyer.id) ?? NO_SALES;
    return {
      id: buyer.id,
      name: buyer.name,
      priority: buyer.priority,
      filters: rulesInWords(buyer),
      schedule: scheduleInWords(buyer.schedule),
      time_zone: buyer.timeZone,
      // Against a cap, the slots taken (a lead being sent holds one); without one, the leads it was sold.
      used_today: buyer.caps.perDay === undefined ? its.delivered_today : (used.day[buyer.id] ?? 0),
      per_day: buyer.caps.perDay ?? null,
      used_this_month: buyer.caps.perMonth === undefined ? its.delivered_this_month : (used.month[buyer.id] ?? 0),
      per_month: buyer.caps.perMonth ?? null,
      delivered_30_days: deliveredCount,
      returned_30_days: returnedCount,
      return_rate: returnRate(deliveredCount, returnedCount),
      price: buyer.price === undefined ? null : buyer.price.toFixed(2),
      revenue_today: its.today,
      revenue_this_month: its.this_month,
      revenue_30_days: its.last_30_days,
      returned_revenue_30_days: its.returned_30_days,
      average_price_30_days: its.average_30_days,
      failing_since: failingNow.get(buyer.id)?.since.toISOString() ?? null,
      failing_leads: failingNow.get(buyer.id)?.leads ?? 0,
      moved_on_30_days: movedOn[buyer.id] ?? 0,
    };
  });
  const withBuyer = new Set(ids);
  const withoutBuyer = lenders
    .map((lender) => (typeof lender === 'string' ? { id: lender, name: lender } : { id: lender.id, name: lender.name }))
    .filter((lender) => !withBuyer.has(lender.id));
  return { buyers: entries, without_buyer: withoutBuyer };
}
