/**
 * An opt-out reaches the buyers that already received the visitor's leads: `lead.revoked` to each, queued in the
 * transaction that records the opt-out, so neither is kept without the other.
 */
import type { OptOutContact } from '../../contracts/opt-out.ts';
import type { Database, Queryable } from '../platform/db/types.ts';
import { recordOptOut } from './opt-outs.ts';

/**
 * Tells every buyer that received one of these leads that the visitor opted out, from inside the transaction that
 * records it; answers how many were told. The buyers' side provides it (its `lead.revoked` events), so privacy holds
 * no knowledge of buyers.
 */
export type RevokeFromBuyers = (tx: Queryable, leadIds: readonly string[]) => Promise<number>;

/**
 * The leads carrying the contact's email (lower case) or phone (its digits, with or without the country code 1),
 * found through the console search's indexes (migration 009). The contact is normalised already (checkOptOut).
 */
export async function leadsWithContact(tx: Queryable, contact: OptOutContact): Promise<string[]> {
  const phones = contact.phone === undefined ? [] : [contact.phone, `1${contact.phone}`];
  const { rows } = await tx.query<{ id: string }>(
    `select id from leads where lower(payload->>'email') = $1
     union
     select id from leads where regexp_replace(payload->>'phone', '[^0-9]', '', 'g') = any($2::text[])`,
    [contact.email ?? null, phones],
  );
  return rows.map((row) => row.id);
}

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
    return revoke(tx, await leadsWithContact(tx, contact));
  });
}
