/**
 * How many leads the list's filters match: exact up to the cap, the database's estimate past it and said to be one;
 * for operators and admins only, with each bad filter named.
 */
import type { FastifyInstance } from 'fastify';
import { describe, expect, it, onTestFinished } from 'vitest';
import { LEAD_COUNT_PATH, type LeadCountResponse } from '../../../../contracts/console.ts';
import { EXACT_COUNT_CAP } from '../../../../server/console/leads/lead-count.ts';
import { DATABASES } from '../../../support/server-harness.ts';
import { consoleApp, cookies, seedLead } from './leads-fixture.ts';

async function count(app: FastifyInstance, cookie: string, query: Record<string, string> = {}) {
  const response = await app.inject({ method: 'GET', url: LEAD_COUNT_PATH, query, headers: { cookie } });
  return { status: response.statusCode, body: response.json<LeadCountResponse & { message?: string }>() };
}

describe.each(DATABASES)('the count of matching leads on $name', (kind) => {
  async function setUp() {
    const database = await kind.open();
    onTestFinished(() => database.cleanup());
    const app = await consoleApp(database.db);
    return { db: database.db, app, users: await cookies(database.db) };
  }

  it('counts exactly the leads each filter matches, and names a bad filter', async () => {
    const { db, app, users } = await setUp();
    await seedLead(db, { receivedAt: '2026-11-20T10:00:00Z', version: 'v2' });
    await seedLead(db, { receivedAt: '2026-11-21T10:00:00Z', held: 'operator' });
    const maria = await seedLead(db, { receivedAt: '2026-11-22T10:00:00Z', deliveryState: 'dead-lettered' });

    expect((await count(app, users.operator)).body).toEqual({ count: 3, exact: true });
    expect((await count(app, users.admin, { version: 'v2' })).body).toEqual({ count: 1, exact: true });
    expect((await count(app, users.operator, { status: 'held' })).body).toEqual({ count: 1, exact: true });
    expect((await count(app, users.operator, { from: '2026-11-21', to: '2026-11-21' })).body).toEqual({
      count: 1,
      exact: true,
    });
    expect((await count(app, users.operator, { q: maria })).body).toEqual({ count: 1, exact: true });
    expect((await count(app, users.operator, { version: 'v9' })).body).toEqual({ count: 0, exact: true });

    const bad = await count(app, users.operator, { status: 'lost' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('The request has 1 invalid field: status');
    expect((await count(app, users.marketer)).status).toBe(403);
  });

  it('gives the estimate past the cap, rounded, and says it is one', async () => {
    const { db, app, users } = await setUp();
    const leads = EXACT_COUNT_CAP + 500;
    await db.query(
      `insert into leads (id, received_at, flow, flow_version, payload)
       select gen_random_uuid(), '2026-11-19T12:00:00Z'::timestamptz + n * interval '1 second', 'business-funding',
              'v3', '{}'::jsonb
         from generate_series(1, $1::int) as n`,
      [leads],
    );
    await db.query('analyze leads');

    const { body } = await count(app, users.operator);
    expect(body.exact).toBe(false);
    expect(body.count).toBeGreaterThanOrEqual(EXACT_COUNT_CAP);
    expect(body.count).toBeLessThanOrEqual(11_000);
    expect(body.count % 1000).toBe(0);
    // A filter that narrows below the cap is exact again.
    await seedLead(db, { receivedAt: '2026-11-25T10:00:00Z', version: 'v1' });
    expect((await count(app, users.operator, { version: 'v1' })).body).toEqual({ count: 1, exact: true });
  });
});
