/**
 * "Do Not Sell My Information" opt-outs: stored as keys of the email or phone number (server/privacy/contact-keys.ts), and
 * honoured when a lead's delivery comes, so a lead stored before the opt-out and not yet delivered is held back too.
 */
import type { OptOutContact } from '../../contracts/opt-out.ts';
import type { Queryable } from '../platform/db/types.ts';
import { contactKeys } from './contact-keys.ts';

/** Stores the contact's keys; a key opted out before keeps its first time. */
export async function recordOptOut(db: Queryable, contact: OptOutContact): Promise<void> {
  const keys = contactKeys(contact);
  await db.query(
    `insert into privacy_opt_outs (contact_sha256, kind, opted_out_at)
       select key, kind, now() from unnest($1::text[], $2::text[]) as k(key, kind)
     on conflict (contact_sha256) do nothing`,
    [keys.map((key) => key.sha256), keys.map((key) => key.kind)],
  );
}

/**
 * Holds the lead back ('opted-out') when its email or phone opted out, and says whether it did. One statement, so
 * the lead is marked exactly when a matching opt-out is there; a lead delivered already is left as it is.
 */
export async function holdIfOptedOut(
  db: Queryable,
  leadId: string,
  payload: Readonly<Record<string, unknown>>,
): Promise<boolean> {
  const keys = contactKeys(payload).map((key) => key.sha256);
  if (keys.length === 0) return false;
  const { rows } = await db.query<{ id: string }>(
    `update leads set held = 'opted-out'
      where id = $1 and delivered_at is null
        and exists (select 1 from privacy_opt_outs where contact_sha256 = any($2::text[]))
      returning id`,
    [leadId, keys],
  );
  return rows.length > 0;
}
