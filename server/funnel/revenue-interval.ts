/**
 * Revenue per visitor with its 95 % interval, from the sums the rollups keep (docs/decisions/141-revenue-per-visitor.md):
 * the mean of the visits' revenue ± z · s / √n, s the sample standard deviation of the per-visit revenue (most of it
 * 0), from the visitors n, their revenue Σx and its squares Σx². A normal approximation, which sums can carry and a
 * bootstrap cannot; with few sales it claims more than it knows, so below MIN_SALES_FOR_INTERVAL sales there is none.
 */
import { MIN_SALES_FOR_INTERVAL, type RevenuePerVisitor } from '../../contracts/funnel.ts';
import { Z95 } from './wilson.ts';

export interface RevenueSums {
  visitors: number;
  /** Σx, exact dollars as the database sums them ("1234.50"). */
  revenue: string;
  /** Σx². */
  squares: string;
  /** Visitors whose revenue is above 0. */
  sold: number;
}

/** revenue / visitors and its interval (null with too few sales); 0 and no interval without any visitor. */
export function revenuePerVisitor({ visitors, revenue, squares, sold }: RevenueSums, z = Z95): RevenuePerVisitor {
  if (visitors === 0) return { mean: 0, low: null, high: null };
  const sum = Number(revenue);
  const mean = sum / visitors;
  if (sold < MIN_SALES_FOR_INTERVAL) return { mean, low: null, high: null };
  // Rounding can make a variance of (almost) equal values a hair below 0.
  const variance = Math.max(0, (Number(squares) - (sum * sum) / visitors) / (visitors - 1));
  const half = z * Math.sqrt(variance / visitors);
  // No visit earns less than nothing: the symmetric interval is cut at 0.
  return { mean, low: Math.max(0, mean - half), high: mean + half };
}
