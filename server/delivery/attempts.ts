/** The delivery side's reads and writes: the lead to send, and the record of each attempt (delivery_attempts). */
import type { Database } from '../db/types.ts';
import type { HandOverOutcome } from './lender-client.ts';

export interface StoredLead {
  payload: Record<string, unknown>;
  deliveredAt: Date | null;
}

export async function readLead(db: Database, leadId: string): Promise<StoredLead | undefined> {
  const { rows } = await db.query<{ payload: Record<string, unknown>; delivered_at: Date | null }>(
    'select payload, delivered_at from leads where id = $1',
    [leadId],
  );
  const row = rows[0];
  return row === undefined ? undefined : { payload: row.payload, deliveredAt: row.delivered_at };
}

/**
 * Records an attempt, numbered after the lead's earlier ones, and on success marks the lead delivered, both in one
 * transaction. Returns the attempt's number.
 */
export function recordAttempt(
  db: Database,
  leadId: string,
  attemptedAt: Date,
  outcome: HandOverOutcome,
): Promise<number> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ attempt: number }>(
      `insert into delivery_attempts (lead_id, attempt, attempted_at, http_status, outcome, error)
         select $1, coalesce(max(attempt), 0) + 1, $2, $3, $4, $5 from delivery_attempts where lead_id = $1
         returning attempt`,
      [
        leadId,
        attemptedAt,
        outcome.httpStatus,
        outcome.delivered ? 'delivered' : 'failed',
        outcome.delivered ? null : outcome.error,
      ],
    );
    if (outcome.delivered) {
      await tx.query('update leads set delivered_at = $2 where id = $1 and delivered_at is null', [
        leadId,
        attemptedAt,
      ]);
    }
    return rows[0]?.attempt ?? 0;
  });
}
