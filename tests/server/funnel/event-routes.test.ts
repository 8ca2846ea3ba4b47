/**
 * POST /api/events as the page's beacons use it: JSON sent as text/plain;charset=UTF-8 or application/json, the XSRF
 * token in the body (a beacon sets no header), 204 once queued, stored by the next write. Refusals name the field: a bad batch, a version or step
 * the flows lack, a missing or wrong token; a body over the limit is 413; past the rate limit, 429. A refused batch
 * stores nothing.
 */
import type { FastifyInstance } from 'fastify';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { XSRF_COOKIE } from '../../../contracts/api-paths.ts';
import { EVENTS_PATH, type EventBatch } from '../../../contracts/funnel.ts';
import { EVENTS_BODY_LIMIT } from '../../../server/funnel/event-routes.ts';
import { leadAppForSuite, prepareLeadDatabase, startLeadApp } from '../../support/lead-app.ts';
import { newVisitId } from '../../support/scripted-visits.ts';
import { DATABASES, newVisitToken, openTestPglite, TEST_XSRF_TOKEN } from '../../support/server-harness.ts';

const COOKIE = `${XSRF_COOKIE}=${TEST_XSRF_TOKEN}`;

function batch(overrides: Record<string, unknown> = {}): EventBatch & Record<string, unknown> {
  return {
    xsrf: TEST_XSRF_TOKEN,
    visit: newVisitId(),
    flow_version: 'v1',
    device: 'phone',
    utm_source: 'google',
    events: [
      { type: 'view', step: 'start', at: 1_764_000_000_000 },
      { type: 'advance', step: 'start', at: 1_764_000_004_000 },
    ],
    ...overrides,
  };
}

function send(
  app: FastifyInstance,
  body: unknown,
  options: { type?: string; cookie?: string | null; remoteAddress?: string } = {},
) {
  const { type = 'text/plain;charset=UTF-8', cookie = COOKIE } = options;
  return app.inject({
    method: 'POST',
    url: EVENTS_PATH,
    headers: { 'content-type': type, ...(cookie === null ? {} : { cookie }) },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
    ...(options.remoteAddress === undefined ? {} : { remoteAddress: options.remoteAddress }),
  });
}

describe.each(DATABASES)('POST /api/events on $name', (kind) => {
  const suite = leadAppForSuite(kind.open);

  async function storedOf(visit: string): Promise<Record<string, unknown>[]> {
    const { rows } = await suite.database.db.query(
      `select visit, flow_version, step, type, offer, client_at, device, utm_source, utm_medium, utm_campaign
         from funnel_events where visit = $1 order by id`,
      [visit],
    );
    return rows;
  }

  it('stores a beacon sent as text/plain or as JSON, without an XSRF header, and answers 204', async () => {
    for (const type of ['text/plain;charset=UTF-8', 'application/json', 'application/json; charset=utf-8']) {
      const sent = batch({ utm_campaign: 'spring' });
      const response = await send(suite.app, sent, { type });
      expect(response.statusCode, response.body).toBe(204);
      expect(response.body).toBe('');
      const common = {
        visit: sent.visit,
        flow_version: 'v1',
        step: 'start',
        offer: null,
        device: 'phone',
        utm_source: 'google',
        utm_medium: null,
        utm_campaign: 'spring',
      };
      await vi.waitFor(async () =>
        expect(await storedOf(sent.visit)).toEqual([
          { ...common, type: 'view', client_at: 1_764_000_000_000 },
          { ...common, type: 'advance', client_at: 1_764_000_004_000 },
        ]),
      );
    }
  });

  it('stores an offer event with the offer it names', async () => {
    const sent = batch({ events: [{ type: 'offer', step: 'alternatives', at: 5, offer: 'personal-loans' }] });
    expect((await send(suite.app, sent)).statusCode).toBe(204);
    await vi.waitFor(async () =>
      expect(await storedOf(sent.visit)).toMatchObject([{ type: 'offer', offer: 'personal-loans', client_at: 5 }]),
    );
  });

  // A refused batch is never queued: the refusal comes before the store is asked.
  it.each([
    ['no visit', batch({ visit: undefined }), 'visit'],
    ['a visit id too short to be random', batch({ visit: 'abc' }), 'visit'],
    ['an unknown device', batch({ device: 'watch' }), 'device'],
    ['no events', batch({ events: [] }), 'events'],
    [
      '51 events',
      batch({ events: Array.from({ length: 51 }, (_, at) => ({ type: 'view', step: 'start', at })) }),
      'events',
    ],
    ['an unknown event type', batch({ events: [{ type: 'click', step: 'start', at: 1 }] }), 'events.0.type'],
    ['a negative time', batch({ events: [{ type: 'view', step: 'start', at: -1 }] }), 'events.0.at'],
    ['a field of its own', batch({ email: 'maria@example.com' }), 'email'],
    ['a campaign of 257 characters', batch({ utm_source: 'x'.repeat(257) }), 'utm_source'],
    ['a version the flows lack', batch({ flow_version: 'v9' }), 'flow_version'],
    [
      'a step the version lacks',
      batch({
        events: [
          { type: 'view', step: 'start', at: 1 },
          { type: 'view', step: 'nowhere', at: 2 },
        ],
      }),
      'events.1.step',
    ],
  ])('refuses a batch with %s, naming %s, and stores nothing', async (_, body, field) => {
    const response = await send(suite.app, body);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().message).toContain(field);
    if (typeof body.visit === 'string') expect(await storedOf(body.visit)).toEqual([]);
  });

  it('refuses a body that is not JSON, and one over the limit', async () => {
    expect((await send(suite.app, '{"visit":')).statusCode).toBe(400);
    const huge = batch({ utm_source: 'x'.repeat(EVENTS_BODY_LIMIT) });
    expect((await send(suite.app, huge)).statusCode).toBe(413);
  });

  it('refuses a batch without the XSRF cookie, or whose xsrf is not the cookie, naming xsrf', async () => {
    const cases: [string, EventBatch & Record<string, unknown>, string | null][] = [
      ['no cookie', batch(), null],
      ['another token', batch({ xsrf: 'B'.repeat(43) }), COOKIE],
      ['an empty token', batch({ xsrf: '' }), COOKIE],
    ];
    for (const [what, body, cookie] of cases) {
      const response = await send(suite.app, body, { cookie });
      expect(response.statusCode, what).toBe(403);
      expect(response.json()).toMatchObject({ error: 'xsrf_token_invalid', fields: [{ field: 'xsrf' }] });
      expect(await storedOf(body.visit)).toEqual([]);
    }
    const missing = await send(suite.app, batch({ xsrf: undefined }));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain('xsrf');
  });

  it('refuses a batch with the right token that another site sent, and one whose token the server did not issue', async () => {
    const forged = batch();
    const fromElsewhere = await suite.app.inject({
      method: 'POST',
      url: EVENTS_PATH,
      headers: { 'content-type': 'text/plain;charset=UTF-8', cookie: COOKIE, origin: 'https://attacker.example' },
      payload: JSON.stringify(forged),
    });
    expect(fromElsewhere.statusCode).toBe(403);
    expect(fromElsewhere.json().error).toBe('xsrf_token_invalid');
    const madeUp = 'M'.repeat(43);
    const invented = batch({ xsrf: madeUp });
    expect((await send(suite.app, invented, { cookie: `${XSRF_COOKIE}=${madeUp}` })).statusCode).toBe(403);
    expect(await storedOf(forged.visit)).toEqual([]);
    expect(await storedOf(invented.visit)).toEqual([]);
  });
});

describe('POST /api/events past the rate limit', () => {
  it("answers 429 with Retry-After past a visit's limit, and another visit goes on", async () => {
    const database = await openTestPglite();
    onTestFinished(() => database.cleanup());
    await prepareLeadDatabase(database.db);
    const app = await startLeadApp(database.db, {
      env: { RATE_LIMIT_EVENTS_PER_SESSION: '2', RATE_LIMIT_SESSION_WINDOW_SECONDS: '60' },
      now: () => Date.parse('2026-11-27T09:00:15Z'),
    });
    onTestFinished(() => app.close());
    expect((await send(app, batch())).statusCode).toBe(204);
    expect((await send(app, batch())).statusCode).toBe(204);
    const refused = await send(app, batch());
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('45');
    expect(refused.json().error).toBe('too_many_requests');

    const otherToken = newVisitToken();
    const other = await send(app, batch({ xsrf: otherToken }), { cookie: `${XSRF_COOKIE}=${otherToken}` });
    expect(other.statusCode).toBe(204);
  });
});
