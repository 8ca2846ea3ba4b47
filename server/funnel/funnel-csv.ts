/**
 * The funnel as CSV: one row per step, in the flow's order, with the step's numbers and the version's overall ones
 * (visitors, leads, conversion, revenue and revenue per visitor with their intervals) repeated on each row, so every row stands alone in a spreadsheet. Cells that a spreadsheet would read as a formula
 * get a leading quote, as in the leads export.
 */
import { stringify } from 'csv-stringify/sync';
import type { FunnelResponse } from '../../contracts/funnel.ts';
import { neutralised } from '../platform/http/csv-cells.ts';

export const FUNNEL_CSV_COLUMNS = [
  'version',
  'from',
  'to',
  'step',
  'views',
  'advanced',
  'exits',
  'drop_off',
  'median_seconds',
  'visitors',
  'leads',
  'conversion',
  'conversion_low',
  'conversion_high',
  'revenue',
  'sold',
  'revenue_per_visitor',
  'revenue_per_visitor_low',
  'revenue_per_visitor_high',
] as const;

/** A number, or an empty cell where there is none (an interval with too few sales). */
const cell = (value: number | null) => (value === null ? '' : String(value));

export function funnelCsv(funnel: FunnelResponse): string {
  const overall = {
    version: funnel.version,
    from: funnel.from ?? '',
    to: funnel.to ?? '',
    visitors: String(funnel.visitors),
    leads: String(funnel.leads),
    conversion: String(funnel.conversion.rate),
    conversion_low: String(funnel.conversion.low),
    conversion_high: String(funnel.conversion.high),
    // Dollars: the revenue exact ("1234.50"), per visitor as computed (a spreadsheet rounds it as it likes).
    revenue: funnel.revenue,
    sold: String(funnel.sold),
    revenue_per_visitor: String(funnel.revenue_per_visitor.mean),
    revenue_per_visitor_low: cell(funnel.revenue_per_visitor.low),
    revenue_per_visitor_high: cell(funnel.revenue_per_visitor.high),
  };
  const records = funnel.steps.map((step) => {
    const cells: Record<(typeof FUNNEL_CSV_COLUMNS)[number], string> = {
      ...overall,
      step: step.step,
      views: String(step.views),
      advanced: String(step.advanced),
      exits: String(step.exits),
      drop_off: String(step.drop_off),
      median_seconds: cell(step.median_seconds),
    };
    return FUNNEL_CSV_COLUMNS.map((column) => neutralised(cells[column]));
  });
  return stringify(records, { header: true, columns: [...FUNNEL_CSV_COLUMNS] });
}

/** The file's name: the version and the range it holds. */
export function funnelCsvFileName(funnel: FunnelResponse): string {
  return `funnel_${funnel.version}_${funnel.from ?? 'start'}_to_${funnel.to ?? 'today'}.csv`;
}
