import { describe, expect, it } from 'vitest';
import { wilsonInterval, Z95 } from '../../../server/funnel/wilson.ts';

describe('wilsonInterval', () => {
  // Reference values: the Wilson score interval at z = 1.959964 (as R's prop.test without continuity correction).
  it.each([
    [0, 10, 0, 0, 0.277533],
    [10, 10, 1, 0.722467, 1],
    [1, 2, 0.5, 0.094531, 0.905469],
    [2, 12, 1 / 6, 0.046965, 0.448031],
    [50, 100, 0.5, 0.403832, 0.596168],
    [1, 1000, 0.001, 0.000177, 0.005643],
  ])('%i of %i: rate %f, interval %f to %f', (successes, trials, rate, low, high) => {
    const interval = wilsonInterval(successes, trials);
    expect(interval.rate).toBeCloseTo(rate, 12);
    expect(interval.low).toBeCloseTo(low, 6);
    expect(interval.high).toBeCloseTo(high, 6);
  });

  it('is 0, 0 and 0 with nobody to count', () => {
    expect(wilsonInterval(0, 0)).toEqual({ rate: 0, low: 0, high: 0 });
  });

  it('uses the two-sided 95 % quantile', () => {
    expect(Z95).toBe(1.959964);
  });
});
