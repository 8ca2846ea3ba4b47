/**
 * How the funnel's money reads in the console (docs/decisions/141-revenue-per-visitor.md): US dollars with cents
 * (Intl.NumberFormat), revenue exact as the API sends it, revenue per visitor to the cent, and its 95 % interval, or
 * why there is none yet.
 */
import { MIN_SALES_FOR_INTERVAL, type RevenuePerVisitor } from '../contracts/funnel.ts';

const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Exact revenue as the API writes it ("1234.50"), formatted from that text so no float rounds it: "$1,234.50". */
export const revenueText = (amount: string) => dollars.format(amount as Intl.StringNumericLiteral);

/** Revenue per visitor in dollars and cents: "$16.71". */
export const perVisitorText = ({ mean }: Pick<RevenuePerVisitor, 'mean'>) => dollars.format(mean);

/** Its interval, "$8.30 to $26.70", or, below the sales an interval needs, that there is none yet. */
export function perVisitorIntervalText({ low, high }: RevenuePerVisitor): string {
  if (low === null || high === null) return `none yet, under ${MIN_SALES_FOR_INTERVAL} sales`;
  return `${dollars.format(low)} to ${dollars.format(high)}`;
}
