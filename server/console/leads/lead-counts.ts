/** Numbers for every role, marketers included: leads by status, flow version and utm_source. No lead, no person. */
import { LEAD_STATUSES, type CountsResponse } from '../../../contracts/console.ts';
import type { Queryable } from '../../platform/db/types.ts';
import { STATUS_SQL, UTM_SOURCE_SQL } from './lead-columns.ts';
import { rangeConditions } from './lead-filters.ts';
import type { DateRange } from '../../platform/http/request-query.ts';

/** The key of leads without a utm_source. */
export const NO_UTM_SOURCE = '(none)';

export async function leadCounts(db: Queryable, range: DateRange): Promise<CountsResponse> {
  const conditions = rangeConditions(range);
  const { rows } = await db.query<{ status: string; version: string; utm_source: string | null; leads: number }>(
    `select ${STATUS_SQL} as status, l.flow_version as version, ${UTM_SOURCE_SQL} as utm_source, count(*)::int as leads
       from leads l ${conditions.where}
      group by 1, 2, 3`,
    conditions.params,
  );
  const counts: CountsResponse = {
    total: 0,
    by_status: Object.fromEntries(LEAD_STATUSES.map((status) => [status, 0])),
    by_version: {},
    by_utm_source: {},
  };
  const add = (into: Record<string, number>, key: string, n: number) => void (into[key] = (into[key] ?? 0) + n);
  for (const row of rows) {
    counts.total += row.leads;
    add(counts.by_status, row.status, row.leads);
    add(counts.by_version, row.version, row.leads);
    add(counts.by_utm_source, row.utm_source ?? NO_UTM_SOURCE, row.leads);
  }
  return counts;
}
