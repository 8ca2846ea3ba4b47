/**
 * Which visits are bots (docs/decisions/024-funnel-events.md). A bot's events are stored and its visit is marked in
 * funnel_bot_visits, so the funnel leaves it out and an operator can still see what it sent. A visit is marked:
 * - 'honeypot' when a batch says the form's hidden trap field was filled;
 * - 'rate' when its events come faster than a person acts: FAST_VIEWS step views within FAST_VIEWS_MS of the
 *   visitor's clock (every step asks something, so a person needs seconds for each), or more than
 *   MAX_EVENTS_PER_VISIT events in all (a visit through every step, back and forth, sends a few hundred at most).
 * Both are checked as the events are stored, over all of the visit's events so far, whichever batches and servers
 * they came through.
 */
import type { Queryable } from '../platform/db/types.ts';

export const FAST_VIEWS = 6;
export const FAST_VIEWS_MS = 2000;
export const MAX_EVENTS_PER_VISIT = 1000;

const MARK_HONEYPOT = `
  insert into funnel_bot_visits (visit, reason)
  select distinct visit, 'honeypot' from unnest($1::text[]) as visit
  on conflict (visit) do nothing`;

// lag(…, FAST_VIEWS - 1) is the view FAST_VIEWS - 1 views before this one: FAST_VIEWS views within the span. Each
// visit is looked up on its own (a subquery per visit of the group), so the index on (visit, client_at, id) serves it
// however little the planner knows of the table: the embedded database never analyses it.
const MARK_RATE = `
  insert into funnel_bot_visits (visit, reason)
  select v.visit, 'rate' from unnest($1::text[]) as v(visit)
   where exists (
           select 1 from (
             select client_at - lag(client_at, ${FAST_VIEWS - 1}) over (order by client_at, id) as span
               from funnel_events e where e.visit = v.visit and e.type = 'view'
           ) views where span < ${FAST_VIEWS_MS})
      or (select count(*) from (select from funnel_events e where e.visit = v.visit limit ${MAX_EVENTS_PER_VISIT + 1}) n)
         > ${MAX_EVENTS_PER_VISIT}
  on conflict (visit) do nothing`;

/** Marks the visits whose batch had the honeypot filled, then those of `visits` that went faster than a person. */
export async function markBots(tx: Queryable, visits: readonly string[], honeypot: readonly string[]): Promise<void> {
  if (honeypot.length > 0) await tx.query(MARK_HONEYPOT, [honeypot]);
  await tx.query(MARK_RATE, [visits]);
}
