/**
 * How a route's two limits are counted: the visit first, then, only when the visit may go on, the address (decision
 * 041: one script hammering from an office must not spend the allowance of everyone else there). In this process's
 * memory here; database-counter.ts counts the same way in PostgreSQL, for every server on it.
 */
import { fixedWindowLimiter } from './fixed-window-limiter.ts';

/** A route's limits, each 0 when off, and the windows they count in. */
export interface RouteLimits {
  perSession: number;
  perIp: number;
  sessionWindowMs: number;
  ipWindowMs: number;
}

/** Whole seconds (at least 1) until the refusing limit's window ends, or undefined when the request may go on. */
export type Wait = number | undefined;

export interface LimitCounter {
  /** Counts one request of `visit` from `address`. Answers at once when it can, so most requests make no promise. */
  count(visit: string, address: string): Wait | Promise<Wait>;
}

/** The whole seconds from `at` to the end of its window. */
export function secondsLeft(at: number, windowMs: number): number {
  return Math.max(1, Math.ceil(((Math.floor(at / windowMs) + 1) * windowMs - at) / 1000));
}

/** Counts in this process: one server alone, or any server while the database does not answer. */
export function processCounter(limits: RouteLimits, now: () => number): LimitCounter {
  const { perSession, perIp, sessionWindowMs, ipWindowMs } = limits;
  const bySession =
    perSession === 0 ? undefined : fixedWindowLimiter({ limit: perSession, windowMs: sessionWindowMs, now });
  const byIp = perIp === 0 ? undefined : fixedWindowLimiter({ limit: perIp, windowMs: ipWindowMs, now });
  return {
    count: (visit, address) => bySession?.hit(visit) ?? byIp?.hit(address),
  };
}
