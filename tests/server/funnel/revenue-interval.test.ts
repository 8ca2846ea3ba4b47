import { describe, expect, it } from 'vitest';
import { MIN_SALES_FOR_INTERVAL } from '../../../contracts/funnel.ts';
import { revenuePerVisitor } from '../../../server/funnel/revenue-interval.ts';

describe('revenuePerVisitor', () => {
  it('is the mean ± 1.96 standard errors of the per-visit revenue, as computed by hand', () => {
    // 200 visitors, 12 sales: 8 at $35.00 and 4 at $80.00. Σx = 600, Σx² = 8·1,225 + 4·6,400 = 35,400.
    // s² = (35,400 − 600²/200) / 199 = 168.844..., s/√n = 0.918815..., half-width 1.959964 · 0.918815 = 1.800844.
    const epv = revenuePerVisitor({ visitors: 200, revenue: '600.00', squares: '35400.0000', sold: 12 });
    expect(epv.mean).toBe(3);
    expect(epv.low).toBeCloseTo(1.199156, 5);
    expect(epv.high).toBeCloseTo(4.800844, 5);
  });

  it(`gives no interval below ${MIN_SALES_FOR_INTERVAL} sales, where the approximation claims too much`, () => {
    const sums = { visitors: 500, revenue: '450.00', squares: '40500.0000' };
    expect(revenuePerVisitor({ ...sums, sold: MIN_SALES_FOR_INTERVAL - 1 })).toEqual({
      mean: 0.9,
      low: null,
      high: null,
    });
    expect(revenuePerVisitor({ ...sums, sold: MIN_SALES_FOR_INTERVAL }).low).not.toBeNull();
  });

  it('cuts the interval at $0: no visit earns less than nothing', () => {
    // One sale far above the others: the symmetric interval would reach below 0.
    const epv = revenuePerVisitor({ visitors: 1000, revenue: '1009.00', squares: '1000009.0000', sold: 10 });
    expect(epv.low).toBe(0);
    expect(epv.high).toBeCloseTo(1.009 + 1.959964 * Math.sqrt((1000009 - 1009 ** 2 / 1000) / 999 / 1000), 9);
  });

  it('is $0 with no interval without a visitor', () => {
    expect(revenuePerVisitor({ visitors: 0, revenue: '0.00', squares: '0', sold: 0 })).toEqual({
      mean: 0,
      low: null,
      high: null,
    });
  });
});
