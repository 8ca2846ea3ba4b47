/**
 * An operator records that a lead's visitor revoked consent: the revocation the visitor's own "Stop contacting me"
 * records too (server/privacy/consent-revocations.ts), for one lead, answered in the words of the lead actions.
 */
import type { LeadActionResponse } from '../../../contracts/console.ts';
import type { Database } from '../../platform/db/types.ts';
import { queueRevocations, type BuyerEventQueue } from '../../buyers/index.ts';
import { revokeConsentOf } from '../../privacy/index.ts';
import { leadStatus } from './lead-detail.ts';

function plural(count: number): string {
  return count === 1 ? '1 buyer' : `${count} buyers`;
}

/** What was done, in the words of the lead actions' `result`; undefined for an unknown lead. */
export async function revokeConsent(
  db: Database,
  leadId: string,
  queue: BuyerEventQueue,
): Promise<LeadActionResponse | undefined> {
  const done = await db.transaction((tx) =>
    revokeConsentOf(tx, [leadId], (tx, leadIds, cause) => queueRevocations(tx, leadIds, cause, queue)),
  );
  const lead = done.leads[0];
  if (lead === undefined) return undefined;
  const parts: string[] = [];
  if (lead.heldNow) parts.push('held');
  else if (lead.heldAlready !== null) parts.push(`held already (${lead.heldAlready})`);
  if (done.buyersTold > 0) parts.push(`lead.revoked queued to ${plural(done.buyersTold)}`);
  const result = parts.length > 0 ? parts.join('; ') : 'nothing more to do';
  const now = await leadStatus(db, leadId);
  return now === undefined ? undefined : { result, status: now.status };
}
