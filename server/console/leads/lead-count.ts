/**
 * How many leads the list's filters match, fast at any volume (docs/decisions/068-the-count-of-matches-at-volume.md):
 * counted exactly up to EXACT_COUNT_CAP, which reads at most that many rows; past it, the database planner's estimate
 * for the same conditions, which reads none, rounded to what an estimate can claim.
 */
import type { LeadCountResponse } from '../../../contracts/console.ts';
import type { Queryable } from '../../platform/db/types.ts';
import { filterConditions, type LeadFilters } from './lead-filters.ts';

/** Up to here the count is exact; the rows it reads are as many as the first pages of the list would. */
export const EXACT_COUNT_CAP = 10_000;

/** Two significant digits: an estimate's last digits are noise (1,000,347 reads as 1,000,000). */
function rounded(estimate: number): number {
  if (estimate < 100) return Math.round(estimate);
  const unit = 10 ** (Math.floor(Math.log10(estimate)) - 1);
  return Math.round(estimate / unit) * unit;
}

interface PlanRow {
  'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }];
}

export async function leadCount(db: Queryable, filters: LeadFilters): Promise<LeadCountResponse> {
  const conditions = filterConditions(filters);
  const counted = await db.query<{ leads: number }>(
    `select count(*)::int as leads from (select 1 from leads l ${conditions.where} limit ${EXACT_COUNT_CAP + 1}) upto`,
    conditions.params,
  );
  const leads = counted.rows[0]?.leads ?? 0;
  if (leads <= EXACT_COUNT_CAP) return { count: leads, exact: true };
  const plan = await db.query<PlanRow>(
    `explain (format json) select 1 from leads l ${conditions.where}`,
    conditions.params,
  );
  const estimate = plan.rows[0]?.['QUERY PLAN'][0].Plan['Plan Rows'] ?? 0;
  // More than the cap were counted, whatever the planner guessed.
  return { count: Math.max(rounded(estimate), EXACT_COUNT_CAP), exact: false };
}
