/**
 * How many leads the list's filters match, fast at any volume (docs/decisions/068-the-count-of-matches-at-volume.md):
 * counted exactly up to EXACT_COUNT_CAP, which reads at most that many rows, within COUNT_BUDGET_MS; past the cap, or
 * when reading them takes longer, the database planner's estimate for the same conditions, which reads none, rounded
 * to what an estimate can claim.
 */
import type { LeadCountResponse } from '../../../contracts/console.ts';
import type { Conditions } from '../../platform/http/request-query.ts';
import type { Database } from '../../platform/db/types.ts';
import { filterConditions, type LeadFilters } from './lead-filters.ts';

/** Up to here the count is exact; the rows it reads are as many as the first pages of the list would. */
export const EXACT_COUNT_CAP = 10_000;
/** How long the exact count may take before the estimate answers instead (PostgreSQL's statement_timeout). */
const COUNT_BUDGET_MS = 50;
/** PostgreSQL's query_canceled, which statement_timeout raises. */
const CANCELED = '57014';

/** Two significant digits: an estimate's last digits are noise (1,000,347 reads as 1,000,000). */
function rounded(estimate: number): number {
  if (estimate < 100) return Math.round(estimate);
  const unit = 10 ** (Math.floor(Math.log10(estimate)) - 1);
  return Math.round(estimate / unit) * unit;
}

interface PlanRow {
  'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }];
}

/** The matching leads up to one past the cap; undefined when counting them took longer than the budget. */
async function countUpToCap(db: Database, conditions: Conditions): Promise<number | undefined> {
  try {
    return await db.transaction(async (tx) => {
      await tx.query(`set local statement_timeout = ${COUNT_BUDGET_MS}`);
      const { rows } = await tx.query<{ leads: number }>(
        `select count(*)::int as leads from (select 1 from leads l ${conditions.where} limit ${EXACT_COUNT_CAP + 1}) upto`,
        conditions.params,
      );
      return rows[0]?.leads ?? 0;
    });
  } catch (error) {
    if ((error as { code?: unknown }).code === CANCELED) return undefined;
    throw error;
  }
}

export async function leadCount(db: Database, filters: LeadFilters): Promise<LeadCountResponse> {
  const conditions = filterConditions(filters);
  const counted = await countUpToCap(db, conditions);
  if (counted !== undefined && counted <= EXACT_COUNT_CAP) return { count: counted, exact: true };
  const plan = await db.query<PlanRow>(
    `explain (format json) select 1 from leads l ${conditions.where}`,
    conditions.params,
  );
  const estimate = rounded(plan.rows[0]?.['QUERY PLAN'][0].Plan['Plan Rows'] ?? 0);
  // Past the cap, more than the cap were counted, whatever the planner guessed.
  return { count: counted === undefined ? estimate : Math.max(estimate, EXACT_COUNT_CAP), exact: false };
}
