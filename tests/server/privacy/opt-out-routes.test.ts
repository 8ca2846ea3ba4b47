/**
 * "Do Not Sell My Information" opt-outs over the API, with real delivery through pg-boss to a test buyer over HTTP,
 * on PGlite and (with DATABASE_URL) PostgreSQL: an opt-out is stored as keys, never the contact itself; leads with
 * its email or phone are held back at delivery, whether they arrive after it or were queued before it.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import type { Database } from '../../../server/platform/db/types.ts';
import type { LeadDelivery } from '../../../server/buyers/delivery/lead-delivery.ts';
import { validLead } from '../../support/lead-fixture.ts';
import type { TestBuyer } from '../../support/test-buyer.ts';
import {
  captureLog,
  jobStates,
  startBuyer,
  openDatabase,
  startDelivery,
  WAIT,
  type Setup,
} from '../../support/delivery-setup.ts';
import { DATABASES, xsrfHeaders } from '../../support/server-harness.ts';
import { startLeadApp } from '../../support/lead-app.ts';

const OPT_OUT = '/api/v1/privacy/opt-out';

async function appOn(setup: Setup, delivery: LeadDelivery): Promise<FastifyInstance> {
  const app = await startLeadApp(setup.db, { delivery: delivery.queue });
  onTestFinished(() => app.close());
  return app;
}

function post(app: FastifyInstance, url: string, payload: unknown, headers: Record<string, string> = xsrfHeaders()) {
  return app.inject({
    method: 'POST',
    url,
    payload: JSON.stringify(payload),
    headers: { 'content-type': 'application/json', ...headers },
  });
}

async function sendLead(app: FastifyInstance, overrides: Record<string, unknown>): Promise<string> {
  const response = await post(app, '/api/v1/leads/trigger', validLead(overrides));
  expect(response.statusCode).toBe(201);
  return response.json().id;
}

async function heldOf(db: Database, leadId: string): Promise<string | null> {
  const { rows } = await db.query<{ held: string | null }>('select held from leads where id = $1', [leadId]);
  return rows[0]!.held;
}

async function optOuts(db: Database) {
  const { rows } = await db.query<{ contact_sha256: string; kind: string; opted_out_at: Date }>(
    'select contact_sha256, kind, opted_out_at from privacy_opt_outs order by kind',
  );
  return rows;
}

const emailsReceived = (testBuyer: TestBuyer) => testBuyer.received.map((request) => request.body.email);

/** Waits until the lead's job is done: delivered, or held back by its worker. */
async function settled(setup: Setup, leadId: string): Promise<void> {
  await vi.waitFor(async () => expect(await jobStates(setup, leadId)).toEqual(['completed']), WAIT);
}

describe.each(DATABASES)('opt-outs on $name', (kind) => {
  it('stores an opt-out as keys of the normalised email and phone, not the contact itself', async () => {
    const setup = await openDatabase(kind);
    const app = await appOn(setup, await startDelivery(setup));

    const response = await post(app, OPT_OUT, { email: '  Maria.Rivera@Example.com ', phone: '+1 (310) 555-0147' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ recorded: true });

    const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
    const rows = await optOuts(setup.db);
    expect(rows).toEqual([
      { contact_sha256: sha256('email\nmaria.rivera@example.com'), kind: 'email', opted_out_at: expect.any(Date) },
      { contact_sha256: sha256('phone\n3105550147'), kind: 'phone', opted_out_at: expect.any(Date) },
    ]);
    // The stored columns only: the time of the opt-out may well hold a 555 of its own.
    const stored = JSON.stringify(rows.map(({ contact_sha256, kind }) => ({ contact_sha256, kind }))).toLowerCase();
    expect(stored).not.toContain('maria');
    expect(stored).not.toContain('555');

    // Again, in other writing: nothing new, the first time kept.
    expect((await post(app, OPT_OUT, { email: 'maria.rivera@example.com' })).statusCode).toBe(200);
    expect(await optOuts(setup.db)).toEqual(rows);
  }, 30_000);

  it('holds back a later lead with that email, and one with that phone, and delivers the others', async () => {
    const setup = await openDatabase(kind);
    const testBuyer = await startBuyer();
    const { log, lines } = captureLog();
    const app = await appOn(setup, await startDelivery(setup, { buyer: testBuyer, log }));

    expect((await post(app, OPT_OUT, { email: 'Maria.Rivera@example.com' })).statusCode).toBe(200);
    expect((await post(app, OPT_OUT, { phone: '212.555.0123' })).statusCode).toBe(200);
    const byEmail = await sendLead(app, { email: 'maria.rivera@example.com', phone: '3105550147' });
    const byPhone = await sendLead(app, { email: 'lena.ortiz@example.com', phone: '2125550123' });
    const other = await sendLead(app, { email: 'sam.lee@example.com', phone: '4155550188' });

    await testBuyer.waitForLeads(1, WAIT.timeout);
    for (const leadId of [byEmail, byPhone, other]) await settled(setup, leadId);
    expect(emailsReceived(testBuyer)).toEqual(['sam.lee@example.com']);
    expect(await heldOf(setup.db, byEmail)).toBe('opted-out');
    expect(await heldOf(setup.db, byPhone)).toBe('opted-out');
    expect(await heldOf(setup.db, other)).toBeNull();
    expect(lines).toContainEqual({
      level: 'info',
      fields: { leadId: byEmail },
      message: 'lead held: its email or phone opted out of sale ("Do Not Sell"); it is not delivered',
    });
  }, 30_000);

  it('holds back a lead queued before the opt-out when its delivery comes', async () => {
    const setup = await openDatabase(kind);
    // No buyer yet: the lead is stored and its job waits, as while BUYER_URL is unset.
    const app = await appOn(setup, await startDelivery(setup));
    const queued = await sendLead(app, { email: 'maria.rivera@example.com', phone: '3105550147' });
    const other = await sendLead(app, { email: 'sam.lee@example.com', phone: '4155550188' });
    expect(await jobStates(setup, queued)).toEqual(['created']);

    expect((await post(app, OPT_OUT, { phone: '310-555-0147' })).statusCode).toBe(200);
    const testBuyer = await startBuyer();
    await startDelivery(setup, { buyer: testBuyer });

    await testBuyer.waitForLeads(1, WAIT.timeout);
    for (const leadId of [queued, other]) await settled(setup, leadId);
    expect(emailsReceived(testBuyer)).toEqual(['sam.lee@example.com']);
    expect(await heldOf(setup.db, queued)).toBe('opted-out');
  }, 30_000);

  it('refuses bad input with 400 naming the field, and stores nothing', async () => {
    const setup = await openDatabase(kind);
    const app = await appOn(setup, await startDelivery(setup));
    const cases: [unknown, { field: string; keyword: string; message: string }[]][] = [
      [{ email: 'maria@' }, [{ field: 'email', keyword: 'format', message: 'Please enter a valid email' }]],
      [{ phone: '555-0147' }, [{ field: 'phone', keyword: 'format', message: 'Please enter a valid phone number' }]],
      [{ phone: 3105550147 }, [{ field: 'phone', keyword: 'format', message: 'Please enter a valid phone number' }]],
      [
        { email: 'maria.rivera@example.com', phone: 'call me' },
        [{ field: 'phone', keyword: 'format', message: 'Please enter a valid phone number' }],
      ],
      [
        { email: ' ' },
        [
          { field: 'email', keyword: 'required', message: 'Please enter your email address or phone number' },
          { field: 'phone', keyword: 'required', message: 'Please enter your email address or phone number' },
        ],
      ],
      [
        { email: 'maria.rivera@example.com', name: 'Maria' },
        [{ field: 'name', keyword: 'additionalProperties', message: 'This field is not expected here' }],
      ],
    ];
    for (const [body, fields] of cases) {
      const response = await post(app, OPT_OUT, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json(), JSON.stringify(body)).toMatchObject({ error: 'invalid_opt_out', fields });
    }
    expect((await post(app, OPT_OUT, { phone: '555-0147' })).json().message).toBe(
      'The opt-out has 1 invalid field: phone',
    );
    expect((await post(app, OPT_OUT, ['maria.rivera@example.com'])).json()).toEqual({
      error: 'invalid_opt_out',
      message: 'The request must be a JSON object',
      fields: [],
    });
    expect(await optOuts(setup.db)).toEqual([]);
  }, 30_000);

  it('refuses a request without the cross-site token with 403, and stores nothing', async () => {
    const setup = await openDatabase(kind);
    const app = await appOn(setup, await startDelivery(setup));
    const { cookie } = xsrfHeaders();
    const withoutToken: Record<string, string>[] = [{}, { cookie: cookie! }];
    for (const headers of withoutToken) {
      const response = await post(app, OPT_OUT, { email: 'maria.rivera@example.com' }, headers);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ error: 'xsrf_token_invalid' });
    }
    expect(await optOuts(setup.db)).toEqual([]);
  }, 30_000);
});
