/**
 * One version's funnel (docs/decisions/024-funnel-events.md), bots left out, read from the rollups kept as events and
 * leads arrive (docs/decisions/103-funnel-rollups.md): a few rows per day whatever the number of visits. Per step, in
 * the flow file's order: views (visits that saw it), advanced (visits that moved on from it), exits (visits whose
 * last viewed step it is, by the visitor's clock and then the order received, and that stored no lead), drop-off =
 * exits / views, and the median time from the step shown to the visitor moving on, going back or leaving it. Overall:
 * visitors (visits that saw a step), leads (those of them that stored a lead, docs/decisions/102-conversions-from-
 * stored-leads.md) and the conversion with its 95 % Wilson interval; revenue (what their leads sold for, returns
 * left out), the visitors it came from and revenue per visitor with its interval (docs/decisions/141-revenue-per-
 * visitor.md); the same per campaign. A visit counts on the day it began. Counts, sums and step ids only: nothing of
 * a person.
 */
import type { FunnelCampaign, FunnelResponse, FunnelStep } from '../../contracts/funnel.ts';
import { Conditions } from '../platform/http/request-query.ts';
import type { Queryable } from '../platform/db/types.ts';
import type { FunnelFilters } from './funnel-filters.ts';
import { revenuePerVisitor, type RevenueSums } from './revenue-interval.ts';
import { wilsonInterval } from './wilson.ts';

/** The visitors' sums (the step '' of the rollups): counts, and their revenue as exact text. */
interface VisitorSums extends RevenueSums {
  leads: number;
}

/** One step's sums ('' the version's visitors, leads and revenue), with the histograms of its timed views. */
interface RollupRow extends VisitorSums {
  step: string;
  views: number;
  advanced: number;
  exits: number;
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

/** The grain that holds the filters given and each campaign apart: 'campaign' alone, 'full' with another filter. */
function campaignGrainOf(filters: FunnelFilters): string {
  return filters.utmSource === undefined && filters.device === undefined ? 'campaign' : 'full';
}

function conditions(filters: FunnelFilters, grain: string): Conditions {
  const where = new Conditions();
  where.add((p) => `r.flow_version = ${p(filters.version)}`);
  where.add((p) => `r.grain = ${p(grain)}`);
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

// Revenue summed as numeric and written with its cents ("0.00" too), so no float ever holds a sum of money.
const VISITOR_SUMS = `sum(visitors)::int as visitors, sum(leads)::int as leads,
         coalesce(sum(revenue), 0)::numeric(16, 2)::text as revenue, coalesce(sum(revenue_squares), 0)::text as squares,
         sum(sold)::int as sold`;

const funnelSql = (where: string) => `
  select step, sum(views)::int as views, sum(advanced)::int as advanced, sum(exits)::int as exits, ${VISITOR_SUMS},
         jsonb_agg(times) filter (where times <> '{}'::jsonb) as times
    from funnel_rollups r ${where} group by step`;

const campaignsSql = (where: string) => `
  select utm_campaign, ${VISITOR_SUMS}
    from funnel_rollups r ${where} and r.step = '' group by utm_campaign
  having sum(visitors) > 0 order by sum(visitors) desc, utm_campaign`;

const NO_VISITORS: VisitorSums = { visitors: 0, leads: 0, revenue: '0.00', squares: '0', sold: 0 };

/** The visitors' numbers as the funnel gives them, for the version or one of its campaigns. */
function visitorFigures(sums: VisitorSums) {
  return {
    visitors: sums.visitors,
    leads: sums.leads,
    conversion: wilsonInterval(sums.leads, sums.visitors),
    revenue: sums.revenue,
    sold: sums.sold,
    revenue_per_visitor: revenuePerVisitor(sums),
  };
}

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
  const where = conditions(filters, grainOf(filters));
  const byCampaign = conditions(filters, campaignGrainOf(filters));
  const [{ rows }, campaigns] = await Promise.all([
    db.query<RollupRow>(funnelSql(where.where), where.params),
    db.query<VisitorSums & { utm_campaign: string }>(campaignsSql(byCampaign.where), byCampaign.params),
  ]);
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
  return {
    version: filters.version,
    from: filters.from ?? null,
    to: filters.to ?? null,
    ...visitorFigures(byStep.get('') ?? NO_VISITORS),
    campaigns: campaigns.rows.map(({ utm_campaign, ...sums }): FunnelCampaign => ({
      utm_campaign,
      ...visitorFigures(sums),
    })),
    steps,
  };
}
