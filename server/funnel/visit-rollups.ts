/**
 * The funnel's rollups (docs/decisions/103-funnel-rollups.md), kept in the transaction that stores a visit's events
 * or its lead. Each visit's contribution is computed from its stored events by the counting rules of
 * docs/decisions/024-funnel-events.md (its own clock; at one instant a step's end before the next step's view, then
 * the order received), so events that arrive late or out of order, a visit marked as a bot later and a lead stored
 * after the visit's last event all come out exact: the visit's old contribution (funnel_visits) is taken out of
 * funnel_rollups and its new one put in, in one statement. The rebuild runs the same statement over every visit, so it
 * gives the same numbers. A visit's language, like its device and campaign, is its first event's; every grain is kept
 * per language, so the funnel reads one language or sums them all. A visit's revenue (what its counted leads sold for,
 * a returned lead's left out: docs/decisions/141-revenue-per-visitor.md) is computed with the rest, and its sum, sum
 * of squares and sales are kept on the visitors' row.
 */
import type { Database, Queryable } from '../platform/db/types.ts';

/** A visit under one flow version: what a rollup's contribution is kept for. */
export interface VisitKey {
  visit: string;
  flow_version: string;
}

/** Where the rollups take the visits whose contribution is recomputed, and their events. */
interface Source {
  touched: string;
  events: string;
}

const ENDS = `('advance', 'back', 'leave')`;

// A view's time on its step, in milliseconds to two significant figures (exact below 100 ms): the histogram's bucket.
const bucket = (ms: string) => `(case when ${ms} < 100 then ${ms}
  else (round(${ms}::numeric / power(10::numeric, length(${ms}::text) - 2)) * power(10::numeric, length(${ms}::text) - 2))::bigint
  end)`;

/**
 * One statement: the touched visits' new states from their events (bots have none), their old states, the states
 * replaced, and the difference added to the rollups at each grain. Rows are upserted in key order, so two servers'
 * transactions lock the same rows in the same order.
 */
const refreshSql = ({ touched, events }: Source) => `
  with touched as (${touched}),
  ev as (${events}),
  firsts as materialized (
    select distinct on (visit, flow_version) visit, flow_version, (received_at at time zone 'UTC')::date as day,
           coalesce(utm_source, '') as utm_source, coalesce(utm_campaign, '') as utm_campaign, device, language
      from ev order by visit, flow_version, id
  ), steps as materialized (
    select visit, flow_version,
           coalesce(array_agg(distinct step) filter (where type = 'view'), '{}') as viewed,
           coalesce(array_agg(distinct step) filter (where type = 'advance'), '{}') as advanced
      from ev group by visit, flow_version
  ), last_view as materialized (
    select distinct on (visit, flow_version) visit, flow_version, step
      from ev where type = 'view' order by visit, flow_version, client_at desc, id desc
  ), timed as (
    select visit, flow_version, type, step, client_at,
           lead(type) over w as next_type, lead(step) over w as next_step, lead(client_at) over w as next_at
      from ev where type = 'view' or type in ${ENDS}
    window w as (partition by visit, flow_version order by client_at, type = 'view', id)
  ), timings as materialized (
    select visit, flow_version, jsonb_agg(jsonb_build_array(step, ${bucket('(next_at - client_at)')}) order by client_at) as timings
      from timed where type = 'view' and next_type in ${ENDS} and next_step = step
     group by visit, flow_version
  ), fresh as (
    select f.visit, f.flow_version, f.day, f.utm_source, f.utm_campaign, f.device, f.language, s.viewed, s.advanced,
           l.step as exit_step,
           cardinality(s.viewed) > 0 and d.leads > 0 as lead,
           case when cardinality(s.viewed) > 0 then coalesce(d.revenue, 0) else 0 end as revenue,
           coalesce(t.timings, '[]'::jsonb) as timings
      from firsts f join steps s using (visit, flow_version)
      left join last_view l using (visit, flow_version) left join timings t using (visit, flow_version)
     cross join lateral (
       -- Its counted leads, and what those sold for: a lead its buyer returned earns nothing.
       select count(*) as leads,
              sum(d.sold_price) filter (where d.sold_price is not null and not exists (
                select 1 from lead_returns x where x.lead_id = d.id and x.buyer_id = d.delivered_to)) as revenue
         from leads d
        where d.funnel_visit = f.visit and d.flow_version = f.flow_version and d.held is distinct from 'honeypot'
     ) d
  ), old as (
    select v.* from touched t cross join lateral (
      select ctid as row_id, * from funnel_visits v where v.visit = t.visit and v.flow_version = t.flow_version offset 0
    ) v
  ), gone as (
    delete from funnel_visits where ctid = any(array(
      select row_id from old o
       where not exists (select 1 from fresh f where f.visit = o.visit and f.flow_version = o.flow_version)))
  ), kept as (
    insert into funnel_visits
      (visit, flow_version, day, utm_source, utm_campaign, device, language, viewed, advanced, exit_step, lead, revenue,
       timings)
    select visit, flow_version, day, utm_source, utm_campaign, device, language, viewed, advanced, exit_step, lead,
           revenue, timings
      from fresh
    on conflict (visit, flow_version) do update
       set day = excluded.day, utm_source = excluded.utm_source, utm_campaign = excluded.utm_campaign,
           device = excluded.device, language = excluded.language, viewed = excluded.viewed, advanced = excluded.advanced,
           exit_step = excluded.exit_step, lead = excluded.lead, revenue = excluded.revenue, timings = excluded.timings
  ), states as (
    select 1 as sign, fresh.* from fresh
    union all
    select -1, visit, flow_version, day, utm_source, utm_campaign, device, language, viewed, advanced, exit_step,
           lead, revenue, timings
      from old
  ), contributions as (
    select sign, day, flow_version, utm_source, utm_campaign, device, language, step,
           1 as views, 0 as advanced, 0 as exits, 0 as visitors, 0 as leads, null::bigint as ms,
           0::numeric as revenue, 0::numeric as revenue_squares, 0 as sold
      from states, unnest(viewed) as step
    union all
    select sign, day, flow_version, utm_source, utm_campaign, device, language, step, 0, 1, 0, 0, 0, null, 0, 0, 0
      from states, unnest(advanced) as step
    union all
    select sign, day, flow_version, utm_source, utm_campaign, device, language, exit_step, 0, 0, 1, 0, 0, null, 0, 0, 0
      from states where exit_step is not null and not lead
    union all
    select sign, day, flow_version, utm_source, utm_campaign, device, language, '', 0, 0, 0, 1, lead::int, null,
           revenue, revenue * revenue, (revenue > 0)::int
      from states where cardinality(viewed) > 0
    union all
    select sign, day, flow_version, utm_source, utm_campaign, device, language, t->>0, 0, 0, 0, 0, 0,
           (t->>1)::bigint, 0, 0, 0
      from states, jsonb_array_elements(timings) as t
  ), netted as (
    -- A visit's old and new contributions mostly cancel: net them per key before they are spread over the grains.
    select day, flow_version, utm_source, utm_campaign, device, language, step, ms,
           sum(sign * views) as views, sum(sign * advanced) as advanced, sum(sign * exits) as exits,
           sum(sign * visitors) as visitors, sum(sign * leads) as leads, sum(sign) as n,
           sum(sign * revenue) as revenue, sum(sign * revenue_squares) as revenue_squares, sum(sign * sold) as sold
      from contributions group by day, flow_version, utm_source, utm_campaign, device, language, step, ms
  ), grained as (
    select c.day, c.flow_version, c.language, c.step, c.views, c.advanced, c.exits, c.visitors, c.leads, c.ms, c.n,
           c.revenue, c.revenue_squares, c.sold, g.grain,
           case when g.grain in ('source', 'full') then c.utm_source else '' end as utm_source,
           case when g.grain in ('campaign', 'full') then c.utm_campaign else '' end as utm_campaign,
           case when g.grain in ('device', 'full') then c.device else '' end as device
      from netted c
     cross join (values ('all'), ('source'), ('campaign'), ('device'), ('full')) as g(grain)
     where c.views <> 0 or c.advanced <> 0 or c.exits <> 0 or c.visitors <> 0 or c.leads <> 0 or c.n <> 0
        or c.revenue <> 0 or c.revenue_squares <> 0 or c.sold <> 0
  ), by_bucket as (
    select flow_version, grain, day, step, utm_source, utm_campaign, device, language, ms,
           sum(views) as views, sum(advanced) as advanced, sum(exits) as exits,
           sum(visitors) as visitors, sum(leads) as leads, sum(n) as n,
           sum(revenue) as revenue, sum(revenue_squares) as revenue_squares, sum(sold) as sold
      from grained group by flow_version, grain, day, step, utm_source, utm_campaign, device, language, ms
  ), summed as (
    select flow_version, grain, day, step, utm_source, utm_campaign, device, language,
           sum(views)::int as views, sum(advanced)::int as advanced, sum(exits)::int as exits,
           sum(visitors)::int as visitors, sum(leads)::int as leads,
           coalesce(jsonb_object_agg(ms::text, n) filter (where ms is not null and n <> 0), '{}'::jsonb) as times,
           sum(revenue) as revenue, sum(revenue_squares) as revenue_squares, sum(sold)::int as sold
      from by_bucket group by flow_version, grain, day, step, utm_source, utm_campaign, device, language
  )
  insert into funnel_rollups as r
    (flow_version, grain, day, step, utm_source, utm_campaign, device, language, views, advanced, exits, visitors,
     leads, times, revenue, revenue_squares, sold)
  select * from summed
   where views <> 0 or advanced <> 0 or exits <> 0 or visitors <> 0 or leads <> 0 or times <> '{}'::jsonb
      or revenue <> 0 or revenue_squares <> 0 or sold <> 0
   order by flow_version, grain, day, step, utm_source, utm_campaign, device, language
  on conflict (flow_version, grain, day, step, utm_source, utm_campaign, device, language) do update
     set views = r.views + excluded.views, advanced = r.advanced + excluded.advanced, exits = r.exits + excluded.exits,
         visitors = r.visitors + excluded.visitors, leads = r.leads + excluded.leads,
         times = funnel_add_times(r.times, excluded.times), revenue = r.revenue + excluded.revenue,
         revenue_squares = r.revenue_squares + excluded.revenue_squares, sold = r.sold + excluded.sold`;

const EVENT_COLUMNS =
  'e.id, e.visit, e.flow_version, e.step, e.type, e.client_at, e.received_at, e.device, e.utm_source, e.utm_campaign, ' +
  'e.language';
const NOT_A_BOT = 'not exists (select 1 from funnel_bot_visits b where b.visit = e.visit)';

// The visits named, under every version they already count in too (a visit marked as a bot leaves each), and only
// their events, each visit's looked up on its own through the index on (visit, client_at, id): `offset 0` keeps the
// version's test out of the lookup, where the planner would also read the version's whole index. Every table is read
// by key (lateral lookups that `offset 0` keeps from being planned as joins, and the old states deleted by their row
// ids): a plan that reads all of funnel_visits for each group grows slower with every visit.
const REFRESH = refreshSql({
  touched: `
    select visit, flow_version from json_to_recordset($1::json) as k(visit text, flow_version text)
    union
    select v.visit, v.flow_version from (select distinct visit from json_to_recordset($1::json) as k(visit text)) k
     cross join lateral (select visit, flow_version from funnel_visits v where v.visit = k.visit offset 0) v`,
  events: `
    select e.* from touched t cross join lateral (
      select ${EVENT_COLUMNS} from funnel_events e where e.visit = t.visit and ${NOT_A_BOT} offset 0
    ) e where e.flow_version = t.flow_version`,
});

// Every visit: the rollups emptied first, so there is nothing old to take out.
const REBUILD = refreshSql({
  touched: 'select distinct visit, flow_version from funnel_events',
  events: `select ${EVENT_COLUMNS} from funnel_events e where ${NOT_A_BOT}`,
});

// Two servers refreshing one visit at once (its events on one, its lead on another) take turns: the second reads
// what the first committed. Locked in one order (by the key), so no two transactions wait for each other. The two-key
// form with 'funn' (in ASCII) as the first keeps these locks apart from the one-key locks of other features.
const LOCK_VISITS = `
  select pg_advisory_xact_lock(${0x66756e6e}, key)
    from (select distinct hashtext(visit) as key from unnest($1::text[]) as visit) k order by key`;

/** Recomputes these visits' contributions to the rollups, in the caller's transaction. */
export async function refreshVisits(tx: Queryable, keys: readonly VisitKey[]): Promise<void> {
  if (keys.length === 0) return;
  await tx.query(LOCK_VISITS, [[...new Set(keys.map((key) => key.visit))]]);
  // The planner overestimates this statement (it cannot know how few events a visit has) and PostgreSQL would
  // compile it (JIT) on every group, for longer than it runs.
  await tx.query('set local jit = off');
  await tx.query(REFRESH, [JSON.stringify(keys)]);
}

/** Counts the leads just stored as their visits' conversions: intake's listener, in the leads' transaction. */
export function leadsOfVisitsStored(
  tx: Queryable,
  leads: readonly { visit: string; flowVersion: string }[],
): Promise<void> {
  return refreshVisits(
    tx,
    leads.map(({ visit, flowVersion }) => ({ visit, flow_version: flowVersion })),
  );
}

/** Recomputes the rollups from the raw events and stored leads: `npm run leads -- funnel-rebuild`. */
export function rebuildRollups(db: Database): Promise<{ visits: number }> {
  return db.transaction(async (tx) => {
    // Events and leads arriving meanwhile wait: the rebuild sees all of them or none.
    await tx.query('lock table funnel_visits, funnel_rollups in exclusive mode');
    await tx.query('delete from funnel_rollups');
    await tx.query('delete from funnel_visits');
    // The rebuild reads every lead's sale and return as they stand: the visits noted for a recount are in it.
    await tx.query('delete from funnel_revenue_changes');
    await tx.query(REBUILD);
    const { rows } = await tx.query<{ n: number }>('select count(*)::int as n from funnel_visits');
    return { visits: rows[0]?.n ?? 0 };
  });
}

/**
 * Whether the funnel has events from a visit that is not a bot while no visit is counted: a database from before the
 * rollups (migration 018), whose funnel reads empty until the rebuild has run. Stops at the first such event.
 */
export async function rollupsMissing(db: Queryable): Promise<boolean> {
  const { rows } = await db.query<{ missing: boolean }>(
    `select not exists (select 1 from funnel_visits)
        and exists (select 1 from funnel_events e where ${NOT_A_BOT}) as missing`,
  );
  return rows[0]?.missing === true;
}
