/**
 * Events sent to buyers about a lead they received (buyer_events, migration 011): `lead.revoked` when its visitor
 * opted out of sale or revoked consent. One event per lead, buyer and type, queued in the transaction that records
 * why, signed and retried on the same schedule as a lead (retry-schedule.ts), with its id as `webhook-id` on every
 * attempt so a buyer can drop one it already has.
 */
import type { Database, Queryable } from '../../platform/db/types.ts';
import type { DeliveryLog } from '../delivery/delivery-log.ts';
import type { BuyerClient, BuyerEventType } from '../delivery/buyer-client.ts';
import { ATTEMPTS_PER_BUYER, nextRetryPause } from '../routing/retry-schedule.ts';

export const LEAD_REVOKED: BuyerEventType = 'lead.revoked';

/** Why a lead is revoked: the visitor's "Do Not Sell" opt-out, or a revocation of consent an operator recorded. */
export type RevocationCause = 'opt-out' | 'consent-revoked';

/** What buyer events need of a buyer's client. */
export type BuyerEventSender = Pick<BuyerClient, 'sendEvent'>;

/** Queues the sending of stored events, one job each, in the caller's transaction. */
export interface BuyerEventQueue {
  enqueue(tx: Queryable, eventIds: readonly string[]): Promise<void>;
}

/**
 * Records a `lead.revoked` event for every buyer that received each lead (its route 'delivered') and queues them, all
 * in `tx`, so the events commit with whatever revoked the leads. An event recorded before for the same lead and buyer
 * stays as it was and is not queued again. Returns how many events were queued.
 */
export async function queueRevocations(
  tx: Queryable,
  leadIds: readonly string[],
  cause: RevocationCause,
  queue: BuyerEventQueue,
): Promise<number> {
  if (leadIds.length === 0) return 0;
  const { rows } = await tx.query<{ id: string }>(
    `insert into buyer_events (id, lead_id, buyer_id, type, cause, created_at)
       select gen_random_uuid(), r.lead_id, r.buyer_id, $3, $2, now()
         from lead_routes r
        where r.lead_id = any($1::uuid[]) and r.state = 'delivered'
     on conflict (lead_id, buyer_id, type) do nothing
     returning id`,
    [leadIds, cause, LEAD_REVOKED],
  );
  const ids = rows.map((row) => row.id);
  if (ids.length > 0) await queue.enqueue(tx, ids);
  return ids.length;
}

export interface BuyerEventContext {
  db: Database;
  /** Each configured buyer's sender, by buyer id. */
  senders: ReadonlyMap<string, BuyerEventSender>;
  log: DeliveryLog;
}

/**
 * What the queue does after an attempt: nothing more (`done`: sent, or nothing to send), another attempt after
 * `seconds`, or none (`give-up`: refused for good, attempts spent, or the buyer is gone; logged as an error).
 */
export type EventNext = { next: 'done' } | { next: 'retry'; seconds: number } | { next: 'give-up'; error: string };

interface EventRow {
  id: string;
  lead_id: string;
  buyer_id: string;
  type: BuyerEventType;
  cause: RevocationCause;
  created_at: Date;
  attempts: number;
  delivered_at: Date | null;
}

const BUYER_GONE = 'the buyer is no longer configured';

/** Sends one event to its buyer once, records the attempt, and says what the queue does next. */
export async function sendBuyerEvent(
  context: BuyerEventContext,
  eventId: string,
  signal?: AbortSignal,
): Promise<EventNext> {
  const { db, senders, log } = context;
  const { rows } = await db.query<EventRow>(
    'select id, lead_id, buyer_id, type, cause, created_at, attempts, delivered_at from buyer_events where id = $1',
    [eventId],
  );
  const event = rows[0];
  if (event === undefined) {
    log.error({ eventId }, 'buyer event: the event is not in the database; nothing to send');
    return { next: 'done' };
  }
  const { lead_id: leadId, buyer_id: buyerId } = event;
  // A job run again after a crash, or twice: an event the buyer has is not sent again.
  if (event.delivered_at !== null) return { next: 'done' };
  if (event.attempts >= ATTEMPTS_PER_BUYER) {
    log.error({ eventId, leadId, buyerId }, 'buyer event: its attempts are spent; it is not sent again');
    return { next: 'give-up', error: 'attempts spent' };
  }
  const sender = senders.get(buyerId);
  if (sender === undefined) {
    await db.query('update buyer_events set last_error = $2 where id = $1', [eventId, BUYER_GONE]);
    log.error({ eventId, leadId, buyerId }, 'buyer event not sent: the buyer is no longer configured (BUYERS_FILE)');
    return { next: 'give-up', error: BUYER_GONE };
  }

  const attemptedAt = new Date();
  const outcome = await sender.sendEvent({
    messageId: eventId,
    type: event.type,
    data: { lead_id: leadId, cause: event.cause },
    attemptedAt,
    // The envelope's timestamp is when the lead was revoked: the same body on every attempt.
    occurredAt: event.created_at,
    signal,
  });
  const delivered = outcome.outcome === 'delivered';
  const recorded = await db.query<{ attempts: number }>(
    `update buyer_events
        set attempts = attempts + 1, last_error = $2, delivered_at = coalesce(delivered_at, $3)
      where id = $1
      returning attempts`,
    [eventId, delivered ? null : outcome.error, delivered ? attemptedAt : null],
  );
  const attempt = recorded.rows[0]?.attempts ?? event.attempts + 1;
  const fields = { eventId, leadId, buyerId, attempt, httpStatus: outcome.httpStatus };

  switch (outcome.outcome) {
    case 'delivered':
      log.info(fields, 'buyer event sent');
      return { next: 'done' };
    case 'rejected':
      log.error({ ...fields, error: outcome.error }, 'the buyer refused the event: it is not sent again');
      return { next: 'give-up', error: outcome.error };
    case 'failed': {
      const seconds = nextRetryPause(attempt, outcome.retryAfterSeconds);
      if (seconds === undefined) {
        log.error({ ...fields, error: outcome.error }, 'buyer event failed for the last time: it is not sent again');
        return { next: 'give-up', error: outcome.error };
      }
      log.warn({ ...fields, error: outcome.error, retryInSeconds: seconds }, 'buyer event failed; it will be retried');
      return { next: 'retry', seconds };
    }
  }
}
