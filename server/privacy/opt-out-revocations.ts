/**
 * An opt-out reaches the buyers that already received the visitor's leads: `lead.revoked` to each, queued in the
 * transaction that records the opt-out, so neither is kept without the other.
 */
import type { OptOutContact } from '../../contracts/opt-out.ts';
import type { Database } from '../platform/db/types.ts';
import type { RevokeFromBuyers } from './consent-revocations.ts';
import { leadsWithContact } from './contact-leads.ts';
import { recordOptOut } from './opt-outs.ts';

/**
 * Records the opt-out and, with `revoke`, revokes the contact's leads from every buyer that received one. Returns how
 * many buyers were told (the caller must not tell the visitor: it would reveal whether a lead exists).
 */
export async function optOutAndRevoke(
  db: Database,
  contact: OptOutContact,
  revoke: RevokeFromBuyers | undefined,
): Promise<number> {
  if (revoke === undefined) {
    await recordOptOut(db, contact);
    return 0;
  }
  return db.transaction(async (tx) => {
    await recordOptOut(tx, contact);
    return revoke(tx, await leadsWithContact(tx, contact), 'opt-out');
  });
}
