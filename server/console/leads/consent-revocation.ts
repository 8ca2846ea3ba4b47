/**
 * An operator records that a lead's visitor revoked consent: the lead is held back from buyers if it has not been
 * delivered ('consent-revoked', which no one may release), and every buyer that received it is sent `lead.revoked`.
 * Both in one transaction, so the events are never queued for a revocation that was not recorded.
 */
import type { LeadActionResponse } from '../../../contracts/console.ts';
import type { Database } from '../../platform/db/types.ts';
import { queueRevocations, type BuyerEventQueue } from '../../buyers/index.ts';
import { leadStatus } from './lead-detail.ts';

/** A visitor's own "Do Not Sell" hold says the same and says it first: it stays. Every other hold gives way. */
const KEPT_HOLDS = ['opted-out', 'consent-revoked'];

function plural(count: number): string {
  return count === 1 ? '1 buyer' : `${count} buyers`;
}

/** What was done, in the words of the lead actions' `result`; undefined for an unknown lead. */
export async function revokeConsent(
  db: Database,
  leadId: string,
  queue: BuyerEventQueue,
): Promise<LeadActionResponse | undefined> {
  const done = await db.transaction(async (tx) => {
    // Locks the lead, so a delivery recorded at the same moment comes either before (and its buyer is told) or after.
    const { rows } = await tx.query<{ delivered: boolean; held: string | null }>(
      'select delivered_at is not null as delivered, held from leads where id = $1 for update',
      [leadId],
    );
    const lead = rows[0];
    if (lead === undefined) return undefined;
    const holds = !lead.delivered && !KEPT_HOLDS.includes(lead.held ?? '');
    if (holds) await tx.query(`update leads set held = 'consent-revoked' where id = $1`, [leadId]);
    const events = await queueRevocations(tx, [leadId], 'consent-revoked', queue);
    return { holds, held: lead.held, events };
  });
  if (done === undefined) return undefined;
  const parts: string[] = [];
  if (done.holds) parts.push('held');
  else if (done.held !== null && KEPT_HOLDS.includes(done.held)) parts.push(`held already (${done.held})`);
  if (done.events > 0) parts.push(`lead.revoked queued to ${plural(done.events)}`);
  const result = parts.length > 0 ? parts.join('; ') : 'nothing more to do';
  const now = await leadStatus(db, leadId);
  return now === undefined ? undefined : { result, status: now.status };
}
