/** The delivery side's reads and writes: the lead to send, and the record of each attempt (delivery_attempts). */
import type { Database, Queryable } from '../../platform/db/types.ts';
import type { HandOverOutcome } from './buyer-client.ts';

export interface StoredLead {
  payload: Record<string, unknown>;
  /** The flow version the lead came through (v1, v2...): buyers may filter on it. */
  flowVersion: string;
  /** When intake stored it: the lead's time_stamp on every attempt and every replay. */
  receivedAt: Date;
  deliveredAt: Date | null;
  /** Set once retention erased the payload: nothing is left to deliver. */
  purgedAt: Date | null;
  /** Where routing left it: 'queued', 'dead-lettered', 'unsold', or null. */
  deliveryState: string | null;
  /** Why the lead is held back from buyers (honeypot, duplicate, opted-out, operator), or null. */
  held: string | null;
}

export async function readLead(db: Database, leadId: string): Promise<StoredLead | undefined> {
  const { rows } = await db.query<{
    payload: Record<string, unknown>;
    flow_version: string;
    received_at: Date;
    delivered_at: Date | null;
    purged_at: Date | null;
    held: string | null;
    delivery_state: string | null;
  }>(
    'select payload, flow_version, received_at, delivered_at, purged_at, held, delivery_state from leads where id = $1',
    [leadId],
  );
  const row = rows[0];
  return row === undefined
    ? undefined
    : {
        payload: row.payload,
        flowVersion: row.flow_version,
        receivedAt: row.received_at,
        deliveredAt: row.delivered_at,
        purgedAt: row.purged_at,
        held: row.held,
        deliveryState: row.delivery_state,
      };
}

/**
 * Records an attempt to a buyer, numbered after the lead's earlier ones, with how long the buyer took (`durationMs`).
 * Run it in a transaction (`tx`) with what follows from it (routing marks the lead delivered in the same one).
 * Returns the attempt's number.
 */
export async function recordAttempt(
  tx: Queryable,
  leadId: string,
  buyerId: string,
  attemptedAt: Date,
  durationMs: number,
  outcome: HandOverOutcome,
): Promise<number> {
  const { rows } = await tx.query<{ attempt: number }>(
    `insert into delivery_attempts (lead_id, attempt, attempted_at, http_status, outcome, error, duration_ms, buyer_id)
       select $1, coalesce(max(attempt), 0) + 1, $2, $3, $4, $5, $6, $7 from delivery_attempts where lead_id = $1
       returning attempt`,
    [
      leadId,
      attemptedAt,
      outcome.httpStatus,
      outcome.outcome,
      outcome.outcome === 'delivered' ? null : outcome.error,
      Math.max(0, Math.round(durationMs)),
      buyerId,
    ],
  );
  return rows[0]?.attempt ?? 0;
}

/**
 * Marks where the leads' delivery stands (leads.delivery_state, docs/decisions/061-lead-status-in-the-console.md):
 * 'queued' when a job is queued for them, 'dead-lettered' when their job went to the dead-letter queue.
 */
export async function markDeliveryState(
  db: Queryable,
  leadIds: readonly string[],
  state: 'queued' | 'dead-lettered',
): Promise<void> {
  await db.query('update leads set delivery_state = $2 where id = any($1::uuid[])', [leadIds, state]);
}

/** Says whether the lead is held, and if so marks it as having no delivery job (its job ends without a delivery). */
export async function endJobIfHeld(db: Queryable, leadId: string): Promise<boolean> {
  const { rows } = await db.query(
    'update leads set delivery_state = null where id = $1 and held is not null and delivered_at is null returning id',
    [leadId],
  );
  return rows.length > 0;
}
