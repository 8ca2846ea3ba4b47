/**
 * The funnel is exact: scripted visits (abandoning at known steps of v1, v3's poor-credit branch to the alternatives,
 * a reload in the same tab, a version change, a visit over two days, batches that arrive out of order, bots by the
 * honeypot and by rate, leads stored with their visit and a `lead` event with no lead behind it) are posted through
 * POST /api/events and POST /api/v1/leads/trigger as the page sends them, and GET /api/admin/funnel and its CSV
 * answer exactly the counts the scripts give, with and without each filter, from the rollups kept as they arrive and
 * again after the rollups are rebuilt from the raw events.
 */
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { XSRF_COOKIE } from '../../../contracts/api-paths.ts';
import { EVENTS_PATH, FUNNEL_CSV_PATH, FUNNEL_PATH, type FunnelResponse } from '../../../contracts/funnel.ts';
import { FAST_VIEWS, FAST_VIEWS_MS, MAX_EVENTS_PER_VISIT } from '../../../server/funnel/bots.ts';
import { readFlowSteps } from '../../../server/funnel/flow-steps.ts';
import { rebuildRollups } from '../../../server/funnel/visit-rollups.ts';
import { FUNNEL_VISIT_FIELD } from '../../../contracts/lead.ts';
import { HONEYPOT_FIELD } from '../../../contracts/honeypot.ts';
import { wilsonInterval } from '../../../server/funnel/wilson.ts';
import { FLOWS_DIR } from '../../../server/platform/paths.ts';
import { call, testClock } from '../../support/console-app.ts';
import { consoleUserWithSession } from '../../support/console-users.ts';
import { leadAppForSuite } from '../../support/lead-app.ts';
import { validLead } from '../../support/lead-fixture.ts';
import {
  batchesOf,
  expectedFunnel,
  newVisitId,
  scriptedVisit,
  through,
  type Move,
  type ScriptedVisit,
} from '../../support/scripted-visits.ts';
import { DATABASES, TEST_XSRF_TOKEN, xsrfHeaders } from '../../support/server-harness.ts';

const FLOWS = readFlowSteps(FLOWS_DIR);
const V1 = FLOWS.get('v1')!;
const V3 = FLOWS.get('v3')!;
const DAY_1 = Date.parse('2026-11-20T16:00:00Z');
const DAY_2 = Date.parse('2026-11-21T10:00:00Z');

/** The path of a visitor with good credit, start to email. */
const PATH = [
  'start',
  'amount',
  'loan-purpose',
  'loan-timing',
  'average-monthly-revenue',
  'credit-score',
  'about-business',
  'business-start',
  'business-industry',
  'name',
  'email',
];
const TO_CREDIT = PATH.slice(0, 6);
const LEAD_END: Move[] = [
  { step: 'phone', seconds: 10, then: 'lead' },
  { step: 'searching-coverage-area', seconds: 5, then: 'advance' },
  { step: 'thank-you', seconds: 1, then: 'reload' },
];
const GOOGLE_SPRING = { utm_source: 'google', utm_campaign: 'spring' } as const;

/** Day 1's people on v1. */
const leftAtAmount: Move[] = [
  { step: 'start', seconds: 4, then: 'advance' },
  { step: 'amount', seconds: 10, then: 'leave' },
];
const a1 = scriptedVisit('v1', leftAtAmount, GOOGLE_SPRING);
const a2 = scriptedVisit('v1', leftAtAmount, GOOGLE_SPRING);
const a3 = scriptedVisit('v1', leftAtAmount, { device: 'tablet', utm_source: 'facebook', utm_campaign: 'spring' });
/** Closed the tab on loan-purpose: its view is the last thing reported. */
const closedAtPurpose: Move[] = [
  { step: 'start', seconds: 4, then: 'advance' },
  { step: 'amount', seconds: 6, then: 'advance' },
  { step: 'loan-purpose', seconds: 0, then: 'reload' },
];
const b1 = scriptedVisit('v1', closedAtPurpose, { utm_source: 'google', utm_campaign: 'autumn' });
const b2 = scriptedVisit('v1', closedAtPurpose, { utm_source: 'google', utm_campaign: 'autumn' });
/** Went back once, then on to loan-timing, and left there. */
const c = scriptedVisit(
  'v1',
  [
    { step: 'start', seconds: 4, then: 'advance' },
    { step: 'amount', seconds: 6, then: 'advance' },
    { step: 'loan-purpose', seconds: 3, then: 'back' },
    { step: 'amount', seconds: 5, then: 'advance' },
    { step: 'loan-purpose', seconds: 7, then: 'advance' },
    { step: 'loan-timing', seconds: 20, then: 'leave' },
  ],
  GOOGLE_SPRING,
);
/** Reloaded on amount (the same visit id: the same tab), then went on and left at loan-purpose. */
const d = scriptedVisit(
  'v1',
  [
    { step: 'start', seconds: 4, then: 'advance' },
    { step: 'amount', seconds: 8, then: 'reload' },
    { step: 'amount', seconds: 2, then: 'advance' },
    { step: 'loan-purpose', seconds: 5, then: 'leave' },
  ],
  GOOGLE_SPRING,
);
const e1 = scriptedVisit('v1', [...through(PATH, 3), ...LEAD_END], GOOGLE_SPRING);
const e2 = scriptedVisit('v1', [...through(PATH, 3), ...LEAD_END], { utm_source: 'google', utm_campaign: 'autumn' });
/** As fast as a person can be: FAST_VIEWS views in exactly FAST_VIEWS_MS, not less. */
const fastHuman = scriptedVisit('v1', [
  ...through(TO_CREDIT.slice(0, FAST_VIEWS - 1), FAST_VIEWS_MS / (FAST_VIEWS - 1) / 1000),
  { step: 'credit-score', seconds: 1, then: 'leave' },
]);
/** Day 2's: two visitors on a desktop from a newsletter, gone at the start. */
const leftAtStart: Move[] = [{ step: 'start', seconds: 30, then: 'leave' }];
const f1 = scriptedVisit('v1', leftAtStart, { device: 'desktop', utm_source: 'newsletter' });
const f2 = scriptedVisit('v1', leftAtStart, { device: 'desktop', utm_source: 'newsletter' });
/** Reports a `lead` event and the thank-you page, but no lead was stored: it left the flow there. */
const forged = scriptedVisit('v1', [...through(PATH, 3), ...LEAD_END], GOOGLE_SPRING);

/** Bots: the honeypot on a lead's path, faster than a person, and more events than any visit sends. */
const honeypot = scriptedVisit('v1', [...through(PATH, 3), ...LEAD_END], { ...GOOGLE_SPRING, honeypot: true });
const tooFast = scriptedVisit('v1', [
  ...through(TO_CREDIT, (FAST_VIEWS_MS - 50) / (FAST_VIEWS - 1) / 1000),
  { step: 'about-business', seconds: 4, then: 'leave' },
]);
const tooMany = scriptedVisit(
  'v1',
  Array.from({ length: MAX_EVENTS_PER_VISIT + 1 }, (): Move => ({ step: 'start', seconds: 3, then: 'reload' })),
);

/** v3: the poor-credit branch to the alternatives (one offer opened), the good-credit path, and a1 changing version. */
const poorCredit: Move[] = [
  ...through(TO_CREDIT, 3),
  { step: 'alternatives', seconds: 12, then: 'advance', offer: 'personal-loans' },
  { step: 'about-business', seconds: 9, then: 'leave' },
];
const g1 = scriptedVisit('v3', poorCredit, GOOGLE_SPRING);
const g2 = scriptedVisit('v3', poorCredit, GOOGLE_SPRING);
const g3 = scriptedVisit('v3', [...through(TO_CREDIT, 3), { step: 'about-business', seconds: 9, then: 'leave' }]);
const a1OnV3: ScriptedVisit = { ...scriptedVisit('v3', leftAtAmount, GOOGLE_SPRING), visit: a1.visit };
/** Began on day 1 and went on (the page's later batches) on day 2: it counts on the day it began. */
const overnight = scriptedVisit('v3', [
  { step: 'start', seconds: 5, then: 'advance' },
  { step: 'amount', seconds: 123.456, then: 'advance' },
  { step: 'loan-purpose', seconds: 8, then: 'leave' },
]);
const overnightDay1: ScriptedVisit = { ...overnight, events: overnight.events.slice(0, 3) };
const overnightDay2: ScriptedVisit = { ...overnight, events: overnight.events.slice(3) };

const DAY_1_V1 = [a1, a2, a3, b1, b2, c, d, e1, e2, fastHuman];
const DAY_2_V1 = [f1, f2, forged];
const V3_VISITS = [g1, g2, g3, a1OnV3, overnight];
const HUMANS = [...DAY_1_V1, ...DAY_2_V1, ...V3_VISITS];
/** The visits whose lead was stored with their visit id. */
const STORED = new Set([e1, e2]);
const ALL_DAYS = { from: null, to: null };
/** Each filter of v1, and the visits it keeps. */
const FILTER_CASES: [string, ScriptedVisit[], { from: string | null; to: string | null }][] = [
  ['from=2026-11-20&to=2026-11-20', DAY_1_V1, { from: '2026-11-20', to: '2026-11-20' }],
  ['from=2026-11-21', DAY_2_V1, { from: '2026-11-21', to: null }],
  ['to=2026-11-19', [], { from: null, to: '2026-11-19' }],
  ['utm_source=google', [a1, a2, b1, b2, c, d, e1, e2, forged], ALL_DAYS],
  ['utm_campaign=autumn', [b1, b2, e2], ALL_DAYS],
  ['utm_source=google&utm_campaign=spring', [a1, a2, c, d, e1, forged], ALL_DAYS],
  [
    'from=2026-11-20&utm_source=google&device=phone',
    [a1, a2, b1, b2, c, d, e1, e2, forged],
    { from: '2026-11-20', to: null },
  ],
  ['device=desktop', [f1, f2], ALL_DAYS],
  ['device=tablet', [a3], ALL_DAYS],
];

async function post(app: FastifyInstance, visits: readonly ScriptedVisit[], size?: number): Promise<void> {
  let n = 0;
  for (const visit of visits) {
    const batches = batchesOf(visit, TEST_XSRF_TOKEN, size);
    // A visit posted in small batches goes last first: its batches arrive in the reverse of their order.
    if (size !== undefined) batches.reverse();
    for (const batch of batches) {
      // Half as a beacon sends a string (text/plain), half as JSON: both are the page's.
      const type = n++ % 2 === 0 ? 'text/plain;charset=UTF-8' : 'application/json';
      const response = await app.inject({
        method: 'POST',
        url: EVENTS_PATH,
        headers: { cookie: `${XSRF_COOKIE}=${TEST_XSRF_TOKEN}`, 'content-type': type },
        payload: JSON.stringify(batch),
      });
      expect(response.statusCode, response.body).toBe(204);
    }
  }
}

let leadsSent = 0;

/** Stores a lead as the page sends it at the end of the form, with the funnel's visit id when given. */
async function storeLead(app: FastifyInstance, overrides: Record<string, unknown>): Promise<void> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/leads/trigger',
    payload: validLead({ email: `visitor${leadsSent++}@example.com`, ...overrides }),
    headers: xsrfHeaders(),
  });
  expect(response.statusCode, response.body).toBe(201);
}

describe.each(DATABASES)('the funnel on $name', { timeout: 60_000 }, (kind) => {
  const clock = testClock(DAY_1);
  const suite = leadAppForSuite(kind.open, { now: clock.now });
  let marketer: string;

  async function funnelOf(query: string): Promise<FunnelResponse> {
    const response = await call(suite.app, { method: 'GET', url: `${FUNNEL_PATH}?${query}`, cookie: marketer });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<FunnelResponse>();
  }

  beforeAll(async () => {
    marketer = (await consoleUserWithSession(suite.database.db, 'marketer')).cookie;
    clock.at = DAY_1;
    // e1's lead is stored before its events arrive, e2's after: the funnel counts both.
    await storeLead(suite.app, { [FUNNEL_VISIT_FIELD]: e1.visit });
    await post(suite.app, [...DAY_1_V1, honeypot, tooFast, tooMany, g1, g2, a1OnV3, overnightDay1]);
    await post(suite.app, [g3], 4);
    await storeLead(suite.app, { [FUNNEL_VISIT_FIELD]: e2.visit });
    // A bot's lead, a lead of a visit that never showed a step, and one of v3 for a visit seen on v1 only: none counts.
    await storeLead(suite.app, { [FUNNEL_VISIT_FIELD]: honeypot.visit, [HONEYPOT_FIELD]: 'x' });
    await storeLead(suite.app, { [FUNNEL_VISIT_FIELD]: newVisitId() });
    await storeLead(suite.app, { [FUNNEL_VISIT_FIELD]: a2.visit, flow_version: 'v3' });
    clock.at = DAY_2;
    await post(suite.app, [...DAY_2_V1, overnightDay2]);
    // A funnel waits for the batches accepted before it: after this one, all are in the database.
    await funnelOf('version=v1');
  }, 60_000);

  it('counts each step of v1 exactly, bots left out, conversions from stored leads only', async () => {
    const v1 = await funnelOf('version=v1');
    expect(v1.visitors).toBe(13);
    expect(v1.leads).toBe(2);
    expect(v1.conversion).toEqual(wilsonInterval(2, 13));
    const step = (id: string) => v1.steps.find((one) => one.step === id);
    expect(step('start')).toEqual({
      step: 'start',
      views: 13,
      advanced: 11,
      exits: 2,
      drop_off: 2 / 13,
      median_seconds: 4,
    });
    // The reload counts one visitor; only the view it moved on from is timed.
    expect(step('amount')).toEqual({
      step: 'amount',
      views: 11,
      advanced: 8,
      exits: 3,
      drop_off: 3 / 11,
      median_seconds: 5.5,
    });
    // Closing the tab leaves no time on the step, but an exit.
    expect(step('loan-purpose')).toEqual({
      step: 'loan-purpose',
      views: 8,
      advanced: 5,
      exits: 3,
      drop_off: 3 / 8,
      median_seconds: 3,
    });
    // A stored lead's visit ends on the thank-you page without being an exit there; the visit that only reported a
    // `lead` event left the flow there.
    expect(step('thank-you')).toMatchObject({ views: 3, exits: 1 });
    expect(step('alternatives')).toEqual({
      step: 'alternatives',
      views: 0,
      advanced: 0,
      exits: 0,
      drop_off: 0,
      median_seconds: null,
    });
    expect(v1.steps.map((one) => one.step)).toEqual(V1);
    expect(v1).toEqual(expectedFunnel(HUMANS, 'v1', V1, undefined, STORED));
  });

  it("counts v3's branch to the alternatives, and a visit that changed version in each", async () => {
    const v3 = await funnelOf('version=v3');
    expect(v3.visitors).toBe(5);
    expect(v3.leads).toBe(0);
    const step = (id: string) => v3.steps.find((one) => one.step === id);
    expect(step('alternatives')).toEqual({
      step: 'alternatives',
      views: 2,
      advanced: 2,
      exits: 0,
      drop_off: 0,
      median_seconds: 12,
    });
    expect(step('about-business')).toMatchObject({ views: 3, exits: 3, drop_off: 1 });
    // 123.456 s on a step is kept to two significant figures: 120 s, the median of 3 s, 3 s, 3 s, 3 s and 120 s.
    expect(step('amount')).toMatchObject({ views: 5, exits: 1, median_seconds: 3 });
    expect(v3.steps.map((one) => one.step)).toEqual(V3);
    expect(v3).toEqual(expectedFunnel(HUMANS, 'v3', V3));
  });

  it('counts a visit on the day it began, all of its steps', async () => {
    expect(await funnelOf('version=v3&from=2026-11-20&to=2026-11-20')).toEqual(
      expectedFunnel(V3_VISITS, 'v3', V3, { from: '2026-11-20', to: '2026-11-20' }),
    );
    expect(await funnelOf('version=v3&from=2026-11-21')).toEqual(
      expectedFunnel([], 'v3', V3, { from: '2026-11-21', to: null }),
    );
  });

  it('marks the bots and keeps their events for an audit', async () => {
    const { rows } = await suite.database.db.query<{ visit: string; reason: string }>(
      'select visit, reason from funnel_bot_visits order by reason, visit',
    );
    const marked = new Map(rows.map((row) => [row.visit, row.reason]));
    expect(marked).toEqual(
      new Map([
        [honeypot.visit, 'honeypot'],
        [tooFast.visit, 'rate'],
        [tooMany.visit, 'rate'],
      ]),
    );
    const stored = await suite.database.db.query<{ n: number }>(
      'select count(*)::int as n from funnel_events where visit = $1',
      [tooMany.visit],
    );
    expect(stored.rows[0]!.n).toBe(tooMany.events.length);
  });

  it('filters by date, utm_source, utm_campaign and device exactly', async () => {
    for (const [query, visits, range] of FILTER_CASES) {
      expect(await funnelOf(`version=v1&${query}`), query).toEqual(expectedFunnel(visits, 'v1', V1, range, STORED));
    }
  });

  it('answers the same numbers as CSV, one row per step with the overall numbers', async () => {
    const json = await funnelOf('version=v1&from=2026-11-20');
    const response = await call(suite.app, {
      method: 'GET',
      url: `${FUNNEL_CSV_PATH}?version=v1&from=2026-11-20`,
      cookie: marketer,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="funnel_v1_2026-11-20_to_today.csv"');
    // Step ids and numbers: no cell needs quoting.
    const [header, ...lines] = response.body
      .trimEnd()
      .split('\n')
      .map((line) => line.split(','));
    const records = lines.map((cells) => Object.fromEntries(header!.map((column, i) => [column, cells[i]])));
    expect(records.map((record) => record.step)).toEqual(V1);
    for (const [i, record] of records.entries()) {
      const step = json.steps[i]!;
      expect(record).toEqual({
        version: 'v1',
        from: '2026-11-20',
        to: '',
        step: step.step,
        views: String(step.views),
        advanced: String(step.advanced),
        exits: String(step.exits),
        drop_off: String(step.drop_off),
        median_seconds: step.median_seconds === null ? '' : String(step.median_seconds),
        visitors: String(json.visitors),
        leads: String(json.leads),
        conversion: String(json.conversion.rate),
        conversion_low: String(json.conversion.low),
        conversion_high: String(json.conversion.high),
        // No lead of these visits was sold: no revenue, and too few sales for an interval.
        revenue: '0.00',
        sold: '0',
        revenue_per_visitor: '0',
        revenue_per_visitor_low: '',
        revenue_per_visitor_high: '',
      });
    }
  });

  it('gives the same numbers after the rollups are rebuilt from the raw events', async () => {
    const queries = [
      'version=v1',
      'version=v3',
      'version=v3&from=2026-11-20&to=2026-11-20',
      ...FILTER_CASES.map(([query]) => `version=v1&${query}`),
    ];
    const sums = async () =>
      (
        await suite.database.db.query(
          `select flow_version, grain, day::text, step, utm_source, utm_campaign, device, views, advanced, exits,
                  visitors, leads, times
             from funnel_rollups
            where views <> 0 or advanced <> 0 or exits <> 0 or visitors <> 0 or leads <> 0 or times <> '{}'::jsonb
            order by flow_version, grain, day, step, utm_source, utm_campaign, device`,
        )
      ).rows;
    const kept = await Promise.all(queries.map(funnelOf));
    const keptSums = await sums();
    const { visits } = await rebuildRollups(suite.database.db);
    // The humans (a1 twice, on each version) and no bot.
    expect(visits).toBe(HUMANS.length);
    expect(await Promise.all(queries.map(funnelOf))).toEqual(kept);
    expect(await sums()).toEqual(keptSums);
  });

  it('refuses an unknown or missing version, bad dates and an unknown device, naming each', async () => {
    for (const [query, fields] of [
      ['', ['version']],
      ['version=v9', ['version']],
      ['version=v1&version=v3', ['version']],
      ['version=v1&from=2026-13-01&to=yesterday', ['from', 'to']],
      ['version=v1&from=2026-11-21&to=2026-11-20', ['to']],
      ['version=v1&device=watch', ['device']],
    ] as const) {
      for (const url of [FUNNEL_PATH, FUNNEL_CSV_PATH]) {
        const response = await call(suite.app, { method: 'GET', url: `${url}?${query}`, cookie: marketer });
        expect(response.statusCode, query).toBe(400);
        const body = response.json<{ error: string; fields: { field: string }[] }>();
        expect(body.fields.map((field) => field.field)).toEqual(fields);
      }
    }
  });
});
