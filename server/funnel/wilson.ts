/** A proportion with its Wilson score interval: right near 0 and 1 and for small counts, where p ± z·se is not. */
import type { Proportion } from '../../contracts/funnel.ts';

/** The normal quantile of a two-sided 95 % interval. */
export const Z95 = 1.959964;

/** `successes` of `trials` with its interval; 0, 0 and 0 without any trial. */
export function wilsonInterval(successes: number, trials: number, z = Z95): Proportion {
  if (trials === 0) return { rate: 0, low: 0, high: 0 };
  const rate = successes / trials;
  const z2 = z * z;
  const denominator = 1 + z2 / trials;
  const centre = (rate + z2 / (2 * trials)) / denominator;
  const half = (z * Math.sqrt((rate * (1 - rate)) / trials + z2 / (4 * trials * trials))) / denominator;
  // Rounding may put a bound a hair outside [0, 1] at rate 0 or 1.
  return { rate, low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}
