/**
 * The text format of server/intake/zip/us-zipcodes.tsv, written by tools/zip-table.ts: comment lines start with #,
 * every other line is `state<tab>city<tab>time zone<tab>ZIP ZIP ...` (a two-letter state, the zone as the tz database
 * names it, five digits per ZIP, one space between).
 */

/** The table's text as read, and where in it each ZIP's line starts. */
export interface ZipTable {
  text: string;
  /** By the ZIP as a number: 1 + the offset of its line in `text`, or 0 when no such ZIP exists. */
  lineOfZip: Uint32Array;
}

export class ZipTableError extends Error {
  constructor(line: number) {
    super(
      `us-zipcodes.tsv line ${line} is not "state<tab>city<tab>time zone<tab>ZIP codes": run node tools/zip-table.ts`,
    );
    this.name = 'ZipTableError';
  }
}

const TAB = 9;
const SPACE = 32;
const CARRIAGE_RETURN = 13;
const ZERO = 48;

/**
 * Checks every line and indexes its ZIP codes without creating a string or an object per line: placeOf cuts the city
 * and state out of the text when asked. Tens of thousands of small objects made at start would grow the heap for good.
 */
export function parseZipTable(text: string): ZipTable {
  const lineOfZip = new Uint32Array(100_000);
  let lineNumber = 0;
  for (let start = 0; start < text.length;) {
    lineNumber++;
    const newline = text.indexOf('\n', start);
    const end = newline === -1 ? text.length : newline;
    // A checkout with Windows line ends.
    const lineEnd = text.charCodeAt(end - 1) === CARRIAGE_RETURN ? end - 1 : end;
    if (lineEnd > start && !text.startsWith('#', start)) {
      const cityEnd = text.indexOf('\t', start + 3);
      const zoneEnd = cityEnd === -1 ? -1 : text.indexOf('\t', cityEnd + 2);
      if (text.charCodeAt(start + 2) !== TAB || zoneEnd === -1 || zoneEnd >= lineEnd || (lineEnd - zoneEnd) % 6 !== 0) {
        throw new ZipTableError(lineNumber);
      }
      for (let at = zoneEnd + 1; at < lineEnd; at += 6) {
        const zip = fiveDigits(text, at);
        if (zip === undefined) throw new ZipTableError(lineNumber);
        lineOfZip[zip] = start + 1;
      }
    }
    start = end + 1;
  }
  return { text, lineOfZip };
}

/** The five digits at `at`, after a tab or a space, as a number; undefined when they are not. */
function fiveDigits(text: string, at: number): number | undefined {
  const separator = text.charCodeAt(at - 1);
  if (separator !== TAB && separator !== SPACE) return undefined;
  let value = 0;
  for (let i = at; i < at + 5; i++) {
    const digit = text.charCodeAt(i) - ZERO;
    if (!(digit >= 0 && digit <= 9)) return undefined;
    value = value * 10 + digit;
  }
  return value;
}

export interface ZipPlace {
  city: string;
  state: string;
  /** The tz database's name of the ZIP's time zone, e.g. "America/Chicago". */
  timeZone: string;
}

/** The place of a ZIP given as a number from 0 to 99999, or undefined when the table does not have it. */
export function placeOf(table: ZipTable, zip: number): ZipPlace | undefined {
  const start = (table.lineOfZip[zip] ?? 0) - 1;
  if (start === -1) return undefined;
  const { text } = table;
  const cityEnd = text.indexOf('\t', start + 3);
  return {
    city: text.slice(start + 3, cityEnd),
    state: text.slice(start, start + 2),
    timeZone: text.slice(cityEnd + 1, text.indexOf('\t', cityEnd + 1)),
  };
}
