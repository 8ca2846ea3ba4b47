/** Summary statistics for the bench: medians of runs, latency percentiles. */

/** Sorted copy, ascending, without NaN. */
function sorted(values: readonly number[]): number[] {
  return values.filter((value) => !Number.isNaN(value)).sort((a, b) => a - b);
}

/** The middle value; the mean of the middle two for an even count; undefined for no values. */
export function median(values: readonly number[]): number | undefined {
  const xs = sorted(values);
  if (xs.length === 0) return undefined;
  const mid = xs.length >> 1;
  return xs.length % 2 === 1 ? xs[mid] : (xs[mid - 1]! + xs[mid]!) / 2;
}

/**
 * The nearest-rank percentile: the smallest value with at least p% of the values at or below it (p in 0..100).
 * p99 of 100 latencies is the 99th smallest, of 1000 the 990th. Undefined for no values.
 */
export function percentile(values: readonly number[], p: number): number | undefined {
  if (!(p >= 0 && p <= 100)) throw new RangeError(`percentile must be from 0 to 100, got ${p}`);
  const xs = sorted(values);
  if (xs.length === 0) return undefined;
  const rank = Math.max(1, Math.ceil((p / 100) * xs.length));
  return xs[rank - 1];
}

export function max(values: readonly number[]): number | undefined {
  const xs = sorted(values);
  return xs.length === 0 ? undefined : xs[xs.length - 1];
}

export function min(values: readonly number[]): number | undefined {
  const xs = sorted(values);
  return xs.length === 0 ? undefined : xs[0];
}

/** value / base, or undefined when either is missing or the base is not positive. */
export function ratio(value: number | undefined, base: number | undefined): number | undefined {
  if (value === undefined || base === undefined || !(base > 0)) return undefined;
  return value / base;
}
