/**
 * One version's funnel from the stored events (docs/decisions/024-funnel-events.md), bots left out. Per step, in the
 * flow file's order: views (visits that saw it), advanced (visits that moved on from it), exits (visits whose last
 * viewed step it is, by the visitor's clock and then the order received, and that stored no lead), drop-off =
 * exits / views, and the median time from the step shown to the visitor moving on, going back or leaving it. Overall:
 * visitors (visits that saw a step), leads (visits that stored one) and the conversion with its 95 % Wilson interval.
 * Counts and step ids only: nothing of a person.
 */
import type { FunnelResponse, FunnelStep } from '../../contracts/funnel.ts';
import { Conditions, nextDay } from '../platform/http/request-query.ts';
import type { Queryable } from '../platform/db/types.ts';
import type { FunnelFilters } from './funnel-filters.ts';
import { wilsonInterval } from './wilson.ts';

interface StepRow {
  step: string;
  views: number;
  advanced: number;
  exits: number;
  median_seconds: number | null;
}

interface FunnelRow {
  visitors: number;
  leads: number;
  steps: StepRow[] | null;
}

function conditions(filters: FunnelFilters): Conditions {
  const where = new Conditions();
  where.add((p) => `e.flow_version = ${p(filters.version)}`);
  const { from, to, utmSource, utmCampaign, device } = filters;
  if (from !== undefined) where.add((p) => `e.received_at >= ${p(`${from}T00:00:00Z`)}::timestamptz`);
  if (to !== undefined) where.add((p) => `e.received_at < ${p(nextDay(to))}::timestamptz`);
  if (utmSource !== undefined) where.add((p) => `e.utm_source = ${p(utmSource)}`);
  if (utmCampaign !== undefined) where.add((p) => `e.utm_campaign = ${p(utmCampaign)}`);
  if (device !== undefined) where.add((p) => `e.device = ${p(device)}`);
  where.add(() => 'not exists (select 1 from funnel_bot_visits b where b.visit = e.visit)');
  return where;
}

// `timed` pairs each view with the visit's next view or end of a step (advance, back, leave): the view's time on the
// step is measured only when that next one ends the same step, so a reload (a view followed by a view) has none.
const funnelSql = (where: string) => `
  with ev as (
    select e.id, e.visit, e.step, e.type, e.client_at from funnel_events e ${where}
  ), led as (
    select distinct visit from ev where type = 'lead'
  ), last_view as (
    select distinct on (visit) visit, step from ev where type = 'view' order by visit, client_at desc, id desc
  ), exits as (
    select step, count(*)::int as exits from last_view v
     where not exists (select 1 from led where led.visit = v.visit) group by step
  ), timed as (
    select type, step, client_at,
           lead(type) over w as next_type, lead(step) over w as next_step, lead(client_at) over w as next_at
      from ev where type in ('view', 'advance', 'back', 'leave')
    window w as (partition by visit order by client_at, id)
  ), medians as (
    select step, percentile_cont(0.5) within group (order by (next_at - client_at) / 1000.0) as median_seconds
      from timed where type = 'view' and next_type in ('advance', 'back', 'leave') and next_step = step
     group by step
  ), steps as (
    select step,
           count(distinct visit) filter (where type = 'view')::int as views,
           count(distinct visit) filter (where type = 'advance')::int as advanced
      from ev group by step
  )
  select (select count(distinct visit) from ev where type = 'view')::int as visitors,
         (select count(*) from led)::int as leads,
         (select json_agg(json_build_object('step', s.step, 'views', s.views, 'advanced', s.advanced,
                                            'exits', coalesce(x.exits, 0), 'median_seconds', m.median_seconds))
            from steps s left join exits x using (step) left join medians m using (step)) as steps`;

/** The funnel of `filters.version`, its steps in `stepOrder` (the flow file's), every step listed. */
export async function funnel(
  db: Queryable,
  filters: FunnelFilters,
  stepOrder: readonly string[],
): Promise<FunnelResponse> {
  const where = conditions(filters);
  const { rows } = await db.query<FunnelRow>(funnelSql(where.where), where.params);
  const row = rows[0] ?? { visitors: 0, leads: 0, steps: null };
  const byStep = new Map((row.steps ?? []).map((step) => [step.step, step]));
  const steps = stepOrder.map((id): FunnelStep => {
    const found = byStep.get(id);
    const views = found?.views ?? 0;
    const exits = found?.exits ?? 0;
    return {
      step: id,
      views,
      advanced: found?.advanced ?? 0,
      exits,
      drop_off: views === 0 ? 0 : exits / views,
      median_seconds: found?.median_seconds ?? null,
    };
  });
  return {
    version: filters.version,
    from: filters.from ?? null,
    to: filters.to ?? null,
    visitors: row.visitors,
    leads: row.leads,
    conversion: wilsonInterval(row.leads, row.visitors),
    steps,
  };
}
