/**
 * What retention removes (docs/decisions/043-retention.md): the personal data of leads older than
 * LEAD_RETENTION_DAYS, consent evidence older than five years, and funnel events older than
 * FUNNEL_EVENT_RETENTION_DAYS. A purged lead keeps its row, with an empty payload
 * and `purged_at` set, so its evidence keeps its lead id and its delivery history stays; the evidence keeps, copied
 * from the payload as it is erased, the phone number and email the consent was given for.
 */
import type { Database } from '../platform/db/types.ts';
import { RETENTION_SECONDS } from '../buyers/index.ts';

/** How long consent evidence is kept: a TCPA claim can be brought for four years after the call. */
export const CONSENT_RETENTION_YEARS = 5;

/**
 * An undelivered lead is kept at least this long, whatever LEAD_RETENTION_DAYS says: its job may wait 30 days in the
 * queue, then retry for a day, then wait 30 days in the dead-letter queue, from where an operator can send it again
 * for another day of retries.
 */
export const UNDELIVERED_KEPT_DAYS = (2 * RETENTION_SECONDS) / (24 * 60 * 60) + 2;

/**
 * How long funnel events are kept (docs/decisions/024-funnel-events.md): a year and a month, so a month can be set
 * beside the same month a year before. A fixed period, not a setting: events hold nothing personal.
 */
export const FUNNEL_EVENT_RETENTION_DAYS = 400;

export interface PurgeCounts {
  /** Leads whose personal data was erased by this run. */
  leadsPurged: number;
  /** Consent evidence rows deleted by this run. */
  evidenceDeleted: number;
  /** Funnel events deleted by this run. */
  eventsDeleted: number;
}

// One statement: the evidence reads the payload in the statement's snapshot, before the lead's update erases it.
const PURGE_LEADS = `
  with due as (
    select id, payload from leads
     where purged_at is null
       and received_at < now() - make_interval(days => $1)
       and (delivered_at is not null or received_at < now() - make_interval(days => $2))
  ), evidence as (
    update consent_evidence set phone = due.payload->>'phone', email = due.payload->>'email'
      from due where consent_evidence.lead_id = due.id
  ), purged as (
    update leads set payload = '{}'::jsonb, contact_sha256 = null, request_sha256 = null, purged_at = now()
      from due where leads.id = due.id returning 1
  )
  select count(*)::int as n from purged`;

const DELETE_EVIDENCE = `delete from consent_evidence where consented_at < now() - make_interval(years => $1)`;

const DELETE_EVENTS = `delete from funnel_events where received_at < now() - make_interval(days => $1)`;
// A bot's mark goes with the last of its events.
const DELETE_BOT_MARKS = `
  delete from funnel_bot_visits b
   where marked_at < now() - make_interval(days => $1)
     and not exists (select 1 from funnel_events e where e.visit = b.visit)`;

// The funnel's rollups of the days whose events are gone: a visit counts on the day it began
// (docs/decisions/103-funnel-rollups.md), so its day goes once that day's first events are all deleted.
const DELETE_FUNNEL_ROLLUPS = `
  with cutoff as (select ((now() - make_interval(days => $1)) at time zone 'UTC')::date as day),
  visits as (delete from funnel_visits where day < (select day from cutoff))
  delete from funnel_rollups where day < (select day from cutoff)`;

/** Purges what is due; several servers may run it at once (an advisory lock takes them in turn). */
export function purgeExpired(db: Database, leadRetentionDays: number): Promise<PurgeCounts> {
  return db.transaction(async (tx) => {
    await tx.query(`select pg_advisory_xact_lock(hashtext('fundflow.retention'))`);
    const { rows } = await tx.query<{ n: number }>(PURGE_LEADS, [
      leadRetentionDays,
      Math.max(leadRetentionDays, UNDELIVERED_KEPT_DAYS),
    ]);
    const deleted = await tx.query(DELETE_EVIDENCE, [CONSENT_RETENTION_YEARS]);
    const events = await tx.query(DELETE_EVENTS, [FUNNEL_EVENT_RETENTION_DAYS]);
    await tx.query(DELETE_BOT_MARKS, [FUNNEL_EVENT_RETENTION_DAYS]);
    await tx.query(DELETE_FUNNEL_ROLLUPS, [FUNNEL_EVENT_RETENTION_DAYS]);
    return { leadsPurged: rows[0]?.n ?? 0, evidenceDeleted: deleted.rowCount, eventsDeleted: events.rowCount };
  });
}
