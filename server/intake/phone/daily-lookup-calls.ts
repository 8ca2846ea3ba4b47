/**
 * The count of paid phone lookups per UTC day, in the database: several servers on one database share one daily cap,
 * and a server restarted (or crashing in a loop) cannot spend the day's allowance again.
 */
import type { Queryable } from '../../platform/db/types.ts';

export interface DailyLookupCalls {
  /** Counts one call on `day` (YYYY-MM-DD, UTC) when fewer than `cap` were made that day; false when none is left. */
  take(day: string, cap: number): Promise<boolean>;
}

export function databaseLookupCalls(db: Queryable): DailyLookupCalls {
  return {
    async take(day, cap) {
      // One statement: concurrent servers cannot both take the last call.
      const { rowCount } = await db.query(
        `insert into phone_lookup_calls as counted (day, calls) values ($1, 1)
         on conflict (day) do update set calls = counted.calls + 1 where counted.calls < $2
         returning calls`,
        [day, cap],
      );
      return rowCount === 1;
    },
  };
}
