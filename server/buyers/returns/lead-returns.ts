/**
 * A buyer's return of a lead it received (lead_returns, migration 011): accepted within 7 days of the delivery, once
 * per lead and buyer; the same return again answers the first one's time.
 */
import type { Database } from '../../platform/db/types.ts';

export const RETURN_WINDOW_DAYS = 7;
const RETURN_WINDOW_MS = RETURN_WINDOW_DAYS * 24 * 60 * 60 * 1000;

/** A short code like `disconnected_phone`, never free text that could echo the lead. */
export const RETURN_REASON = /^[a-z0-9_.-]{1,64}$/;

export interface LeadReturn {
  leadId: string;
  buyerId: string;
  reason: string;
  /** When it arrived: the app's clock. */
  at: Date;
}

export type ReturnOutcome =
  | { outcome: 'recorded'; returnedAt: Date }
  /** Returned before: the first return's time; its reason stands. */
  | { outcome: 'recorded already'; returnedAt: Date }
  /** The buyer did not receive the lead (or the lead does not exist): the same answer for both. */
  | { outcome: 'not received' }
  | { outcome: 'window closed' };

export async function recordReturn(db: Database, lead: LeadReturn): Promise<ReturnOutcome> {
  return db.transaction(async (tx) => {
    const route = await tx.query<{ delivered_at: Date | null; returned_at: Date | null }>(
      `select r.delivered_at, x.returned_at
         from lead_routes r
         left join lead_returns x on x.lead_id = r.lead_id and x.buyer_id = r.buyer_id
        where r.lead_id = $1 and r.buyer_id = $2 and r.state = 'delivered'`,
      [lead.leadId, lead.buyerId],
    );
    const delivered = route.rows[0];
    if (delivered === undefined) return { outcome: 'not received' };
    if (delivered.returned_at !== null) return { outcome: 'recorded already', returnedAt: delivered.returned_at };
    const deliveredAt = delivered.delivered_at;
    if (deliveredAt === null || lead.at.getTime() - deliveredAt.getTime() > RETURN_WINDOW_MS) {
      return { outcome: 'window closed' };
    }
    // Two copies of one call at once: the second finds the first's row and answers its time.
    const inserted = await tx.query<{ returned_at: Date }>(
      `insert into lead_returns (lead_id, buyer_id, reason, returned_at) values ($1, $2, $3, $4)
       on conflict (lead_id, buyer_id) do nothing
       returning returned_at`,
      [lead.leadId, lead.buyerId, lead.reason, lead.at],
    );
    const row = inserted.rows[0];
    if (row !== undefined) return { outcome: 'recorded', returnedAt: row.returned_at };
    const first = await tx.query<{ returned_at: Date }>(
      'select returned_at from lead_returns where lead_id = $1 and buyer_id = $2',
      [lead.leadId, lead.buyerId],
    );
    return { outcome: 'recorded already', returnedAt: first.rows[0]!.returned_at };
  });
}
