/**
 * "Stop contacting me": the visitor revokes consent to be contacted about every lead sent with an email or phone, as
 * an operator's revocation does for one lead (consent-revocations.ts), and the console's audit log keeps it: all in
 * one transaction, so no lead is held or buyer told without its audit entry, nor the other way round.
 */
import type { OptOutContact } from '../../contracts/opt-out.ts';
import type { Database, Queryable } from '../platform/db/types.ts';
import { revokeConsentOf, type ConsentRevoked, type RevokeFromBuyers } from './consent-revocations.ts';
import { leadsWithContact } from './contact-leads.ts';

/**
 * Writes the visitor's revocation of these leads (their ids, possibly none) to the console's audit log, which the
 * console owns; never the email or phone it was asked with.
 */
export type AuditVisitorRevocation = (tx: Queryable, leadIds: readonly string[]) => Promise<void>;

export interface StopContactingSides {
  /** How the buyers that received the leads are told; without it (no delivery configured) none is. */
  revoke: RevokeFromBuyers | undefined;
  audit: AuditVisitorRevocation;
}

export async function stopContacting(
  db: Database,
  contact: OptOutContact,
  sides: StopContactingSides,
): Promise<ConsentRevoked> {
  return db.transaction(async (tx) => {
    const done = await revokeConsentOf(tx, await leadsWithContact(tx, contact), sides.revoke);
    await sides.audit(
      tx,
      done.leads.map((lead) => lead.id),
    );
    return done;
  });
}
