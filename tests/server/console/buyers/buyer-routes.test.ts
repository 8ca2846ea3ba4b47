/**
 * GET /api/admin/lenders over HTTP: admins and operators only, the buyers the app was given in priority order, the
 * lenders of site/content/lenders.json without a buyer, and nothing that names a lead or a person.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it, onTestFinished } from 'vitest';
import { BUYERS_REPORT_PATH, type BuyersReportResponse } from '../../../../contracts/console.ts';
import type { Database } from '../../../../server/platform/db/index.ts';
import { LENDERS_CONTENT_FILE } from '../../../../server/intake/leads/lenders.ts';
import { DATABASES } from '../../../support/server-harness.ts';
import { QUILLMONT, VANTORRA } from './buyers-fixture.ts';
import { consoleApp, cookies, MARIA, seedLead } from '../leads/leads-fixture.ts';

async function open(kind: (typeof DATABASES)[number]): Promise<Database> {
  const database = await kind.open();
  onTestFinished(() => database.cleanup());
  return database.db;
}

/** The lenders the consent names, as `{ id, name }` (a file of names alone names each by itself). */
function consentLenders(): { id: string; name: string }[] {
  const file = JSON.parse(readFileSync(LENDERS_CONTENT_FILE, 'utf8')) as {
    lenders: (string | { id: string; name: string })[];
  };
  return file.lenders.map((lender) => (typeof lender === 'string' ? { id: lender, name: lender } : lender));
}

describe.each(DATABASES)('the buyers report route on $name', (kind) => {
  it('answers 401 signed out and 403 to a marketer', async () => {
    const db = await open(kind);
    const app = await consoleApp(db, { buyers: [QUILLMONT] });
    const { marketer } = await cookies(db);
    expect((await app.inject({ method: 'GET', url: BUYERS_REPORT_PATH })).statusCode).toBe(401);
    const refused = await app.inject({ method: 'GET', url: BUYERS_REPORT_PATH, headers: { cookie: marketer } });
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain('Quillmont');
  });

  it('lists the buyers in priority order with their counts, then the lenders that receive no leads', async () => {
    const db = await open(kind);
    const app = await consoleApp(db, {
      buyers: [{ ...QUILLMONT, priority: 3, caps: { perDay: 50 }, price: 25 }, VANTORRA],
      now: () => Date.parse('2026-11-27T15:00:00Z'),
    });
    const { operator, admin } = await cookies(db);
    const lead = await seedLead(db, {
      receivedAt: '2026-11-27T14:00:00Z',
      payload: MARIA,
      deliveredAt: '2026-11-27T14:00:01Z',
      deliveredTo: 'quillmont',
    });
    await db.query(
      `insert into lead_routes (lead_id, buyer_id, position, state, attempts, decided_at, delivered_at, price)
       values ($1, 'quillmont', 1, 'delivered', 1, '2026-11-27T14:00:00Z', '2026-11-27T14:00:01Z', 25)`,
      [lead],
    );
    await db.query(
      `insert into buyer_cap_usage (buyer_id, period, period_key, used) values ('quillmont', 'day', '2026-11-27', 1)`,
    );

    const response = await app.inject({ method: 'GET', url: BUYERS_REPORT_PATH, headers: { cookie: operator } });
    expect(response.statusCode).toBe(200);
    const body = response.json<BuyersReportResponse>();
    expect(body.buyers.map((buyer) => buyer.id)).toEqual(['vantorra', 'quillmont']);
    expect(body.buyers[1]).toEqual({
      id: 'quillmont',
      name: 'Quillmont Capital',
      priority: 3,
      filters: ['every lead'],
      schedule: 'any day, any time',
      time_zone: 'America/New_York',
      used_today: 1,
      per_day: 50,
      // No monthly cap: the leads it was sold this month.
      used_this_month: 1,
      per_month: null,
      delivered_30_days: 1,
      returned_30_days: 0,
      return_rate: 0,
      price: '25.00',
      revenue_today: '25.00',
      revenue_this_month: '25.00',
      revenue_30_days: '25.00',
      returned_revenue_30_days: null,
      average_price_30_days: '25.00',
      failing_since: null,
      failing_leads: 0,
      moved_on_30_days: 0,
    });
    const configured = new Set(['quillmont', 'vantorra']);
    expect(body.without_buyer).toEqual(consentLenders().filter((lender) => !configured.has(lender.id)));
    for (const personal of [lead, MARIA.email, MARIA.phone, MARIA.name]) expect(response.body).not.toContain(personal);

    expect((await app.inject({ method: 'GET', url: BUYERS_REPORT_PATH, headers: { cookie: admin } })).statusCode).toBe(
      200,
    );
  });

  it('says every consent lender receives no leads when the server has no buyers', async () => {
    const db = await open(kind);
    const app = await consoleApp(db);
    const { operator } = await cookies(db);
    const response = await app.inject({ method: 'GET', url: BUYERS_REPORT_PATH, headers: { cookie: operator } });
    expect(response.json<BuyersReportResponse>()).toEqual({ buyers: [], without_buyer: consentLenders() });
  });
});
