/**
 * How the console reads a lead's row: its status and the contact fields it shows, as SQL over `leads l`. One place,
 * so the list, the CSV, the counts and a lead's page agree (docs/decisions/061-lead-status-in-the-console.md).
 */
import type { LeadStatus } from '../../../contracts/console.ts';

/** Held first (whatever the delivery did), then delivered, then what the delivery code last marked. */
export const STATUS_SQL = `case
  when l.held is not null then 'held'
  when l.delivered_at is not null then 'delivered'
  when l.delivery_state = 'unsold' then 'unsold'
  when l.delivery_state = 'dead-lettered' then 'dead-lettered'
  when l.delivery_state = 'queued' then 'queued'
  else 'stored' end`;

/** The condition of each status, written so the list's partial indexes serve the rarer ones. */
export const STATUS_CONDITION: Record<LeadStatus, string> = {
  held: 'l.held is not null',
  delivered: 'l.held is null and l.delivered_at is not null',
  // As the partial index leads_unsold_newest (011-lead-routing.sql) is written, so it serves this filter.
  unsold: "l.delivery_state = 'unsold' and l.delivered_at is null and l.held is null",
  'dead-lettered': "l.delivery_state = 'dead-lettered' and l.delivered_at is null and l.held is null",
  queued: "l.delivery_state = 'queued' and l.delivered_at is null and l.held is null",
  stored: 'l.delivery_state is null and l.delivered_at is null and l.held is null',
};

/**
 * A campaign parameter of the lead: its stored attribution's (decoded, as the page read it from the landing address),
 * else the payload's own when an older client sent one at the top, else the parameter of the page address the lead was
 * sent from, as written there (not percent-decoded): leads stored before attribution was sent have only that.
 */
const campaignParameterSql = (name: 'utm_source' | 'utm_campaign') => `coalesce(
  nullif(l.payload->'attribution'->>'${name}', ''),
  nullif(l.payload->>'${name}', ''),
  substring(l.payload->>'source_url' from '[?&]${name}=([^&#]*)'))`;

export const UTM_SOURCE_SQL = campaignParameterSql('utm_source');
export const UTM_CAMPAIGN_SQL = campaignParameterSql('utm_campaign');

/** The visitor's name as the payload has it: `name`, or first and last name. Empty for a purged lead. */
export const NAME_SQL = `coalesce(l.payload->>'name',
  nullif(trim(concat_ws(' ', l.payload->>'first_name', l.payload->>'last_name')), ''), '')`;
/** The business the lead is for, as the visitor wrote it. Empty for a purged lead. */
export const BUSINESS_NAME_SQL = `coalesce(l.payload->>'business_name', '')`;
export const EMAIL_SQL = `coalesce(l.payload->>'email', '')`;
export const PHONE_SQL = `coalesce(l.payload->>'phone', '')`;
/** The indexed forms a search compares with (009-console-leads.sql). */
export const EMAIL_KEY_SQL = `lower(l.payload->>'email')`;
export const PHONE_DIGITS_SQL = `regexp_replace(l.payload->>'phone', '[^0-9]', '', 'g')`;
