/**
 * How the funnel's money reads in the console (docs/decisions/141-revenue-per-visitor.md), in US dollars as the
 * console writes them (format.ts formatUsd, which also writes the exact revenue): revenue per visitor to the cent,
 * and its 95 % interval, or why there is none yet.
 */
import { MIN_SALES_FOR_INTERVAL, type RevenuePerVisitor } from '../contracts/funnel.ts';
import { formatUsd } from './format.ts';

/** A rate in dollars, to the cent: "$16.71". */
const centsText = (dollars: number) => formatUsd(dollars.toFixed(2));

/** Revenue per visitor in dollars and cents: "$16.71". */
export const perVisitorText = ({ mean }: Pick<RevenuePerVisitor, 'mean'>) => centsText(mean);

/** Its interval, "$8.30 to $26.70", or, below the sales an interval needs, that there is none yet. */
export function perVisitorIntervalText({ low, high }: RevenuePerVisitor): string {
  if (low === null || high === null) return `none yet, under ${MIN_SALES_FOR_INTERVAL} sales`;
  return `${centsText(low)} to ${centsText(high)}`;
}
