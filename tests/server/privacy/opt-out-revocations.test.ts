/**
 * An opt-out tells the buyers that already received the visitor's leads: lead.revoked to each, on pg-boss to real
 * local buyers over HTTP, on PGlite and (with DATABASE_URL) PostgreSQL. Leads are matched by email (any case) or
 * phone (any writing); leads not delivered, and other people's, send nothing; the answer never changes.
 */
import type { FastifyInstance } from 'fastify';
import { describe, expect, it, onTestFinished } from 'vitest';
import type { BuyerEventQueue } from '../../../server/buyers/events/buyer-events.ts';
import { eventsOf, seedRoutedLead, startBuyerEventsOn } from '../../support/buyer-events-setup.ts';
import { startBuyer, openDatabase, SECRET, SIGNING_KEY, WAIT, type Setup } from '../../support/delivery-setup.ts';
import { httpBuyerClient } from '../../../server/buyers/delivery/buyer-client.ts';
import { startLeadApp } from '../../support/lead-app.ts';
import { DATABASES, xsrfHeaders } from '../../support/server-harness.ts';
import { verifyWebhook } from '../../support/webhook-verify.ts';

const OPT_OUT = '/api/v1/privacy/opt-out';

async function appOn(setup: Setup, buyerEvents: BuyerEventQueue | undefined): Promise<FastifyInstance> {
  const app = await startLeadApp(setup.db, buyerEvents === undefined ? {} : { buyerEvents });
  onTestFinished(() => app.close());
  return app;
}

function optOut(app: FastifyInstance, contact: Record<string, string>) {
  return app.inject({
    method: 'POST',
    url: OPT_OUT,
    payload: JSON.stringify(contact),
    headers: { 'content-type': 'application/json', ...xsrfHeaders() },
  });
}

describe.each(DATABASES)('opt-outs revoking delivered leads on $name', (kind) => {
  it('sends lead.revoked to each buyer that received a lead with the email or phone, once', async () => {
    const setup = await openDatabase(kind);
    const vantorra = await startBuyer({ secret: SECRET });
    const running = await startBuyerEventsOn(
      setup,
      new Map([
        ['vantorra', httpBuyerClient({ url: vantorra.url, signingKeys: [SIGNING_KEY], timeoutMs: 5_000 })],
        ['other', httpBuyerClient({ url: vantorra.url, signingKeys: [SIGNING_KEY], timeoutMs: 5_000 })],
      ]),
    );
    const app = await appOn(setup, running.queue);
    const byEmail = await seedRoutedLead(setup.db, { email: 'Maria.Rivera@Example.com', phone: '2125550100' }, [
      { buyerId: 'vantorra', state: 'delivered' },
    ]);
    const byPhone = await seedRoutedLead(setup.db, { email: 'mr@example.org', phone: '+1 (310) 555-0147' }, [
      { buyerId: 'vantorra', state: 'refused' },
      { buyerId: 'other', state: 'delivered' },
    ]);
    // Hers, but not delivered yet: it is held at delivery instead, and no buyer has anything to forget.
    await seedRoutedLead(setup.db, { email: 'maria.rivera@example.com', phone: '3105550147' }, [
      { buyerId: 'vantorra', state: 'sending' },
    ]);
    // Someone else's.
    await seedRoutedLead(setup.db, { email: 'jane@example.com', phone: '2125550199' }, [
      { buyerId: 'vantorra', state: 'delivered' },
    ]);

    const response = await optOut(app, { email: 'maria.rivera@example.com', phone: '310-555-0147' });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ recorded: true });
    const received = await vantorra.waitForLeads(2, WAIT.timeout);
    const revoked = received.map((request) => request.body.data as { lead_id: string; cause: string });
    expect(revoked).toEqual(
      expect.arrayContaining([
        { lead_id: byEmail, cause: 'opt-out' },
        { lead_id: byPhone, cause: 'opt-out' },
      ]),
    );
    for (const request of received) expect(verifyWebhook(SECRET, request.headers, request.raw)).toBe(true);
    const events = await eventsOf(setup.db);
    expect(events.map((event) => [event.lead_id, event.buyer_id]).sort()).toEqual(
      [
        [byEmail, 'vantorra'],
        [byPhone, 'other'],
      ].sort(),
    );

    // The same opt-out again: the same answer, nothing sent again.
    const again = await optOut(app, { phone: '3105550147' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ recorded: true });
    expect(await eventsOf(setup.db)).toHaveLength(2);
    await vantorra.waitUntil(
      () => vantorra.received.filter((request) => request.status === 200).length === 2,
      'both events',
      WAIT.timeout,
    );
    expect(vantorra.received).toHaveLength(2);
  }, 30_000);

  it('answers a contact without leads as one with leads, and records the opt-out without a queue', async () => {
    const setup = await openDatabase(kind);
    const withQueue = await appOn(setup, (await startBuyerEventsOn(setup, new Map())).queue);
    await seedRoutedLead(setup.db, { email: 'maria.rivera@example.com' }, [
      { buyerId: 'vantorra', state: 'delivered' },
    ]);
    const known = await optOut(withQueue, { email: 'maria.rivera@example.com' });
    const unknown = await optOut(withQueue, { email: 'nobody@example.com' });
    expect([known.statusCode, known.body]).toEqual([unknown.statusCode, unknown.body]);
    expect(await eventsOf(setup.db)).toHaveLength(1);

    const withoutQueue = await appOn(setup, undefined);
    const response = await optOut(withoutQueue, { phone: '2125550123' });
    expect(response.statusCode).toBe(200);
    const { rows } = await setup.db.query<{ n: number }>(
      `select count(*)::int as n from privacy_opt_outs where kind = 'phone'`,
    );
    expect(rows[0]!.n).toBe(1);
  });
});
