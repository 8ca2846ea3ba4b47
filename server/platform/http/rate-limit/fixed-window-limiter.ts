/**
 * Request counters in fixed windows, in this process's memory: how many requests each key (a client address, a
 * visit) made in the current window, and whether one more may go on. Windows start at whole multiples of their length
 * (a 60 s window at every full minute), so every counter ends at once: a new window drops the old counts in one step
 * instead of keeping a timer or an expiry per key.
 */

/** Keys counted at once per limiter: about 100 bytes each, so a few megabytes at most, however many keys arrive. */
const MAX_KEYS = 20_000;

export interface FixedWindowLimiterOptions {
  /** Requests one key may make in a window. */
  limit: number;
  windowMs: number;
  now: () => number;
  maxKeys?: number;
}

export interface FixedWindowLimiter {
  /** Counts a request of `key`: undefined when it may go on, or the whole seconds (at least 1) until its window ends. */
  hit(key: string): number | undefined;
  /** How many keys are counted in the current window. */
  readonly size: number;
}

export function fixedWindowLimiter(options: FixedWindowLimiterOptions): FixedWindowLimiter {
  const { limit, windowMs, now, maxKeys = MAX_KEYS } = options;
  let window = Number.NaN;
  let counts = new Map<string, number>();
  return {
    hit(key) {
      const at = now();
      const current = Math.floor(at / windowMs);
      if (current !== window) {
        window = current;
        counts = new Map();
      }
      const count = counts.get(key) ?? 0;
      if (count >= limit) return Math.max(1, Math.ceil(((current + 1) * windowMs - at) / 1000));
      // A flood of new keys evicts the oldest counter (a Map keeps insertion order). Forgetting a count can only let
      // a request through that would have been refused, never refuse one that should pass.
      if (count === 0 && counts.size >= maxKeys) counts.delete(counts.keys().next().value as string);
      counts.set(key, count + 1);
      return undefined;
    },
    get size() {
      return counts.size;
    },
  };
}
