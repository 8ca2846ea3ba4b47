/**
 * Revenue in the funnel (docs/decisions/141-revenue-per-visitor.md): visits on v1 and v3 from two campaigns post their
 * events as the page does and store their leads through intake; then leads are sold as routing records a sale (the
 * price on the buyer's delivered step and on the lead), one is returned through the buyers' returns, one is sold at no
 * stated price. GET /api/admin/funnel, its CSV and the Flows page's versions answer the revenue the buyers kept, per
 * version and per campaign, with revenue per visitor; exactly to the cent, before and after a rebuild, on PGlite and
 * PostgreSQL. A version with enough sales gets the interval a hand computation gives.
 */
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { XSRF_COOKIE } from '../../../contracts/api-paths.ts';
import { FLOWS_PATH, type FlowVersionList } from '../../../contracts/flow-studio.ts';
import { EVENTS_PATH, FUNNEL_CSV_PATH, FUNNEL_PATH, type FunnelResponse } from '../../../contracts/funnel.ts';
import { FUNNEL_VISIT_FIELD } from '../../../contracts/lead.ts';
import { recordReturn } from '../../../server/buyers/returns/lead-returns.ts';
import { rebuildRollups } from '../../../server/funnel/visit-rollups.ts';
import type { Database } from '../../../server/platform/db/types.ts';
import { call, testClock } from '../../support/console-app.ts';
import { consoleUserWithSession } from '../../support/console-users.ts';
import { leadAppForSuite } from '../../support/lead-app.ts';
import { validLead } from '../../support/lead-fixture.ts';
import { batchesOf, scriptedVisit, type Move, type ScriptedVisit } from '../../support/scripted-visits.ts';
import { DATABASES, TEST_XSRF_TOKEN, xsrfHeaders } from '../../support/server-harness.ts';

const DAY = Date.parse('2026-11-20T16:00:00Z');
const SPRING = { utm_source: 'google', utm_campaign: 'spring' } as const;
const AUTUMN = { utm_source: 'facebook', utm_campaign: 'autumn' } as const;

const toPhone: Move[] = [
  { step: 'start', seconds: 4, then: 'advance' },
  { step: 'amount', seconds: 6, then: 'advance' },
  { step: 'phone', seconds: 9, then: 'lead' },
];
const leftAtAmount: Move[] = [
  { step: 'start', seconds: 4, then: 'advance' },
  { step: 'amount', seconds: 10, then: 'leave' },
];

/** v1, spring: sold at $40.00; sold at $25.50 and returned; sold at no stated price; no lead. */
const kept = scriptedVisit('v1', toPhone, SPRING);
const returned = scriptedVisit('v1', toPhone, SPRING);
const unpriced = scriptedVisit('v1', toPhone, SPRING);
const browsing = scriptedVisit('v1', leftAtAmount, SPRING);
/** v1, autumn: sold at $60.25 before the visit's events arrive; no lead. */
const soldFirst = scriptedVisit('v1', toPhone, AUTUMN);
const autumnBrowsing = scriptedVisit('v1', leftAtAmount, AUTUMN);
/** v3: spring sold at $12.34; autumn no lead. */
const v3Sold = scriptedVisit('v3', toPhone, SPRING);
const v3Browsing = scriptedVisit('v3', leftAtAmount, AUTUMN);

const BUYER = 'vantorra';

async function post(app: FastifyInstance, visits: readonly ScriptedVisit[]): Promise<void> {
  for (const visit of visits) {
    for (const batch of batchesOf(visit, TEST_XSRF_TOKEN)) {
      const response = await app.inject({
        method: 'POST',
        url: EVENTS_PATH,
        headers: { cookie: `${XSRF_COOKIE}=${TEST_XSRF_TOKEN}`, 'content-type': 'application/json' },
        payload: JSON.stringify(batch),
      });
      expect(response.statusCode, response.body).toBe(204);
    }
  }
}

let leadsSent = 0;

/** Stores the visit's lead as the page sends it; its id. */
async function storeLead(app: FastifyInstance, visit: ScriptedVisit): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/leads/trigger',
    payload: validLead({
      email: `buyer-revenue${leadsSent++}@example.com`,
      flow_version: visit.version,
      [FUNNEL_VISIT_FIELD]: visit.visit,
    }),
    headers: xsrfHeaders(),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: string }>().id;
}

/** The sale as routing records it (route-store.ts markDelivered): the buyer's step delivered, the lead sold. */
async function sell(db: Database, leadId: string, price: string | null): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query(
      `insert into lead_routes (lead_id, buyer_id, position, state, cap_day, cap_month, decided_at, delivered_at,
                                attempts, price)
       values ($1, $2, 1, 'delivered', '2026-11-20', '2026-11', $3, $3, 1, $4::numeric)`,
      [leadId, BUYER, new Date(DAY), price],
    );
    await tx.query(
      `update leads set delivered_at = $3, delivered_to = $2, delivery_reason = null, sold_price = $4::numeric
        where id = $1 and delivered_at is null`,
      [leadId, BUYER, new Date(DAY), price],
    );
  });
}

describe.each(DATABASES)('revenue in the funnel on $name', { timeout: 60_000 }, (kind) => {
  const clock = testClock(DAY);
  const suite = leadAppForSuite(kind.open, { now: clock.now });
  let marketer: string;

  async function funnelOf(query: string): Promise<FunnelResponse> {
    const response = await call(suite.app, { method: 'GET', url: `${FUNNEL_PATH}?${query}`, cookie: marketer });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<FunnelResponse>();
  }

  beforeAll(async () => {
    const { db } = suite.database;
    marketer = (await consoleUserWithSession(db, 'marketer')).cookie;
    // Sold before its visit's events arrive: the events' write counts what the lead earned.
    await sell(db, await storeLead(suite.app, soldFirst), '60.25');
    await post(suite.app, [kept, returned, unpriced, browsing, soldFirst, autumnBrowsing, v3Sold, v3Browsing]);
    // The others sold after their visit was counted, as routing sells a lead seconds after it is stored.
    await sell(db, await storeLead(suite.app, kept), '40.00');
    const returnedLead = await storeLead(suite.app, returned);
    await sell(db, returnedLead, '25.50');
    await sell(db, await storeLead(suite.app, unpriced), null);
    await sell(db, await storeLead(suite.app, v3Sold), '12.34');
    const back = await recordReturn(db, {
      leadId: returnedLead,
      buyerId: BUYER,
      reason: 'bad_phone',
      at: new Date(DAY),
    });
    expect(back.outcome).toBe('recorded');
  });

  const v1Expected = {
    visitors: 6,
    leads: 4,
    // $40.00 + $60.25: the returned lead's $25.50 and the unpriced sale add nothing.
    revenue: '100.25',
    sold: 2,
    // Two sales: too few for an interval.
    revenue_per_visitor: { mean: 100.25 / 6, low: null, high: null },
  };

  it('gives each version the revenue its buyers kept, and revenue per visitor', async () => {
    expect(await funnelOf('version=v1')).toMatchObject(v1Expected);
    expect(await funnelOf('version=v3')).toMatchObject({
      visitors: 2,
      leads: 1,
      revenue: '12.34',
      sold: 1,
      revenue_per_visitor: { mean: 12.34 / 2, low: null, high: null },
    });
  });

  it('gives each campaign of a version its own, most visitors first, and one campaign when filtered', async () => {
    const spring = { utm_campaign: 'spring', visitors: 4, leads: 3, revenue: '40.00', sold: 1 };
    const autumn = { utm_campaign: 'autumn', visitors: 2, leads: 1, revenue: '60.25', sold: 1 };
    const { campaigns } = await funnelOf('version=v1');
    expect(campaigns).toMatchObject([spring, autumn]);
    expect(campaigns[0]!.revenue_per_visitor.mean).toBe(40 / 4);
    expect(campaigns[1]!.revenue_per_visitor.mean).toBe(60.25 / 2);
    const { utm_campaign: _, ...autumnFigures } = autumn;
    expect(await funnelOf('version=v1&utm_campaign=autumn')).toMatchObject({ ...autumnFigures, campaigns: [autumn] });
    // With another filter the campaigns come from the grain that holds both.
    expect((await funnelOf('version=v1&utm_source=google')).campaigns).toMatchObject([spring]);
  });

  it('exports the revenue columns in the CSV', async () => {
    const response = await call(suite.app, { method: 'GET', url: `${FUNNEL_CSV_PATH}?version=v1`, cookie: marketer });
    expect(response.statusCode).toBe(200);
    const [header, first] = response.body
      .trimEnd()
      .split('\n')
      .map((line) => line.split(','));
    const record = Object.fromEntries(header!.map((column, i) => [column, first![i]]));
    expect(record).toMatchObject({
      revenue: '100.25',
      sold: '2',
      revenue_per_visitor: String(100.25 / 6),
      revenue_per_visitor_low: '',
      revenue_per_visitor_high: '',
    });
  });

  it("shows each version's revenue on the Flows page", async () => {
    const response = await call(suite.app, { method: 'GET', url: FLOWS_PATH, cookie: marketer });
    expect(response.statusCode).toBe(200);
    const versions = response.json<FlowVersionList>().versions;
    const byName = new Map(versions.map((version) => [version.name, version]));
    expect(byName.get('v1')).toMatchObject({ revenue: '100.25', revenue_per_visitor: v1Expected.revenue_per_visitor });
    expect(byName.get('v2')).toMatchObject({ visitors: 0, revenue: '0.00', revenue_per_visitor: null });
  });

  it('gives the same revenue after the rollups are rebuilt from the events and leads', async () => {
    await rebuildRollups(suite.database.db);
    expect(await funnelOf('version=v1')).toMatchObject(v1Expected);
    expect((await funnelOf('version=v1')).campaigns.map((campaign) => campaign.revenue)).toEqual(['40.00', '60.25']);
  });

  it('gives an interval from ten sales on, as computed by hand', async () => {
    const { db } = suite.database;
    // v2: 10 leads sold at $20.00 and $50.00 (five each), 10 visitors without a lead.
    const buyers = Array.from({ length: 10 }, () => scriptedVisit('v2', toPhone, SPRING));
    const others = Array.from({ length: 10 }, () => scriptedVisit('v2', leftAtAmount, SPRING));
    await post(suite.app, [...buyers, ...others]);
    for (const [i, visit] of buyers.entries()) {
      await sell(db, await storeLead(suite.app, visit), i % 2 === 0 ? '20.00' : '50.00');
    }
    // n = 20, Σx = 350, Σx² = 5·400 + 5·2500 = 14,500: mean 17.5, s² = (14,500 − 350²/20) / 19 = 440.789...,
    // s/√n = 4.69462..., half-width 1.959964 · 4.69462 = 9.20129...
    const funnel = await funnelOf('version=v2');
    expect(funnel).toMatchObject({ visitors: 20, leads: 10, revenue: '350.00', sold: 10 });
    expect(funnel.revenue_per_visitor.mean).toBe(17.5);
    expect(funnel.revenue_per_visitor.low).toBeCloseTo(8.29871, 4);
    expect(funnel.revenue_per_visitor.high).toBeCloseTo(26.70129, 4);
  });
});
