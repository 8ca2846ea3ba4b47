/**
 * One version's funnel (docs/decisions/024-funnel-events.md), bots left out, read from the rollups kept as events and
 * leads arrive (docs/decisions/103-funnel-rollups.md): a few rows per day whatever the number of visits. Per step, in
 * the flow file's order: views (visits that saw it), advanced (visits that moved on from it), exits (visits whose
 * last viewed step it is, by the visitor's clock and then the order received, and that stored no lead), drop-off =
 * exits / views, and the median time from the step shown to the visitor moving on, going back or leaving it. Overall:
 * visitors (visits that saw a step), leads (those of them that stored a lead, docs/decisions/102-conversions-from-
 * stored-leads.md) and the conversion with its 95 % Wilson interval. A visit counts on the day it began.
 * Counts and step ids only: nothing of a person.
 */
import type { FunnelResponse, FunnelStep } from '../../contracts/funnel.ts';
import { Conditions } from '../platform/http/request-query.ts';
import type { Queryable } from '../platform/db/types.ts';
import type { FunnelFilters } from './funnel-filters.ts';
import { wilsonInterval } from './wilson.ts';

/** One step's sums ('' the version's visitors and leads), with the histograms of its timed views. */
interface RollupRow {
  step: string;
  views: number;
  advanced: number;
  exits: number;
  visitors: number;
  leads: number;
  times: Record<string, number>[] | null;
}

/** The rollups' grain that holds exactly the filters given: one column at its own grain, two or three at 'full'. */
function grainOf({ utmSource, utmCampaign, device }: FunnelFilters): string {
  const given = [
    ['source', utmSource],
    ['campaign', utmCampaign],
    ['device', device],
  ].filter(([, value]) => value !== undefined);
  if (given.length === 0) return 'all';
  return given.length === 1 ? given[0]![0]! : 'full';
}

function conditions(filters: FunnelFilters): Conditions {
  const where = new Conditions();
  where.add((p) => `r.flow_version = ${p(filters.version)}`);
  where.add((p) => `r.grain = ${p(grainOf(filters))}`);
  const { from, to, utmSource, utmCampaign, device } = filters;
  if (from !== undefined) where.add((p) => `r.day >= ${p(from)}::date`);
  if (to !== undefined) where.add((p) => `r.day <= ${p(to)}::date`);
  if (utmSource !== undefined) where.add((p) => `r.utm_source = ${p(utmSource)}`);
  if (utmCampaign !== undefined) where.add((p) => `r.utm_campaign = ${p(utmCampaign)}`);
  if (device !== undefined) where.add((p) => `r.device = ${p(device)}`);
  // Every grain is kept per language: without this condition the languages are summed.
  if (filters.language !== undefined) where.add((p) => `r.language = ${p(filters.language)}`);
  return where;
}

const funnelSql = (where: string) => `
  select step, sum(views)::int as views, sum(advanced)::int as advanced, sum(exits)::int as exits,
         sum(visitors)::int as visitors, sum(leads)::int as leads,
         jsonb_agg(times) filter (where times <> '{}'::jsonb) as times
    from funnel_rollups r ${where} group by step`;

/**
 * The median of the timed views, in seconds, from their histograms (milliseconds to two significant figures): as
 * percentile_cont(0.5) over those values, the middle one or the mean of the middle two; null without any.
 */
export function medianSeconds(histograms: readonly Record<string, number>[]): number | null {
  const counts = new Map<number, number>();
  for (const histogram of histograms) {
    for (const [ms, n] of Object.entries(histogram)) counts.set(Number(ms), (counts.get(Number(ms)) ?? 0) + n);
  }
  const buckets = [...counts].filter(([, n]) => n > 0).sort(([a], [b]) => a - b);
  const total = buckets.reduce((sum, [, n]) => sum + n, 0);
  if (total === 0) return null;
  const at = (rank: number): number => {
    let seen = 0;
    for (const [ms, n] of buckets) {
      seen += n;
      if (seen >= rank) return ms;
    }
    return buckets.at(-1)![0];
  };
  const middle = total % 2 === 1 ? at((total + 1) / 2) : (at(total / 2) + at(total / 2 + 1)) / 2;
  return middle / 1000;
}

/** The funnel of `filters.version`, its steps in `stepOrder` (the flow file's), every step listed. */
export async function funnel(
  db: Queryable,
  filters: FunnelFilters,
  stepOrder: readonly string[],
): Promise<FunnelResponse> {
  const where = conditions(filters);
  const { rows } = await db.query<RollupRow>(funnelSql(where.where), where.params);
  const byStep = new Map(rows.map((row) => [row.step, row]));
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
      median_seconds: medianSeconds(found?.times ?? []),
    };
  });
  const visitors = byStep.get('')?.visitors ?? 0;
  const leads = byStep.get('')?.leads ?? 0;
  return {
    version: filters.version,
    from: filters.from ?? null,
    to: filters.to ?? null,
    visitors,
    leads,
    conversion: wilsonInterval(leads, visitors),
    steps,
  };
}
