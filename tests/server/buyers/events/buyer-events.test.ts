/**
 * lead.revoked events on pg-boss to real local buyers over HTTP, on PGlite and (with DATABASE_URL) PostgreSQL: one
 * event per lead and buyer that received it, sent signed with the event id as webhook-id, retried on the Standard
 * Webhooks schedule, never sent twice; refused, spent and orphaned events given up with an error naming ids only.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import type { HandOverOutcome } from '../../../../server/buyers/delivery/buyer-answer.ts';
import {
  queueRevocations,
  sendBuyerEvent,
  type BuyerEventQueue,
  type BuyerEventSender,
} from '../../../../server/buyers/events/buyer-events.ts';
import { verifyWebhook } from '../../../support/webhook-verify.ts';
import { captureLog, startBuyer, openDatabase, SECRET, SIGNING_KEY, WAIT } from '../../../support/delivery-setup.ts';
import { eventJobStates, eventsOf, seedRoutedLead, startBuyerEventsOn } from '../../../support/buyer-events-setup.ts';
import { httpBuyerClient } from '../../../../server/buyers/delivery/buyer-client.ts';
import { DATABASES } from '../../../support/server-harness.ts';

const MARIA = { email: 'maria.rivera@example.com', phone: '3105550147' };
/** A second buyer's key and secret: each buyer's events are signed with its own. */
const OTHER_KEY = Buffer.from('other-buyer-signing-key-of-32-bytes');
const OTHER_SECRET = `whsec_${OTHER_KEY.toString('base64')}`;

/** Remembers what was queued, as a queue would in the caller's transaction. */
function recordingQueue(): BuyerEventQueue & { queued: string[] } {
  const queued: string[] = [];
  return { queued, enqueue: async (_tx, ids) => void queued.push(...ids) };
}

/** A sender that answers as told and counts its calls. */
function standIn(outcome: HandOverOutcome): BuyerEventSender & { calls: number } {
  const sender = {
    calls: 0,
    async sendEvent() {
      sender.calls += 1;
      return outcome;
    },
  };
  return sender;
}

describe.each(DATABASES)('lead.revoked events on $name', (kind) => {
  it('records one event per lead and buyer that received it, only for delivered routes, once', async () => {
    const { db } = await openDatabase(kind);
    const toVantorra = await seedRoutedLead(db, MARIA, [
      { buyerId: 'skipping', state: 'skipped' },
      { buyerId: 'refusing', state: 'refused' },
      { buyerId: 'vantorra', state: 'delivered' },
    ]);
    const toOther = await seedRoutedLead(db, MARIA, [{ buyerId: 'other', state: 'delivered' }]);
    const stillSending = await seedRoutedLead(db, MARIA, [{ buyerId: 'vantorra', state: 'sending' }]);
    const queue = recordingQueue();

    const queued = await db.transaction((tx) =>
      queueRevocations(tx, [toVantorra, toOther, stillSending], 'opt-out', queue),
    );

    expect(queued).toBe(2);
    const events = await eventsOf(db);
    expect(
      events.map(({ lead_id, buyer_id, type, cause, attempts, delivered_at }) => ({
        lead_id,
        buyer_id,
        type,
        cause,
        attempts,
        delivered_at,
      })),
    ).toEqual(
      expect.arrayContaining([
        {
          lead_id: toVantorra,
          buyer_id: 'vantorra',
          type: 'lead.revoked',
          cause: 'opt-out',
          attempts: 0,
          delivered_at: null,
        },
        {
          lead_id: toOther,
          buyer_id: 'other',
          type: 'lead.revoked',
          cause: 'opt-out',
          attempts: 0,
          delivered_at: null,
        },
      ]),
    );
    expect(events).toHaveLength(2);
    expect(queue.queued.sort()).toEqual(events.map((event) => event.id).sort());

    // Revoked again (a second opt-out, then a consent revocation): nothing new is recorded or queued.
    expect(await db.transaction((tx) => queueRevocations(tx, [toVantorra, toOther], 'opt-out', queue))).toBe(0);
    expect(await db.transaction((tx) => queueRevocations(tx, [toVantorra], 'consent-revoked', queue))).toBe(0);
    expect(await eventsOf(db)).toHaveLength(2);
    expect(queue.queued).toHaveLength(2);
  });

  it('sends each event once, signed with its buyer’s key, the event id as webhook-id', async () => {
    const setup = await openDatabase(kind);
    const vantorra = await startBuyer({ secret: SECRET });
    const other = await startBuyer({ secret: OTHER_SECRET });
    const { log, lines } = captureLog();
    const senders = new Map([
      ['vantorra', httpBuyerClient({ url: vantorra.url, signingKeys: [SIGNING_KEY], timeoutMs: 5_000 })],
      ['other', httpBuyerClient({ url: other.url, signingKeys: [OTHER_KEY], timeoutMs: 5_000 })],
    ]);
    const running = await startBuyerEventsOn(setup, senders, log);
    const toVantorra = await seedRoutedLead(setup.db, MARIA, [{ buyerId: 'vantorra', state: 'delivered' }]);
    const toOther = await seedRoutedLead(setup.db, MARIA, [
      { buyerId: 'vantorra', state: 'refused' },
      { buyerId: 'other', state: 'delivered' },
    ]);
    const before = Date.now();

    await setup.db.transaction((tx) => queueRevocations(tx, [toVantorra, toOther], 'opt-out', running.queue));

    const [toV] = await vantorra.waitForLeads(1, WAIT.timeout);
    const [toO] = await other.waitForLeads(1, WAIT.timeout);
    const events = await eventsOf(setup.db);
    const eventOf = (leadId: string) => events.find((event) => event.lead_id === leadId)!;
    for (const [received, leadId, secret] of [
      [toV!, toVantorra, SECRET],
      [toO!, toOther, OTHER_SECRET],
    ] as const) {
      expect(received.status).toBe(200);
      expect(received.headers['webhook-id']).toBe(eventOf(leadId).id);
      expect(verifyWebhook(secret, received.headers, received.raw)).toBe(true);
      const { timestamp, ...rest } = received.body;
      expect(rest).toEqual({ type: 'lead.revoked', data: { lead_id: leadId, cause: 'opt-out' } });
      expect(Date.parse(timestamp as string)).toBeGreaterThanOrEqual(before - 1000);
    }

    await vi.waitFor(async () => {
      const sent = await eventsOf(setup.db);
      expect(sent.map((event) => [event.attempts, event.last_error, event.delivered_at instanceof Date])).toEqual([
        [1, null, true],
        [1, null, true],
      ]);
    }, WAIT);
    for (const event of events) {
      await vi.waitFor(async () => expect(await eventJobStates(setup, event.id)).toEqual(['completed']), WAIT);
    }
    // Revoked again: nothing more goes out.
    await setup.db.transaction((tx) => queueRevocations(tx, [toVantorra, toOther], 'consent-revoked', running.queue));
    expect(vantorra.received).toHaveLength(1);
    expect(other.received).toHaveLength(1);
    expect(
      lines
        .filter((line) => line.message === 'buyer event sent')
        .map((line) => line.fields.leadId)
        .sort(),
    ).toEqual([toVantorra, toOther].sort());
    // Ids only: never the lead's contact.
    expect(JSON.stringify(lines)).not.toContain(MARIA.email);
  }, 30_000);

  it('retries a failed event after the schedule’s first pause, with the same webhook-id', async () => {
    const setup = await openDatabase(kind);
    const vantorra = await startBuyer({ secret: SECRET, failFirst: 1 });
    const running = await startBuyerEventsOn(
      setup,
      new Map([['vantorra', httpBuyerClient({ url: vantorra.url, signingKeys: [SIGNING_KEY], timeoutMs: 5_000 })]]),
    );
    const leadId = await seedRoutedLead(setup.db, MARIA, [{ buyerId: 'vantorra', state: 'delivered' }]);

    await setup.db.transaction((tx) => queueRevocations(tx, [leadId], 'consent-revoked', running.queue));

    const [first] = await vantorra.waitForLeads(1, WAIT.timeout);
    expect(first!.status).toBe(503);
    await vi.waitFor(async () => {
      expect((await eventsOf(setup.db))[0]).toMatchObject({ attempts: 1, last_error: expect.stringContaining('503') });
    }, WAIT);
    const received = await vantorra.waitForLeads(2, WAIT.timeout);
    // The schedule's first pause is 5 seconds.
    const firstAt = Number(received[0]!.headers['webhook-timestamp']);
    const secondAt = Number(received[1]!.headers['webhook-timestamp']);
    expect(secondAt - firstAt).toBeGreaterThanOrEqual(4);
    expect(received.map((request) => [request.status, request.headers['webhook-id']])).toEqual([
      [503, (await eventsOf(setup.db))[0]!.id],
      [200, (await eventsOf(setup.db))[0]!.id],
    ]);
    expect(received[1]!.body).toMatchObject({ data: { lead_id: leadId, cause: 'consent-revoked' } });
    await vi.waitFor(async () => {
      expect((await eventsOf(setup.db))[0]).toMatchObject({
        attempts: 2,
        last_error: null,
        delivered_at: expect.any(Date),
      });
    }, WAIT);
    const eventId = (await eventsOf(setup.db))[0]!.id;
    await vi.waitFor(
      async () => expect(await eventJobStates(setup, eventId)).toEqual(['completed', 'completed']),
      WAIT,
    );
    expect(vantorra.received).toHaveLength(2);
  }, 30_000);

  it('answers what the queue does: retry on the schedule or after Retry-After, give up when refused or spent', async () => {
    const { db } = await openDatabase(kind);
    const leadId = await seedRoutedLead(db, MARIA, [{ buyerId: 'vantorra', state: 'delivered' }]);
    await db.transaction((tx) => queueRevocations(tx, [leadId], 'opt-out', recordingQueue()));
    const [event] = await eventsOf(db);
    const { log, lines } = captureLog();
    const failing = standIn({ outcome: 'failed', httpStatus: 503, error: 'lender answered HTTP 503' });
    const context = { db, senders: new Map([['vantorra', failing]]), log };

    expect(await sendBuyerEvent(context, event!.id)).toEqual({ next: 'retry', seconds: 5 });
    const slow = standIn({
      outcome: 'failed',
      httpStatus: 429,
      error: 'lender answered HTTP 429',
      retryAfterSeconds: 900,
    });
    expect(await sendBuyerEvent({ ...context, senders: new Map([['vantorra', slow]]) }, event!.id)).toEqual({
      next: 'retry',
      // The second pause is 5 minutes; the buyer asked for 15.
      seconds: 900,
    });
    // Six failures made; the seventh's pause is the schedule's last, and the eighth attempt is the last of all.
    await db.query('update buyer_events set attempts = 7 where id = $1', [event!.id]);
    expect(await sendBuyerEvent(context, event!.id)).toEqual({ next: 'give-up', error: 'lender answered HTTP 503' });
    expect(lines.at(-1)).toEqual({
      level: 'error',
      fields: {
        eventId: event!.id,
        leadId,
        buyerId: 'vantorra',
        attempt: 8,
        httpStatus: 503,
        error: 'lender answered HTTP 503',
      },
      message: 'buyer event failed for the last time: it is not sent again',
    });
    expect(await sendBuyerEvent(context, event!.id)).toEqual({ next: 'give-up', error: 'attempts spent' });
    expect(failing.calls).toBe(2);

    const refused = await seedRoutedLead(db, MARIA, [{ buyerId: 'vantorra', state: 'delivered' }]);
    await db.transaction((tx) => queueRevocations(tx, [refused], 'opt-out', recordingQueue()));
    const refusedEvent = (await eventsOf(db)).find((row) => row.lead_id === refused)!;
    const refusing = standIn({ outcome: 'rejected', httpStatus: 422, error: 'lender rejected the lead (HTTP 422)' });
    expect(await sendBuyerEvent({ ...context, senders: new Map([['vantorra', refusing]]) }, refusedEvent.id)).toEqual({
      next: 'give-up',
      error: 'lender rejected the lead (HTTP 422)',
    });
    expect((await eventsOf(db)).find((row) => row.lead_id === refused)).toMatchObject({
      attempts: 1,
      last_error: 'lender rejected the lead (HTTP 422)',
      delivered_at: null,
    });
  });

  it('gives up on an event whose buyer is no longer configured, naming the buyer in an error', async () => {
    const { db } = await openDatabase(kind);
    const leadId = await seedRoutedLead(db, MARIA, [{ buyerId: 'departed', state: 'delivered' }]);
    await db.transaction((tx) => queueRevocations(tx, [leadId], 'opt-out', recordingQueue()));
    const [event] = await eventsOf(db);
    const { log, lines } = captureLog();
    const vantorra = standIn({ outcome: 'delivered', httpStatus: 200 });

    const next = await sendBuyerEvent({ db, senders: new Map([['vantorra', vantorra]]), log }, event!.id);

    expect(next).toEqual({ next: 'give-up', error: 'the buyer is no longer configured' });
    expect(vantorra.calls).toBe(0);
    expect(lines).toEqual([
      {
        level: 'error',
        fields: { eventId: event!.id, leadId, buyerId: 'departed' },
        message: 'buyer event not sent: the buyer is no longer configured (BUYERS_FILE)',
      },
    ]);
    expect((await eventsOf(db))[0]).toMatchObject({ attempts: 0, last_error: 'the buyer is no longer configured' });
    // An event that is not there (its lead erased): nothing to send.
    expect(await sendBuyerEvent({ db, senders: new Map(), log }, randomUUID())).toEqual({ next: 'done' });
  });
});
