/** The console's list of leads: newest first, a page at a time, by keyset (received_at, id) so no page is skipped. */
import type { LeadRow, LeadStatus } from '../../../contracts/console.ts';
import type { Queryable } from '../../platform/db/types.ts';
import { BUSINESS_NAME_SQL, EMAIL_SQL, NAME_SQL, PHONE_SQL, STATUS_SQL, UTM_SOURCE_SQL } from './lead-columns.ts';
import { encodeCursor, filterConditions, type Cursor, type LeadFilters } from './lead-filters.ts';

/** A row of the list as the database gives it, with where it stands in the order. */
export interface ListedLead {
  id: string;
  received_at: Date;
  received_at_us: string;
  flow_version: string;
  status: LeadStatus;
  held_reason: string | null;
  name: string;
  business_name: string;
  purged: boolean;
  email: string;
  phone: string;
  utm_source: string | null;
  delivered_at: Date | null;
  /** The buyer that took it, and why its delivery ended where it did. */
  delivered_to: string | null;
  delivery_reason: string | null;
  /** What the buyer paid, exact (numeric as text, "42.50"); null: not sold, or at no stated price. */
  sold_price: string | null;
  /** Whether the buyer returned it: it keeps its price, and its revenue counts as returned. */
  returned: boolean;
  attempts: number;
  /** Whether the visitor sent an opt-out preference signal (Global Privacy Control) with the lead. */
  gpc: boolean;
  /** The language the form was filled in: "en", "es". */
  language: string;
}

export interface LeadPage {
  leads: ListedLead[];
  /** Where the next page starts; undefined on the last. */
  next?: Cursor;
}

/** The leads of `filters` after `cursor`, newest first, at most `limit`. */
export async function leadPage(db: Queryable, filters: LeadFilters, limit: number, cursor?: Cursor): Promise<LeadPage> {
  const conditions = filterConditions(filters);
  if (cursor !== undefined) {
    conditions.add(
      (p) =>
        `(l.received_at, l.id) < ('epoch'::timestamptz + ${p(cursor.receivedAtUs)}::bigint * interval '1 microsecond', ${p(cursor.id)}::uuid)`,
    );
  }
  // One more than asked: whether a next page exists, without a count.
  const { rows } = await db.query<ListedLead>(
    `select l.id, l.received_at, (extract(epoch from l.received_at) * 1000000)::bigint::text as received_at_us,
            l.flow_version, ${STATUS_SQL} as status, l.held as held_reason, ${NAME_SQL} as name,
            ${BUSINESS_NAME_SQL} as business_name, l.purged_at is not null as purged, ${EMAIL_SQL} as email,
            ${PHONE_SQL} as phone, ${UTM_SOURCE_SQL} as utm_source, l.delivered_at,
            l.delivered_to, l.delivery_reason, l.sold_price::text as sold_price,
            exists (select 1 from lead_returns x where x.lead_id = l.id) as returned,
            (select count(*)::int from delivery_attempts a where a.lead_id = l.id) as attempts, l.gpc,
            l.language
       from leads l ${conditions.where}
      order by l.received_at desc, l.id desc
      limit ${limit + 1}`,
    conditions.params,
  );
  const leads = rows.slice(0, limit);
  const last = leads.at(-1);
  return rows.length > limit && last !== undefined
    ? { leads, next: { receivedAtUs: last.received_at_us, id: last.id } }
    : { leads };
}

/** Every lead of `filters`, newest first, read `batch` at a time: never all in memory. */
export async function* everyLead(db: Queryable, filters: LeadFilters, batch = 1000): AsyncGenerator<ListedLead> {
  let cursor: Cursor | undefined;
  do {
    const page = await leadPage(db, filters, batch, cursor);
    yield* page.leads;
    cursor = page.next;
  } while (cursor !== undefined);
}

export function toLeadRow(lead: ListedLead): LeadRow {
  return {
    id: lead.id,
    received_at: lead.received_at.toISOString(),
    flow_version: lead.flow_version,
    status: lead.status,
    held_reason: lead.held_reason,
    name: lead.name,
    business_name: lead.business_name,
    purged: lead.purged,
    email: lead.email,
    phone: lead.phone,
    utm_source: lead.utm_source,
    attempts: lead.attempts,
    language: lead.language,
    sold_price: lead.sold_price,
  };
}

export function nextCursor(page: LeadPage): string | null {
  return page.next === undefined ? null : encodeCursor(page.next);
}
