/**
 * Where a lead goes is configuration only: leads that name another destination in their fields (url, callback,
 * webhook, BUYER_URL...) or in their headers (Host, X-Forwarded-Host, Origin, Referer) reach the configured
 * buyer and nothing else, over real HTTP through pg-boss, as the server wires delivery (server/index.ts).
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLeadDelivery, type LeadDelivery } from '../../server/buyers/delivery/lead-delivery.ts';
import { httpBuyerClient } from '../../server/buyers/delivery/buyer-client.ts';
import type { PgliteDatabase } from '../../server/platform/db/index.ts';
import { validLead } from '../support/lead-fixture.ts';
import { startTestBuyer, type TestBuyer } from '../support/test-buyer.ts';
import { openTestPglite, testConfig, xsrfHeaders, type TestDatabase } from '../support/server-harness.ts';
import { countRows, prepareLeadDatabase, startLeadApp } from '../support/lead-app.ts';
import { buyerRules } from '../support/delivery-setup.ts';

const NOWHERE = { info: () => {}, warn: () => {}, error: () => {} };

let database: TestDatabase;
let buyer: TestBuyer;
/** Where a lead would go if the request could choose: it must never hear from the server. */
let attacker: TestBuyer;
let delivery: LeadDelivery;
let app: FastifyInstance;

beforeAll(async () => {
  database = await openTestPglite();
  await prepareLeadDatabase(database.db);
  buyer = await startTestBuyer();
  attacker = await startTestBuyer();
  const secret = `whsec_${randomBytes(32).toString('base64')}`;
  const config = testConfig({ BUYER_URL: buyer.url, BUYER_SECRET: secret });
  delivery = createLeadDelivery({
    db: database.db,
    connection: { pglite: (database.db as PgliteDatabase).pglite },
    buyers: [
      {
        ...buyerRules(),
        client: httpBuyerClient({
          url: config.buyerUrl as string,
          signingKeys: config.buyerSigningKeys,
          timeoutMs: config.buyerTimeoutMs,
        }),
      },
    ],
    timeoutMs: config.buyerTimeoutMs,
    pollingIntervalSeconds: 0.5,
  });
  await delivery.start(NOWHERE);
  app = await startLeadApp(database.db, {
    env: { BUYER_URL: buyer.url, BUYER_SECRET: secret },
    delivery: delivery.queue,
  });
}, 60_000);

afterAll(async () => {
  await app?.close();
  await delivery?.stop();
  await buyer?.close();
  await attacker?.close();
  await database?.cleanup();
});

function send(lead: Record<string, unknown>, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/leads/trigger',
    payload: lead,
    headers: { 'content-type': 'application/json', ...xsrfHeaders(), ...headers },
  });
}

describe('the destination of a delivery', () => {
  it('is the configured buyer, whatever the lead or its request names', async () => {
    const elsewhere = attacker.url;
    const host = new URL(elsewhere).host;
    // Older clients' destination keys, which intake drops (decision 006), and headers naming another host.
    const ignored = { url: elsewhere, target_url: elsewhere, post_url: elsewhere, lead_url: elsewhere };
    const headers = { host, 'x-forwarded-host': host, origin: elsewhere, referer: elsewhere };
    // Three visitors (a repeat of one email and phone would be held back, never delivered).
    const visitor = (n: number) => ({ email: `visitor.${n}@example.com` });
    const accepted = [
      await send(validLead({ ...ignored, ...visitor(1) })),
      await send(validLead(visitor(2)), headers),
      await send(validLead({ ...ignored, ...visitor(3), first_name: 'Lena' }), {
        ...headers,
        'x-forwarded-proto': 'https',
      }),
    ];
    expect(accepted.map((response) => response.statusCode)).toEqual([201, 201, 201]);

    // Any other field naming a destination is a field no step asks for: the lead is refused and not stored.
    const before = await countRows(database.db, 'leads');
    const destinations = ['callback', 'forward_url', 'webhook', 'webhook_url', 'BUYER_URL', 'redirect', 'destination'];
    for (const field of destinations) {
      const refused = await send(validLead({ [field]: elsewhere }));
      expect(refused.statusCode, field).toBe(400);
      expect(refused.json().fields, field).toEqual([
        { field, keyword: 'additionalProperties', message: 'This field is not expected here' },
      ]);
    }
    expect(await countRows(database.db, 'leads')).toBe(before);

    const received = await buyer.waitForLeads(accepted.length, 20_000);
    expect(received.map((lead) => lead.headers['webhook-id']).sort()).toEqual(
      accepted.map((response) => response.json().id).sort(),
    );
    for (const lead of received) expect(lead.raw).not.toContain(elsewhere);
    // Every accepted lead has reached the buyer, so none is still on its way anywhere else.
    expect(attacker.received).toEqual([]);
  }, 30_000);
});
