/**
 * The rate limits counted in PostgreSQL, for every server on the database at once
 * (docs/decisions/090-limits-across-servers.md): one statement per request, an upsert per key and window that returns
 * the new count, so concurrent requests through any servers each see a count of their own and exactly the limit pass.
 * The visit is counted first and the address only when the visit may go on, in the same statement.
 *
 * A limit must not turn requests into errors: when the database fails to count, or takes longer than timeoutMs, the
 * request is counted in this process instead (processCounter), and so are all requests of the next LOCAL_MS, after
 * one warning; then the database is asked again.
 */
import { hash } from 'node:crypto';
import type { Queryable } from '../../db/types.ts';
import { processCounter, secondsLeft, type LimitCounter, type RouteLimits, type Wait } from './limit-counter.ts';

/**
 * How long a request waits for its count. A count takes a fraction of a millisecond when the database is well, and a
 * few milliseconds when the pool is busy: past a second the database is in trouble, not busy.
 */
const COUNT_TIMEOUT_MS = 1000;
/** How long requests are counted in this process after the database failed to count one. */
const LOCAL_MS = 10_000;
/** Ended windows are deleted by each server at most this often, once they ended this long ago. */
const SWEEP_MS = 60_000;

const COUNT_ONE = `
  insert into rate_limit_counts as counted (key, window_end, count) values ($1, $2, 1)
  on conflict (key, window_end) do update set count = counted.count + 1
  returning count`;

/** The visit counted, then the address only when the visit's count ($3 its limit) lets the request go on. */
const COUNT_VISIT_THEN_ADDRESS = `
  with visit as (
    insert into rate_limit_counts as counted (key, window_end, count) values ($1, $2, 1)
    on conflict (key, window_end) do update set count = counted.count + 1
    returning count
  ), address as (
    insert into rate_limit_counts as counted (key, window_end, count)
    select $4, $5, 1 from visit where visit.count <= $3
    on conflict (key, window_end) do update set count = counted.count + 1
    returning count
  )
  select visit.count as visit, (select count from address) as address from visit`;

const SWEEP = 'delete from rate_limit_counts where window_end < $1';

export interface DatabaseCountersOptions {
  db: Queryable;
  /** The clock of the windows. */
  now: () => number;
  /** Told when the limits fall back to this process; the message holds no key. */
  warn: (message: string) => void;
  /** Default COUNT_TIMEOUT_MS. */
  timeoutMs?: number;
}

/** Makes each route's counter; all of them share the database, its fallback and its sweep. */
export type CounterFactory = (route: string, limits: RouteLimits) => LimitCounter;

function windowEnd(at: number, windowMs: number): Date {
  return new Date((Math.floor(at / windowMs) + 1) * windowMs);
}

function withinTime<T>(work: Promise<T>, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

export function databaseCounters(options: DatabaseCountersOptions): CounterFactory {
  const { db, now, warn, timeoutMs = COUNT_TIMEOUT_MS } = options;
  /** Until when (performance.now()) requests are counted in this process. */
  let localUntil = 0;
  let nextSweep = 0;

  function fallBack(error: unknown): void {
    const at = performance.now();
    if (at < localUntil) return;
    localUntil = at + LOCAL_MS;
    warn(
      `rate limits counted by this server alone for ${LOCAL_MS / 1000} s: the database did not count a request ` +
        `(${(error as Error).message})`,
    );
  }

  function sweep(at: number): void {
    if (at < nextSweep) return;
    nextSweep = at + SWEEP_MS;
    // Nothing waits for it; a failure leaves rows that the next sweep deletes.
    db.query(SWEEP, [new Date(at - SWEEP_MS)]).catch(() => undefined);
  }

  return (route, limits) => {
    const { perSession, perIp, sessionWindowMs, ipWindowMs } = limits;
    const local = processCounter(limits, now);
    // Keys are hashed: the table holds no address or visit token, and every key is equally short.
    const keyOf = (limit: string, raw: string) => hash('sha256', `${route} ${limit} ${raw}`, 'base64url');

    async function countInDatabase(visit: string, address: string, at: number): Promise<Wait> {
      if (perSession !== 0 && perIp !== 0) {
        const { rows } = await db.query<{ visit: number; address: number | null }>(COUNT_VISIT_THEN_ADDRESS, [
          keyOf('visit', visit),
          windowEnd(at, sessionWindowMs),
          perSession,
          keyOf('address', address),
          windowEnd(at, ipWindowMs),
        ]);
        const counted = rows[0]!;
        if (counted.visit > perSession) return secondsLeft(at, sessionWindowMs);
        return counted.address! > perIp ? secondsLeft(at, ipWindowMs) : undefined;
      }
      const [limit, key, windowMs] =
        perSession !== 0
          ? [perSession, keyOf('visit', visit), sessionWindowMs]
          : [perIp, keyOf('address', address), ipWindowMs];
      const { rows } = await db.query<{ count: number }>(COUNT_ONE, [key, windowEnd(at, windowMs)]);
      return rows[0]!.count > limit ? secondsLeft(at, windowMs) : undefined;
    }

    return {
      count(visit, address) {
        if (performance.now() < localUntil) return local.count(visit, address);
        const at = now();
        sweep(at);
        return withinTime(countInDatabase(visit, address, at), timeoutMs).catch((error: unknown) => {
          fallBack(error);
          return local.count(visit, address);
        });
      },
    };
  };
}
