/**
 * A lead's page shows where its delivery ended and its path through the buyers, with their names while they are
 * configured; the list filters unsold leads and the CSV says which buyer took each. PGlite and (with DATABASE_URL)
 * PostgreSQL.
 */
import type { FastifyInstance } from 'fastify';
import { describe, expect, it, onTestFinished } from 'vitest';
import {
  COUNTS_PATH,
  LEADS_CSV_PATH,
  LEADS_PATH,
  type CountsResponse,
  type LeadPageResponse,
  type LeadsResponse,
} from '../../../../contracts/console.ts';
import type { Database } from '../../../../server/platform/db/index.ts';
import { DATABASES } from '../../../support/server-harness.ts';
import { QUILLMONT, VANTORRA } from '../buyers/buyers-fixture.ts';
import { consoleApp, cookies, seedLead } from './leads-fixture.ts';

async function open(kind: (typeof DATABASES)[number]): Promise<Database> {
  const database = await kind.open();
  onTestFinished(() => database.cleanup());
  return database.db;
}

async function leadPage(app: FastifyInstance, cookie: string, id: string) {
  const response = await app.inject({ method: 'GET', url: `${LEADS_PATH}/${id}`, headers: { cookie } });
  expect(response.statusCode).toBe(200);
  return response.json<LeadPageResponse>().lead;
}

interface Route {
  buyer: string;
  position: number;
  state: 'skipped' | 'sending' | 'delivered' | 'refused' | 'failed';
  reason?: string;
  attempts?: number;
  decidedAt: string;
  deliveredAt?: string;
  /** What the buyer paid, as the database takes it ("37.50"). */
  price?: string;
}

async function seedRoutes(db: Database, leadId: string, routes: readonly Route[]) {
  for (const route of routes) {
    await db.query(
      `insert into lead_routes (lead_id, buyer_id, position, state, reason, attempts, decided_at, delivered_at, price)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9::numeric)`,
      [
        leadId,
        route.buyer,
        route.position,
        route.state,
        route.reason ?? null,
        route.attempts ?? 0,
        route.decidedAt,
        route.deliveredAt ?? null,
        route.price ?? null,
      ],
    );
  }
}

describe.each(DATABASES)("a lead's routing in the console on $name", (kind) => {
  it('shows the buyer it went to and its price, the path in order with reasons, attempts and the price, and each attempt with its buyer', async () => {
    const db = await open(kind);
    // "elmsbrook" was a buyer once and is no longer configured: its id is all the page can show.
    const app = await consoleApp(db, { buyers: [QUILLMONT, VANTORRA] });
    const { operator } = await cookies(db);
    const id = await seedLead(db, {
      receivedAt: '2026-11-20T10:00:00Z',
      deliveryState: 'queued',
      deliveredAt: '2026-11-20T10:00:09Z',
      deliveredTo: 'vantorra',
      soldPrice: '37.50',
    });
    await seedRoutes(db, id, [
      {
        buyer: 'quillmont',
        position: 1,
        state: 'skipped',
        reason: 'state TX not taken',
        decidedAt: '2026-11-20T10:00:01Z',
      },
      {
        buyer: 'elmsbrook',
        position: 2,
        state: 'refused',
        reason: 'duplicate',
        attempts: 1,
        decidedAt: '2026-11-20T10:00:02Z',
      },
      {
        buyer: 'vantorra',
        position: 3,
        state: 'delivered',
        attempts: 2,
        decidedAt: '2026-11-20T10:00:03Z',
        deliveredAt: '2026-11-20T10:00:09Z',
        price: '37.50',
      },
    ]);
    await db.query(
      `insert into delivery_attempts (lead_id, attempt, attempted_at, http_status, outcome, error, duration_ms, buyer_id)
       values ($1, 1, '2026-11-20T10:00:02Z', 422, 'rejected', 'refused: duplicate', 40, 'elmsbrook'),
              ($1, 2, '2026-11-20T10:00:03Z', 503, 'failed', 'lender answered HTTP 503', 50, 'vantorra'),
              ($1, 3, '2026-11-20T10:00:09Z', 200, 'delivered', null, 60, 'vantorra')`,
      [id],
    );

    const lead = await leadPage(app, operator, id);
    expect(lead).toMatchObject({
      status: 'delivered',
      delivered_to: 'vantorra',
      delivered_to_name: 'Vantorra Funding',
      sold_price: '37.50',
      delivery_reason: null,
    });
    expect(lead.path).toEqual([
      {
        position: 1,
        buyer_id: 'quillmont',
        buyer_name: 'Quillmont Capital',
        state: 'skipped',
        reason: 'state TX not taken',
        attempts: 0,
        decided_at: '2026-11-20T10:00:01.000Z',
        delivered_at: null,
        price: null,
      },
      {
        position: 2,
        buyer_id: 'elmsbrook',
        buyer_name: null,
        state: 'refused',
        reason: 'duplicate',
        attempts: 1,
        decided_at: '2026-11-20T10:00:02.000Z',
        delivered_at: null,
        price: null,
      },
      {
        position: 3,
        buyer_id: 'vantorra',
        buyer_name: 'Vantorra Funding',
        state: 'delivered',
        reason: null,
        attempts: 2,
        decided_at: '2026-11-20T10:00:03.000Z',
        delivered_at: '2026-11-20T10:00:09.000Z',
        price: '37.50',
      },
    ]);
    expect(lead.attempts.map((attempt) => [attempt.attempt, attempt.buyer_id, attempt.buyer_name])).toEqual([
      [1, 'elmsbrook', null],
      [2, 'vantorra', 'Vantorra Funding'],
      [3, 'vantorra', 'Vantorra Funding'],
    ]);
    // The list says what it sold for too.
    const list = await app.inject({ method: 'GET', url: `${LEADS_PATH}?q=${id}`, headers: { cookie: operator } });
    expect(list.json<LeadsResponse>().leads.map((row) => [row.id, row.sold_price])).toEqual([[id, '37.50']]);
  });

  it('shows each buyer asked for a bid: what it was sent, what it answered, its bid or why none', async () => {
    const db = await open(kind);
    const app = await consoleApp(db, { buyers: [QUILLMONT, VANTORRA] });
    const { operator } = await cookies(db);
    const id = await seedLead(db, { receivedAt: '2026-11-20T10:00:00Z', deliveryState: 'queued' });
    const sent = { ping_id: '0b7e8c1a-2f4d-4d8e-9a77-3c1f0e5d9b21', state: 'CA', zip3: '902', amount: 50000 };
    await db.query(
      `insert into lead_pings (lead_id, buyer_id, ping_id, pinged_at, sent, http_status, answer, bid, no_bid_reason,
          error, duration_ms)
       values ($1, 'vantorra', $2, '2026-11-20T10:00:01Z', $3, 200, '{"bid": 42.5}', 42.50, null, null, 180),
              ($1, 'quillmont', $4, '2026-11-20T10:00:01Z', $5, null, '', null, 'late', 'no answer within 750 ms', 750)`,
      [
        id,
        sent.ping_id,
        JSON.stringify(sent),
        '6f1c1a52-3c55-4c4e-9a51-0f6a7d0c2b11',
        JSON.stringify({ ...sent, ping_id: '6f1c1a52-3c55-4c4e-9a51-0f6a7d0c2b11' }),
      ],
    );

    const lead = await leadPage(app, operator, id);
    expect(lead.pings).toEqual([
      {
        buyer_id: 'quillmont',
        buyer_name: 'Quillmont Capital',
        ping_id: '6f1c1a52-3c55-4c4e-9a51-0f6a7d0c2b11',
        pinged_at: '2026-11-20T10:00:01.000Z',
        sent: { ...sent, ping_id: '6f1c1a52-3c55-4c4e-9a51-0f6a7d0c2b11' },
        http_status: null,
        answer: '',
        bid: null,
        no_bid_reason: 'late',
        error: 'no answer within 750 ms',
        duration_ms: 750,
      },
      {
        buyer_id: 'vantorra',
        buyer_name: 'Vantorra Funding',
        ping_id: sent.ping_id,
        pinged_at: '2026-11-20T10:00:01.000Z',
        sent,
        http_status: 200,
        answer: '{"bid": 42.5}',
        bid: '42.50',
        no_bid_reason: null,
        error: null,
        duration_ms: 180,
      },
    ]);
  });

  it('shows returns and lead.revoked events: sent, or the attempts so far', async () => {
    const db = await open(kind);
    const app = await consoleApp(db, { buyers: [QUILLMONT, VANTORRA] });
    const { admin } = await cookies(db);
    const id = await seedLead(db, {
      receivedAt: '2026-11-20T10:00:00Z',
      deliveredAt: '2026-11-20T10:00:01Z',
      deliveredTo: 'quillmont',
    });
    await db.query(
      `insert into lead_returns (lead_id, buyer_id, reason, returned_at)
       values ($1, 'quillmont', 'disconnected_phone', '2026-11-21T09:00:00Z')`,
      [id],
    );
    await db.query(
      `insert into buyer_events (id, lead_id, buyer_id, type, cause, created_at, attempts, last_error, delivered_at)
       values (gen_random_uuid(), $1, 'quillmont', 'lead.revoked', 'opt-out', '2026-11-22T09:00:00Z', 1, null,
               '2026-11-22T09:00:01Z'),
              (gen_random_uuid(), $1, 'vantorra', 'lead.revoked', 'opt-out', '2026-11-22T09:00:00Z', 3,
               'lender answered HTTP 503', null)`,
      [id],
    );

    const lead = await leadPage(app, admin, id);
    expect(lead.returns).toEqual([
      {
        buyer_id: 'quillmont',
        buyer_name: 'Quillmont Capital',
        reason: 'disconnected_phone',
        returned_at: '2026-11-21T09:00:00.000Z',
      },
    ]);
    expect(lead.revocations).toEqual([
      {
        buyer_id: 'quillmont',
        buyer_name: 'Quillmont Capital',
        cause: 'opt-out',
        created_at: '2026-11-22T09:00:00.000Z',
        attempts: 1,
        sent_at: '2026-11-22T09:00:01.000Z',
      },
      {
        buyer_id: 'vantorra',
        buyer_name: 'Vantorra Funding',
        cause: 'opt-out',
        created_at: '2026-11-22T09:00:00.000Z',
        attempts: 3,
        sent_at: null,
      },
    ]);
  });

  it('reads the final states: unsold and dead-lettered with their reasons, held whatever the delivery did', async () => {
    const db = await open(kind);
    const app = await consoleApp(db, { buyers: [QUILLMONT] });
    const { operator } = await cookies(db);
    const unsold = await seedLead(db, {
      receivedAt: '2026-11-20T10:00:00Z',
      deliveryState: 'unsold',
      deliveryReason: 'every buyer refused or could not take it',
    });
    const dead = await seedLead(db, {
      receivedAt: '2026-11-20T11:00:00Z',
      deliveryState: 'dead-lettered',
      deliveryReason: 'quillmont failed until its retries were spent',
    });
    const held = await seedLead(db, {
      receivedAt: '2026-11-20T12:00:00Z',
      deliveryState: 'unsold',
      held: 'consent-revoked',
    });
    const queued = await seedLead(db, { receivedAt: '2026-11-20T13:00:00Z', deliveryState: 'queued' });

    expect(await leadPage(app, operator, unsold)).toMatchObject({
      status: 'unsold',
      delivered_to: null,
      delivered_to_name: null,
      sold_price: null,
      delivery_reason: 'every buyer refused or could not take it',
    });
    expect(await leadPage(app, operator, dead)).toMatchObject({
      status: 'dead-lettered',
      delivery_reason: 'quillmont failed until its retries were spent',
    });
    expect(await leadPage(app, operator, held)).toMatchObject({ status: 'held', held_reason: 'consent-revoked' });
    expect(await leadPage(app, operator, queued)).toMatchObject({ status: 'queued', path: [] });

    const list = await app.inject({
      method: 'GET',
      url: LEADS_PATH,
      query: { status: 'unsold' },
      headers: { cookie: operator },
    });
    expect(list.json<LeadsResponse>().leads.map((lead) => [lead.id, lead.status])).toEqual([[unsold, 'unsold']]);

    const counts = await app.inject({ method: 'GET', url: COUNTS_PATH, headers: { cookie: operator } });
    expect(counts.json<CountsResponse>().by_status).toMatchObject({
      unsold: 1,
      held: 1,
      'dead-lettered': 1,
      queued: 1,
    });
  });

  it('refuses an unknown status, naming unsold among those it takes', async () => {
    const db = await open(kind);
    const app = await consoleApp(db);
    const { operator } = await cookies(db);
    const response = await app.inject({
      method: 'GET',
      url: LEADS_PATH,
      query: { status: 'sold' },
      headers: { cookie: operator },
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('status must be one of stored, queued, delivered, unsold, held, dead-lettered');
  });

  it('writes the buyer, the reason and the price of each lead in the CSV, a returned lead with its price', async () => {
    const db = await open(kind);
    const app = await consoleApp(db, { buyers: [QUILLMONT] });
    const { operator } = await cookies(db);
    const delivered = await seedLead(db, {
      receivedAt: '2026-11-20T10:00:00Z',
      deliveredAt: '2026-11-20T10:00:01Z',
      deliveredTo: 'quillmont',
      soldPrice: '42.50',
    });
    const unsold = await seedLead(db, {
      receivedAt: '2026-11-20T09:00:00Z',
      deliveryState: 'unsold',
      deliveryReason: 'no buyer takes state TX',
    });
    const returned = await seedLead(db, {
      receivedAt: '2026-11-20T08:00:00Z',
      deliveredAt: '2026-11-20T08:00:01Z',
      deliveredTo: 'quillmont',
      soldPrice: '1250.00',
    });
    await db.query(
      `insert into lead_returns (lead_id, buyer_id, reason, returned_at)
       values ($1, 'quillmont', 'disconnected_phone', '2026-11-21T09:00:00Z')`,
      [returned],
    );
    const unpriced = await seedLead(db, {
      receivedAt: '2026-11-20T07:00:00Z',
      deliveredAt: '2026-11-20T07:00:01Z',
      deliveredTo: 'quillmont',
    });
    const response = await app.inject({
      method: 'GET',
      url: LEADS_CSV_PATH,
      query: { from: '2026-11-20', to: '2026-11-20' },
      headers: { cookie: operator },
    });
    const [header, ...rows] = response.body.trimEnd().split('\n');
    expect(header!.split(',').slice(-8)).toEqual([
      'utm_source',
      'delivered_at',
      'delivered_to',
      'delivery_reason',
      'sold_price',
      'returned',
      'gpc',
      'language',
    ]);
    expect(rows[0]).toMatch(
      new RegExp(`^${delivered},.*,delivered,.*,2026-11-20T10:00:01\\.000Z,quillmont,,42\\.50,false,false,en$`),
    );
    expect(rows[1]).toMatch(new RegExp(`^${unsold},.*,unsold,.*,,,no buyer takes state TX,,false,false,en$`));
    expect(rows[2]).toMatch(new RegExp(`^${returned},.*,quillmont,,1250\\.00,true,false,en$`));
    expect(rows[3]).toMatch(new RegExp(`^${unpriced},.*,quillmont,,,false,false,en$`));
  });
});
