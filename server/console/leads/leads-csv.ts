/**
 * The CSV export of a date range: streamed from keyset batches of the database (everyLead), so 100,000 leads never sit
 * in memory, each cell neutralised for spreadsheets.
 */
import { pipeline, Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { Queryable } from '../../platform/db/types.ts';
import { neutralised } from '../../platform/http/csv-cells.ts';
import { everyLead, type ListedLead } from './lead-list.ts';
import type { DateRange } from '../../platform/http/request-query.ts';

export const CSV_COLUMNS = [
  'id',
  'received_at',
  'flow_version',
  'status',
  'held_reason',
  'name',
  'email',
  'phone',
  'utm_source',
  'delivered_at',
  'delivered_to',
  'delivery_reason',
  'sold_price',
  'returned',
  'gpc',
  'language',
] as const;

function csvRecord(lead: ListedLead): string[] {
  const cells: Record<(typeof CSV_COLUMNS)[number], string> = {
    id: lead.id,
    received_at: lead.received_at.toISOString(),
    flow_version: lead.flow_version,
    status: lead.status,
    held_reason: lead.held_reason ?? '',
    name: lead.name,
    email: lead.email,
    phone: lead.phone,
    utm_source: lead.utm_source ?? '',
    delivered_at: lead.delivered_at?.toISOString() ?? '',
    delivered_to: lead.delivered_to ?? '',
    delivery_reason: lead.delivery_reason ?? '',
    // Dollars and cents as stored ("42.50"), which spreadsheets read as a number; empty: no stated price.
    sold_price: lead.sold_price ?? '',
    returned: String(lead.returned),
    gpc: String(lead.gpc),
    language: lead.language,
  };
  return CSV_COLUMNS.map((column) => neutralised(cells[column]));
}

/** The file's name: the range it holds. */
export function csvFileName(range: DateRange): string {
  return `leads_${range.from ?? 'start'}_to_${range.to ?? 'today'}.csv`;
}

/** The CSV of the range's leads, newest first, header first. */
export function leadsCsv(db: Queryable, range: DateRange): Readable {
  async function* records() {
    for await (const lead of everyLead(db, range)) yield csvRecord(lead);
  }
  const csv = stringify({ header: true, columns: [...CSV_COLUMNS] });
  // A failure on the way (the database gone) destroys `csv` with the error, which ends the answer cut short.
  pipeline(Readable.from(records()), csv, () => undefined);
  return csv;
}
