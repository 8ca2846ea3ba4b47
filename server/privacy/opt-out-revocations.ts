/**
 * An opt-out reaches the buyers that already received the visitor's leads: `lead.revoked` to each, queued in the
 * transaction that records the opt-out, so neither is kept without the other.
 */
import type { OptOutContact } from '../../contracts/opt-out.ts';
import type { Database, Queryable } from '../platform/db/types.ts';
import { queueRevocations, type BuyerEventQueue } from '../buyers/events/buyer-events.ts';
import { recordOptOut } from './opt-outs.ts';

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
 * Records the opt-out and, with a queue, revokes the contact's leads from every buyer that received one. Returns how
 * many events were queued (the caller must not tell the visitor: it would reveal whether a lead exists).
 */
export async function optOutAndRevoke(
  db: Database,
  contact: OptOutContact,
  queue: BuyerEventQueue | undefined,
): Promise<number> {
  if (queue === undefined) {
    await recordOptOut(db, contact);
    return 0;
  }
  return db.transaction(async (tx) => {
    await recordOptOut(tx, contact);
    return queueRevocations(tx, await leadsWithContact(tx, contact), 'opt-out', queue);
  });
}
