/**
 * POST /api/v1/lenders/:lenderId/returns on PGlite and (with DATABASE_URL) PostgreSQL: signed by the buyer in the
 * Standard Webhooks scheme with any of its secrets; 201 once, 200 with the first time after; 401 alike for a bad
 * signature and an unknown buyer; 404 for a lead that buyer did not receive; 409 past 7 days; 400 naming the field.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { describe, expect, it, onTestFinished } from 'vitest';
import { webhookSignature } from '../../../../server/platform/webhook-signature.ts';
import type { Database } from '../../../../server/platform/db/types.ts';
import type { Buyer } from '../../../../server/buyers/buyer.ts';
import { seedRoutedLead } from '../../../support/buyer-events-setup.ts';
import { testClock, type TestClock } from '../../../support/console-app.ts';
import { openDatabase } from '../../../support/delivery-setup.ts';
import { startLeadApp } from '../../../support/lead-app.ts';
import { DATABASES, tempDir } from '../../../support/server-harness.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const NEW_KEY = Buffer.from('vantorra-newest-signing-key-32-bytes');
const OLD_KEY = Buffer.from('vantorra-earlier-signing-key-32-bytes');
const OTHER_KEY = Buffer.from('other-buyer-signing-key-of-32-bytes');

function buyer(id: string, signingKeys: Buffer[]): Buyer {
  return {
    id,
    name: id,
    priority: 1,
    timeZone: 'America/Los_Angeles',
    filters: {},
    caps: {},
    endpoint: `https://${id}.example.com/leads`,
    signingKeys,
  };
}

const BUYERS = [buyer('vantorra', [NEW_KEY, OLD_KEY]), buyer('other', [OTHER_KEY]), buyer('unsigned', [])];

async function appOn(db: Database, clock: TestClock, buyers: readonly Buyer[] = BUYERS): Promise<FastifyInstance> {
  const app = await startLeadApp(db, { buyers, now: clock.now });
  onTestFinished(() => app.close());
  return app;
}

interface Call {
  lenderId?: string;
  body?: unknown;
  /** Raw text instead of `body` as JSON. */
  text?: string;
  keys?: Buffer[];
  /** The signature's time; default the clock's. */
  at?: number;
  contentType?: string;
  headers?: Record<string, string>;
}

/** A return as a buyer sends it: no cookie, the Standard Webhooks headers over the exact body. */
function sendReturn(app: FastifyInstance, clock: TestClock, call: Call): Promise<LightMyRequestResponse> {
  const text = call.text ?? JSON.stringify(call.body);
  const id = `msg_${randomUUID()}`;
  const timestamp = String(Math.floor((call.at ?? clock.now()) / 1000));
  const keys = call.keys ?? [NEW_KEY];
  return app.inject({
    method: 'POST',
    url: `/api/v1/lenders/${call.lenderId ?? 'vantorra'}/returns`,
    payload: text,
    headers: {
      'content-type': call.contentType ?? 'application/json',
      'webhook-id': id,
      'webhook-timestamp': timestamp,
      ...(keys.length === 0 ? {} : { 'webhook-signature': webhookSignature(keys, id, timestamp, text) }),
      ...call.headers,
    },
  });
}

type ReturnLead = (
  site: string,
  lenderId: string,
  secret: string,
  leadId: string,
  reason: string,
) => Promise<{ status: number; body: unknown }>;

/** The Node.js example of docs/buyer-signatures.md's "Returning a lead", as a buyer would copy it. */
async function documentedReturnLead(): Promise<ReturnLead> {
  const doc = readFileSync(join(import.meta.dirname, '..', '..', '..', '..', 'docs', 'buyer-signatures.md'), 'utf8');
  const section = doc.slice(doc.indexOf('## Returning a lead'));
  const code = /```js\n([\s\S]*?)```/.exec(section)?.[1];
  if (code === undefined) throw new Error('docs/buyer-signatures.md has no example under "Returning a lead"');
  const dir = tempDir();
  onTestFinished(() => dir.remove());
  const file = join(dir.path, 'return-lead.mjs');
  writeFileSync(file, code);
  return ((await import(pathToFileURL(file).href)) as { returnLead: ReturnLead }).returnLead;
}

async function returnsOf(db: Database) {
  const { rows } = await db.query<{ lead_id: string; buyer_id: string; reason: string; returned_at: Date }>(
    'select lead_id, buyer_id, reason, returned_at from lead_returns order by returned_at',
  );
  return rows;
}

describe.each(DATABASES)('lead returns on $name', (kind) => {
  it('records a signed return once: 201 with its time, then 200 with the first time', async () => {
    const { db } = await openDatabase(kind);
    const clock = testClock(Date.now());
    const app = await appOn(db, clock);
    const leadId = await seedRoutedLead(db, { email: 'maria.rivera@example.com' }, [
      { buyerId: 'vantorra', state: 'delivered', deliveredAt: new Date(clock.now() - 2 * DAY_MS) },
    ]);

    const first = await sendReturn(app, clock, { body: { lead_id: leadId, reason: 'disconnected_phone' } });

    expect(first.statusCode).toBe(201);
    const returnedAt = new Date(clock.now()).toISOString();
    expect(first.json()).toEqual({ returned_at: returnedAt });
    expect(await returnsOf(db)).toEqual([
      { lead_id: leadId, buyer_id: 'vantorra', reason: 'disconnected_phone', returned_at: new Date(returnedAt) },
    ]);

    // Again a minute later, signed with its earlier secret, with another reason: the first return stands.
    clock.advance(60_000);
    const again = await sendReturn(app, clock, {
      body: { lead_id: leadId.toUpperCase(), reason: 'duplicate' },
      keys: [OLD_KEY],
    });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ returned_at: returnedAt });
    expect(await returnsOf(db)).toHaveLength(1);
  });

  it('takes a return sent as the documented example sends it', async () => {
    const { db } = await openDatabase(kind);
    const app = await startLeadApp(db, { buyers: BUYERS });
    onTestFinished(() => app.close());
    const site = await app.listen({ port: 0, host: '127.0.0.1' });
    const leadId = await seedRoutedLead(db, {}, [{ buyerId: 'vantorra', state: 'delivered' }]);
    const returnLead = await documentedReturnLead();
    const secret = `whsec_${OLD_KEY.toString('base64')}`;

    const first = await returnLead(site, 'vantorra', secret, leadId, 'disconnected_phone');
    expect(first).toEqual({ status: 201, body: { returned_at: expect.any(String) } });
    expect(await returnLead(site, 'vantorra', secret, leadId, 'disconnected_phone')).toEqual({
      status: 200,
      body: first.body,
    });
  });

  it('answers 401 alike for a missing, wrong, stale or other buyer’s signature and for an unknown buyer', async () => {
    const { db } = await openDatabase(kind);
    const clock = testClock(Date.now());
    const app = await appOn(db, clock);
    const leadId = await seedRoutedLead(db, {}, [{ buyerId: 'vantorra', state: 'delivered' }]);
    const body = { lead_id: leadId, reason: 'disconnected_phone' };

    const refusals = [
      await sendReturn(app, clock, { body, keys: [] }),
      await sendReturn(app, clock, { body, keys: [OTHER_KEY] }),
      await sendReturn(app, clock, { body, headers: { 'webhook-signature': 'v1,bm90IGEgc2lnbmF0dXJl' } }),
      await sendReturn(app, clock, { body, at: clock.now() - 6 * 60 * 1000 }),
      await sendReturn(app, clock, { body, at: clock.now() + 6 * 60 * 1000 }),
      await sendReturn(app, clock, { body, headers: { 'webhook-id': 'another-id' } }),
      await sendReturn(app, clock, { lenderId: 'nobody', body }),
      await sendReturn(app, clock, { lenderId: 'unsigned', body }),
    ];
    for (const refusal of refusals) {
      expect(refusal.statusCode).toBe(401);
      expect(refusal.json()).toEqual(refusals[0]!.json());
    }
    expect(refusals[0]!.json()).toMatchObject({ error: 'invalid_signature' });
    // Within five minutes either way is fine: clocks differ a little.
    expect((await sendReturn(app, clock, { body, at: clock.now() - 4 * 60 * 1000 })).statusCode).toBe(201);

    // No buyers configured: no one can sign.
    const withoutBuyers = await appOn(db, clock, []);
    expect((await sendReturn(withoutBuyers, clock, { body })).statusCode).toBe(401);
    expect(await returnsOf(db)).toHaveLength(1);
  });

  it('answers 404 for a lead the buyer did not receive, 409 past seven days from its delivery', async () => {
    const { db } = await openDatabase(kind);
    const clock = testClock(Date.now());
    const app = await appOn(db, clock);
    const toOther = await seedRoutedLead(db, {}, [
      { buyerId: 'vantorra', state: 'refused' },
      { buyerId: 'other', state: 'delivered' },
    ]);
    const old = await seedRoutedLead(db, {}, [
      { buyerId: 'vantorra', state: 'delivered', deliveredAt: new Date(clock.now() - 7 * DAY_MS - 60_000) },
    ]);
    const lastDay = await seedRoutedLead(db, {}, [
      { buyerId: 'vantorra', state: 'delivered', deliveredAt: new Date(clock.now() - 7 * DAY_MS + 60_000) },
    ]);

    for (const leadId of [toOther, randomUUID()]) {
      const response = await sendReturn(app, clock, { body: { lead_id: leadId, reason: 'not_interested' } });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        error: 'not_found',
        message: 'This lender did not receive a lead with this lead_id',
      });
    }
    const late = await sendReturn(app, clock, { body: { lead_id: old, reason: 'not_interested' } });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({
      error: 'return_window_closed',
      message: 'A lead may be returned within 7 days of its delivery',
    });
    expect((await sendReturn(app, clock, { body: { lead_id: lastDay, reason: 'not_interested' } })).statusCode).toBe(
      201,
    );
    // The other buyer returns its own lead.
    const own = await sendReturn(app, clock, {
      lenderId: 'other',
      keys: [OTHER_KEY],
      body: { lead_id: toOther, reason: 'wrong.number-2' },
    });
    expect(own.statusCode).toBe(201);
    expect((await returnsOf(db)).map((row) => [row.lead_id, row.buyer_id]).sort()).toEqual(
      [
        [lastDay, 'vantorra'],
        [toOther, 'other'],
      ].sort(),
    );
  });

  it('refuses a signed return with bad fields with 400 naming each, and anything but JSON with 415', async () => {
    const { db } = await openDatabase(kind);
    const clock = testClock(Date.now());
    const app = await appOn(db, clock);
    const leadId = await seedRoutedLead(db, {}, [{ buyerId: 'vantorra', state: 'delivered' }]);

    const cases: [unknown, string[]][] = [
      [{ lead_id: 'not-a-uuid', reason: 'disconnected_phone' }, ['lead_id']],
      [{ lead_id: leadId, reason: 'Disconnected Phone' }, ['reason']],
      [{ lead_id: leadId, reason: 'x'.repeat(65) }, ['reason']],
      [{ lead_id: leadId, reason: 42 }, ['reason']],
      [{}, ['lead_id', 'reason']],
      [{ lead_id: leadId, reason: 'duplicate', note: 'Maria said no' }, ['note']],
    ];
    for (const [body, fields] of cases) {
      const response = await sendReturn(app, clock, { body });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toMatchObject({ error: 'invalid_return' });
      expect(response.json<{ fields: { field: string }[] }>().fields.map((field) => field.field)).toEqual(fields);
      expect(response.json<{ message: string }>().message).toContain(fields.join(', '));
    }
    for (const text of ['[]', 'null', '{"lead_id":']) {
      const response = await sendReturn(app, clock, { text });
      expect(response.statusCode, text).toBe(400);
      expect(response.json()).toEqual({ error: 'invalid_return', message: 'The request must be a JSON object' });
    }
    const plain = await sendReturn(app, clock, {
      body: { lead_id: leadId, reason: 'duplicate' },
      contentType: 'text/plain',
    });
    expect(plain.statusCode).toBe(415);
    const large = await sendReturn(app, clock, {
      body: { lead_id: leadId, reason: 'duplicate', pad: 'x'.repeat(2000) },
    });
    expect(large.statusCode).toBe(413);
    expect(await returnsOf(db)).toEqual([]);
  });
});
