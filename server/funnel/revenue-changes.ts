/**
 * A lead's sale and its return change its visit's revenue after the visit was counted, in routing's and the returns'
 * transactions, which know nothing of the funnel. Migration 026's triggers note the visit in funnel_revenue_changes
 * in those transactions; the funnel recounts the noted visits with each group of events it writes, and all of them
 * before it answers (docs/decisions/141-revenue-per-visitor.md). So a sale never waits for the funnel or fails with
 * it, and the funnel's revenue is the buyers' as of the moment it is read.
 */
import type { Database, Queryable } from '../platform/db/types.ts';
import { refreshVisits, type VisitKey } from './visit-rollups.ts';

/** Noted visits recounted in one transaction at most: each is a few index reads, like a visit of a group of events. */
export const REVENUE_CHANGES_PER_WRITE = 200;

// Oldest first; rows another server is taking are skipped, not waited for.
const TAKE = `
  delete from funnel_revenue_changes where id = any(array(
    select id from funnel_revenue_changes order by id limit $1 for update skip locked))
  returning visit, flow_version`;

/** Takes up to `limit` noted visits off the list, in the caller's transaction, which must recount them. */
export async function takeRevenueChanges(tx: Queryable, limit = REVENUE_CHANGES_PER_WRITE): Promise<VisitKey[]> {
  const { rows } = await tx.query<VisitKey>(TAKE, [limit]);
  return rows;
}

/** Recounts every visit noted until none is left: the funnel's readers call it before they read. */
export async function catchUpRevenue(db: Database): Promise<void> {
  for (;;) {
    const taken = await db.transaction(async (tx) => {
      const keys = await takeRevenueChanges(tx);
      await refreshVisits(tx, keys);
      return keys.length;
    });
    if (taken < REVENUE_CHANGES_PER_WRITE) return;
  }
}
