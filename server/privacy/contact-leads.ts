/** The leads a visitor names by email or phone, as the opt-out and "Stop contacting me" find them. */
import type { OptOutContact } from '../../contracts/opt-out.ts';
import type { Queryable } from '../platform/db/types.ts';

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
