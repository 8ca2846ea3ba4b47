/**
 * The console's lead list, a lead's page, the CSV export and the counts, over HTTP as the console's pages call them,
 * on PGlite and (with DATABASE_URL) PostgreSQL.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it, onTestFinished } from 'vitest';
import {
  COUNTS_PATH,
  LEAD_COUNT_PATH,
  LEADS_CSV_PATH,
  LEADS_PATH,
  type CountsResponse,
  type LeadPageResponse,
  type LeadRow,
  type LeadsResponse,
} from '../../../../contracts/console.ts';
import type { Database } from '../../../../server/platform/db/index.ts';
import { DATABASES, xsrfHeaders } from '../../../support/server-harness.ts';
import { consoleApp, cookies, MARIA, seedLead } from './leads-fixture.ts';

async function list(app: FastifyInstance, cookie: string, query: Record<string, string> = {}) {
  const response = await app.inject({ method: 'GET', url: LEADS_PATH, query, headers: { cookie } });
  return { status: response.statusCode, body: response.json<LeadsResponse & { message?: string }>() };
}

async function idsOf(app: FastifyInstance, cookie: string, query: Record<string, string>) {
  const { status, body } = await list(app, cookie, query);
  expect(status).toBe(200);
  return body.leads.map((lead) => lead.id);
}

/** Every page of the list, following next_cursor. */
async function allPages(app: FastifyInstance, cookie: string, query: Record<string, string>) {
  const ids: string[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const { body }: { body: LeadsResponse } = await list(app, cookie, { ...query, ...(cursor ? { cursor } : {}) });
    ids.push(...body.leads.map((lead) => lead.id));
    cursor = body.next_cursor;
    pages += 1;
  } while (cursor !== null);
  return { ids, pages };
}

async function open(kind: (typeof DATABASES)[number]): Promise<Database> {
  const database = await kind.open();
  onTestFinished(() => database.cleanup());
  return database.db;
}

describe.each(DATABASES)('the console leads on $name', (kind) => {
  it('answers 401 signed out and 403 to a marketer on every lead route, and counts to every role', async () => {
    const db = await open(kind);
    const app = await consoleApp(db);
    const users = await cookies(db);
    const leadId = await seedLead(db, { receivedAt: '2026-11-20T10:00:00Z' });
    const routes = [
      { method: 'GET' as const, url: LEADS_PATH },
      { method: 'GET' as const, url: `${LEADS_PATH}/${leadId}` },
      { method: 'GET' as const, url: LEADS_CSV_PATH },
      { method: 'POST' as const, url: `${LEADS_PATH}/${leadId}/hold` },
    ];
    for (const route of routes) {
      const xsrf = xsrfHeaders();
      const signedOut = await app.inject({ ...route, headers: xsrf });
      expect(signedOut.statusCode, `${route.method} ${route.url}`).toBe(401);
      const marketer = await app.inject({
        ...route,
        headers: { ...xsrf, cookie: `${xsrf.cookie}; ${users.marketer}` },
      });
      expect(marketer.statusCode, `${route.method} ${route.url}`).toBe(403);
    }
    expect((await app.inject({ method: 'GET', url: COUNTS_PATH })).statusCode).toBe(401);

    const counts = await app.inject({ method: 'GET', url: COUNTS_PATH, headers: { cookie: users.marketer } });
    expect(counts.statusCode).toBe(200);
    expect(counts.json()).toEqual({
      total: 1,
      by_status: { stored: 1, queued: 0, delivered: 0, unsold: 0, held: 0, 'dead-lettered': 0 },
      by_version: { v3: 1 },
      by_utm_source: { '(none)': 1 },
    });
    expect(counts.body).not.toContain('example.com');
    expect(counts.body).not.toContain('Maria');
    expect(counts.body).not.toContain(leadId);
  });

  it('lists newest first and pages by keyset across leads received at the same instant', async () => {
    const db = await open(kind);
    const app = await consoleApp(db);
    const { operator } = await cookies(db);
    const sameInstant = '2026-11-20T10:00:00.123456Z';
    const ids = [
      await seedLead(db, { receivedAt: '2026-11-19T08:00:00Z' }),
      ...(await Promise.all([1, 2, 3, 4, 5].map(() => seedLead(db, { receivedAt: sameInstant })))),
      await seedLead(db, { receivedAt: '2026-11-21T08:00:00Z' }),
    ];
    const tied = ids.slice(1, 6).sort().reverse();
    const expected = [ids[6]!, ...tied, ids[0]!];

    expect(await idsOf(app, operator, {})).toEqual(expected);
    expect(await allPages(app, operator, { limit: '2' })).toEqual({ ids: expected, pages: 4 });

    const { body } = await list(app, operator, { limit: '1' });
    expect(body.leads[0]).toEqual({
      id: ids[6],
      received_at: '2026-11-21T08:00:00.000Z',
      flow_version: 'v3',
      status: 'stored',
      held_reason: null,
      name: 'Maria Rivera',
      business_name: '',
      purged: false,
      email: `${ids[6]}@example.com`,
      phone: '2125550100',
      utm_source: null,
      attempts: 0,
      language: 'en',
      sold_price: null,
    });
  });

  it('finds a lead by email in any case, by phone as people write it, and by id', async () => {
    const db = await open(kind);
    const app = await consoleApp(db);
    const { admin } = await cookies(db);
    const maria = await seedLead(db, { receivedAt: '2026-11-20T10:00:00Z', payload: MARIA });
    const withCountryCode = await seedLead(db, {
      receivedAt: '2026-11-20T11:00:00Z',
      payload: { ...MARIA, email: 'other@example.com', phone: '+1 (310) 555-0147' },
    });
    const other = await seedLead(db, { receivedAt: '2026-11-20T12:00:00Z' });

    expect(await idsOf(app, admin, { q: ' Maria.Rivera@EXAMPLE.com ' })).toEqual([maria]);
    expect(await idsOf(app, admin, { q: '(310) 555-0147' })).toEqual([withCountryCode, maria]);
    expect(await idsOf(app, admin, { q: other.toUpperCase() })).toEqual([other]);
    expect(await idsOf(app, admin, { q: 'nobody@example.com' })).toEqual([]);
  });

  it('filters by status, flow version, date range (to inclusive) and utm_source', async () => {
    const db = await open(kind);
    const app = await consoleApp(db);
    const { operator } = await cookies(db);
    const stored = await seedLead(db, { receivedAt: '2026-11-18T23:59:59Z', version: 'v2' });
    const queued = await seedLead(db, { receivedAt: '2026-11-19T00:00:00Z', deliveryState: 'queued' });
    const delivered = await seedLead(db, {
      receivedAt: '2026-11-20T12:00:00Z',
      deliveryState: 'queued',
      deliveredAt: '2026-11-20T12:00:01Z',
      payload: { ...MARIA, source_url: 'https://fund.example.com/v3?zip=10001&utm_source=google' },
    });
    const held = await seedLead(db, { receivedAt: '2026-11-20T23:59:59Z', held: 'duplicate' });
    const dead = await seedLead(db, {
      receivedAt: '2026-11-21T00:00:00Z',
      deliveryState: 'dead-lettered',
      payload: { ...MARIA, utm_source: 'newsletter' },
    });

    expect(await idsOf(app, operator, { status: 'stored' })).toEqual([stored]);
    expect(await idsOf(app, operator, { status: 'queued' })).toEqual([queued]);
    expect(await idsOf(app, operator, { status: 'delivered' })).toEqual([delivered]);
    expect(await idsOf(app, operator, { status: 'held' })).toEqual([held]);
    expect(await idsOf(app, operator, { status: 'dead-lettered' })).toEqual([dead]);
    expect(await idsOf(app, operator, { version: 'v2' })).toEqual([stored]);
    expect(await idsOf(app, operator, { from: '2026-11-19', to: '2026-11-20' })).toEqual([held, delivered, queued]);
    expect(await idsOf(app, operator, { utm_source: 'google' })).toEqual([delivered]);
    expect(await idsOf(app, operator, { utm_source: 'newsletter' })).toEqual([dead]);
    expect((await list(app, operator, { status: 'held' })).body.leads[0]).toMatchObject({
      status: 'held',
      held_reason: 'duplicate',
    });
  });

  it('filters by the language the form was filled in, in the list, its count and to operators only', async () => {
    const db = await open(kind);
    const app = await consoleApp(db);
    const users = await cookies(db);
    const spanish = await seedLead(db, { receivedAt: '2026-11-20T10:00:00Z', language: 'es' });
    const english = await seedLead(db, { receivedAt: '2026-11-20T11:00:00Z' });

    expect(await idsOf(app, users.operator, { language: 'es' })).toEqual([spanish]);
    expect(await idsOf(app, users.operator, { language: 'en' })).toEqual([english]);
    expect(await idsOf(app, users.operator, { language: 'fr' })).toEqual([]);
    expect((await list(app, users.operator)).body.leads.map((lead: LeadRow) => lead.language)).toEqual(['en', 'es']);
    const count = await app.inject({
      method: 'GET',
      url: LEAD_COUNT_PATH,
      query: { language: 'es' },
      headers: { cookie: users.operator },
    });
    expect(count.json()).toMatchObject({ count: 1 });
    const page = await app.inject({
      method: 'GET',
      url: `${LEADS_PATH}/${spanish}`,
      headers: { cookie: users.operator },
    });
    expect(page.json().lead.language).toBe('es');
    const filtered = { method: 'GET' as const, url: LEADS_PATH, query: { language: 'es' } };
    expect((await app.inject(filtered)).statusCode).toBe(401);
    expect((await app.inject({ ...filtered, headers: { cookie: users.marketer } })).statusCode).toBe(403);
  });

  it("reads utm_source and utm_campaign from the lead's attribution first, in the list, its filters and the counts", async () => {
    const db = await open(kind);
    const app = await consoleApp(db);
    const { operator } = await cookies(db);
    const spring = await seedLead(db, {
      receivedAt: '2026-11-20T10:00:00Z',
      payload: {
        ...MARIA,
        // The address the lead was sent from names another source: the landing click's is the one that counts.
        source_url: 'https://fund.example.com/phone?utm_source=newsletter',
        attribution: { utm_source: 'google', utm_campaign: 'spring sale', gclid: 'abc123' },
      },
    });
    const autumn = await seedLead(db, {
      receivedAt: '2026-11-20T11:00:00Z',
      payload: { ...MARIA, attribution: { utm_source: 'google', utm_campaign: 'autumn' } },
    });
    const addressOnly = await seedLead(db, {
      receivedAt: '2026-11-20T12:00:00Z',
      payload: { ...MARIA, source_url: 'https://fund.example.com/?utm_source=bing&utm_campaign=spring%20sale' },
    });

    expect(await idsOf(app, operator, { utm_campaign: 'spring sale' })).toEqual([spring]);
    expect(await idsOf(app, operator, { utm_campaign: 'spring%20sale' })).toEqual([addressOnly]);
    expect(await idsOf(app, operator, { utm_source: 'google' })).toEqual([autumn, spring]);
    expect(await idsOf(app, operator, { utm_source: 'google', utm_campaign: 'autumn' })).toEqual([autumn]);
    expect(await idsOf(app, operator, { utm_source: 'newsletter' })).toEqual([]);
    expect((await list(app, operator, { utm_campaign: 'spring sale' })).body.leads[0]).toMatchObject({
      utm_source: 'google',
    });
    const counts = await app.inject({ method: 'GET', url: COUNTS_PATH, headers: { cookie: operator } });
    expect(counts.json()).toMatchObject({ by_utm_source: { google: 2, bing: 1 } });
  });

  it('refuses bad parameters with 400 naming the field', async () => {
    const db = await open(kind);
    const app = await consoleApp(db);
    const { operator } = await cookies(db);
    const refusals: [Record<string, string>, string][] = [
      [{ status: 'lost' }, 'status'],
      [{ limit: '0' }, 'limit'],
      [{ limit: '201' }, 'limit'],
      [{ from: '2026-02-30' }, 'from'],
      [{ from: '2026-11-21', to: '2026-11-20' }, 'to'],
      [{ cursor: 'not-a-cursor' }, 'cursor'],
      [{ q: 'hello' }, 'q'],
      [{ language: 'Spanish' }, 'language'],
      [{ language: 'ES' }, 'language'],
    ];
    for (const [query, field] of refusals) {
      const { status, body } = await list(app, operator, query);
      expect(status, JSON.stringify(query)).toBe(400);
      expect(body.message).toBe(`The request has 1 invalid field: ${field}`);
    }
    const csv = await app.inject({
      method: 'GET',
      url: LEADS_CSV_PATH,
      query: { to: '21.11.2026' },
      headers: { cookie: operator },
    });
    expect(csv.statusCode).toBe(400);
    expect(csv.json().message).toBe('The request has 1 invalid field: to');
    const page = await app.inject({ method: 'GET', url: `${LEADS_PATH}/42`, headers: { cookie: operator } });
    expect(page.statusCode).toBe(400);
    expect(page.json().message).toBe('The request has 1 invalid field: id');
  });

  it("shows a lead's answers, consent evidence and delivery attempts oldest first; 404 for an unknown lead", async () => {
    const db = await open(kind);
    const app = await consoleApp(db);
    const { operator } = await cookies(db);
    const id = await seedLead(db, {
      receivedAt: '2026-11-20T10:00:00Z',
      payload: MARIA,
      deliveryState: 'queued',
      deliveredAt: '2026-11-20T10:05:00Z',
    });
    const sha = 'a'.repeat(64);
    await db.query(
      `insert into consent_evidence (lead_id, consent_version, consent_text, consent_sha256, consented_at, ip, user_agent,
         page_url, certificate_url)
       values ($1, '2026-11-22.2', 'I agree to be called.', $2, '2026-11-20T10:00:00Z', '203.0.113.7', 'Firefox',
         'https://fund.example.com/v3/phone', 'https://cert.trustedform.com/abc')`,
      [id, sha],
    );
    await db.query(
      `insert into delivery_attempts (lead_id, attempt, attempted_at, http_status, outcome, error, duration_ms) values
         ($1, 2, '2026-11-20T10:05:00Z', 200, 'delivered', null, 87),
         ($1, 1, '2026-11-20T10:01:00Z', 503, 'failed', 'lender answered HTTP 503', null)`,
      [id],
    );

    const response = await app.inject({ method: 'GET', url: `${LEADS_PATH}/${id}`, headers: { cookie: operator } });
    expect(response.statusCode).toBe(200);
    expect(response.json<LeadPageResponse>()).toEqual({
      lead: {
        id,
        received_at: '2026-11-20T10:00:00.000Z',
        flow: 'business-funding',
        flow_version: 'v3',
        status: 'delivered',
        held_reason: null,
        delivered_at: '2026-11-20T10:05:00.000Z',
        delivered_to: null,
        delivered_to_name: null,
        sold_price: null,
        delivery_reason: null,
        name: 'Maria Rivera',
        business_name: '',
        purged_at: null,
        gpc: false,
        language: 'en',
        answers: MARIA,
        answer_groups: [
          {
            title: 'How much do you need?',
            answers: [{ field: 'amount', label: 'Amount needed', text: '50,000', code: null, unlisted: false }],
          },
          {
            title: "What's your name?",
            answers: [
              { field: 'first_name', label: 'First name', text: 'Maria', code: null, unlisted: false },
              { field: 'last_name', label: 'Last name', text: 'Rivera', code: null, unlisted: false },
            ],
          },
          {
            title: "What's your email address?",
            answers: [
              { field: 'email', label: 'Email address', text: 'maria.rivera@example.com', code: null, unlisted: false },
            ],
          },
          {
            title: 'Last question, where is located?',
            answers: [{ field: 'phone', label: 'Phone number', text: '3105550147', code: null, unlisted: false }],
          },
          {
            title: 'Sent with the lead',
            answers: [{ field: 'name', label: 'Full name', text: 'Maria Rivera', code: null, unlisted: false }],
          },
        ],
        consent: {
          text: 'I agree to be called.',
          version: '2026-11-22.2',
          sha256: sha,
          consented_at: '2026-11-20T10:00:00.000Z',
          ip: '203.0.113.7',
          user_agent: 'Firefox',
          page_url: 'https://fund.example.com/v3/phone',
          certificate_url: 'https://cert.trustedform.com/abc',
        },
        attempts: [
          {
            attempt: 1,
            attempted_at: '2026-11-20T10:01:00.000Z',
            http_status: 503,
            outcome: 'failed',
            error: 'lender answered HTTP 503',
            duration_ms: null,
            buyer_id: null,
            buyer_name: null,
          },
          {
            attempt: 2,
            attempted_at: '2026-11-20T10:05:00.000Z',
            http_status: 200,
            outcome: 'delivered',
            error: null,
            duration_ms: 87,
            buyer_id: null,
            buyer_name: null,
          },
        ],
        path: [],
        pings: [],
        returns: [],
        revocations: [],
      },
    });
    const list = await idsOf(app, operator, {});
    expect(list).toEqual([id]);

    const unknown = await app.inject({
      method: 'GET',
      url: `${LEADS_PATH}/${randomUUID()}`,
      headers: { cookie: operator },
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('exports the range as CSV in batches, newest first, with formulas neutralised, and audits the export', async () => {
    const db = await open(kind);
    const app = await consoleApp(db);
    const { operator } = await cookies(db);
    // More than one batch of the export (1,000).
    await db.query(
      `insert into leads (id, received_at, flow, flow_version, payload)
       select gen_random_uuid(), '2026-11-19T12:00:00Z'::timestamptz + n * interval '1 second', 'business-funding', 'v3',
              jsonb_build_object('name', 'Lead ' || n, 'email', 'lead' || n || '@example.com', 'phone', '2125550100')
         from generate_series(1, 1205) as n`,
    );
    const formula = await seedLead(db, {
      receivedAt: '2026-11-20T23:00:00Z',
      held: 'operator',
      payload: { name: '=HYPERLINK("http://evil.example")', email: '@evil.example.com', phone: '+1 310 555 0147' },
    });
    await seedLead(db, { receivedAt: '2026-11-21T00:00:00Z' });
    await seedLead(db, { receivedAt: '2026-11-18T23:59:59Z' });

    const response = await app.inject({
      method: 'GET',
      url: LEADS_CSV_PATH,
      query: { from: '2026-11-19', to: '2026-11-20' },
      headers: { cookie: operator },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="leads_2026-11-19_to_2026-11-20.csv"');
    const lines = response.body.trimEnd().split('\n');
    expect(lines[0]).toBe(
      'id,received_at,flow_version,status,held_reason,name,email,phone,utm_source,delivered_at,delivered_to,delivery_reason,sold_price,returned,gpc,language',
    );
    expect(lines).toHaveLength(1 + 1205 + 1);
    expect(lines[1]).toBe(
      `${formula},2026-11-20T23:00:00.000Z,v3,held,operator,"'=HYPERLINK(""http://evil.example"")",'@evil.example.com,'+1 310 555 0147,,,,,,false,false,en`,
    );
    expect(lines[2]).toMatch(
      /^[0-9a-f-]{36},2026-11-19T12:20:05\.000Z,v3,stored,,Lead 1205,lead1205@example\.com,2125550100,,,,,,false,false,en$/,
    );
    expect(lines.at(-1)).toMatch(/,2026-11-19T12:00:01\.000Z,v3,stored,,Lead 1,lead1@example\.com,/);

    const { rows } = await db.query<{ actor: string; action: string; target: string }>(
      'select actor, action, target from console_audit',
    );
    expect(rows).toEqual([{ actor: 'operator@example.com', action: 'export', target: '2026-11-19..2026-11-20' }]);
  });

  it('counts leads by status, version and utm_source within the range', async () => {
    const db = await open(kind);
    const app = await consoleApp(db);
    const { marketer } = await cookies(db);
    await seedLead(db, { receivedAt: '2026-11-20T10:00:00Z', payload: { ...MARIA, utm_source: 'google' } });
    await seedLead(db, { receivedAt: '2026-11-20T11:00:00Z', held: 'honeypot', version: 'v2' });
    await seedLead(db, { receivedAt: '2026-11-20T12:00:00Z', deliveryState: 'dead-lettered' });
    await seedLead(db, { receivedAt: '2026-11-22T12:00:00Z' });
    const response = await app.inject({
      method: 'GET',
      url: COUNTS_PATH,
      query: { from: '2026-11-20', to: '2026-11-20' },
      headers: { cookie: marketer },
    });
    expect(response.json<CountsResponse>()).toEqual({
      total: 3,
      by_status: { stored: 1, queued: 0, delivered: 0, unsold: 0, held: 1, 'dead-lettered': 1 },
      by_version: { v3: 2, v2: 1 },
      by_utm_source: { google: 1, '(none)': 2 },
    });
  });
});
