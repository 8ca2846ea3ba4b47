/**
 * docs/decisions/README.md lists every decision record with the title, status and date the record itself gives, and
 * every record's Status line is in the format that README describes.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const folder = join(import.meta.dirname, '..', '..', 'docs', 'decisions');

const DATE = String.raw`\d{4}-\d{2}-\d{2}`;
const REF = String.raw`\[\d{3}\]\(\d{3}-[a-z0-9-]+\.md\)`;
const WHAT = String.raw` \([^()]+\)`;
const CLAUSE = `; (?:supersedes ${REF}|supersedes part of ${REF}${WHAT}|superseded in part by ${REF}, ${DATE}${WHAT})`;
const ACCEPTED = new RegExp(`^Status: accepted, (${DATE})((?:${CLAUSE})*)\\.$`);
const SUPERSEDED = new RegExp(`^Status: superseded by (${REF}), (${DATE})\\.$`);
const LINK = /\[(\d{3})\]\(([^)]+)\)/g;

interface DecisionRecord {
  file: string;
  number: string;
  title: string;
  /** The Status paragraph as one line. */
  status: string;
}

interface IndexRow {
  number: string;
  /** The record the number links to; undefined for a record listed before its file exists. */
  file: string | undefined;
  title: string;
  status: string;
  date: string;
}

function readRecord(file: string): DecisionRecord {
  const [heading = '', blank, ...rest] = readFileSync(join(folder, file), 'utf8').split('\n');
  const title = /^# (\d{3})\. (.+)$/.exec(heading);
  const end = rest.indexOf('');
  return {
    file,
    number: title?.[1] ?? '',
    title: title?.[2] ?? '',
    status: blank === '' ? rest.slice(0, end === -1 ? undefined : end).join(' ') : '',
  };
}

/** What the index shows for a record: `accepted`, `superseded by NNN` or `accepted; superseded in part by NNN, ...`. */
function indexStatus(status: string): string {
  const superseded = SUPERSEDED.exec(status);
  if (superseded) return `superseded by ${withoutLinks(superseded[1] ?? '')}`;
  const partly = [...status.matchAll(/superseded in part by \[(\d{3})\]/g)].map((match) => match[1]);
  return partly.length === 0 ? 'accepted' : `accepted; superseded in part by ${partly.join(', ')}`;
}

function withoutLinks(text: string): string {
  return text.replace(LINK, '$1');
}

function readIndex(): IndexRow[] {
  const readme = readFileSync(join(folder, 'README.md'), 'utf8');
  const table = readme.slice(readme.indexOf('\n## Index\n'));
  return table
    .split('\n')
    .filter((line) => /^\| (\[\d{3}\]|\d{3} )/.test(line))
    .map((line) => {
      const [number = '', title = '', status = '', date = ''] = line.slice(2, -2).split(' | ');
      return {
        number: withoutLinks(number),
        file: /\]\(([^)]+)\)/.exec(number)?.[1],
        title,
        status: withoutLinks(status),
        date,
      };
    });
}

const files = readdirSync(folder).filter((file) => /^\d{3}-.+\.md$/.test(file));
const records = files.map(readRecord);
const index = readIndex();

describe('docs/decisions', () => {
  it('has records to check', () => {
    expect(records.length).toBeGreaterThan(30);
    expect(index.length).toBeGreaterThanOrEqual(records.length);
  });

  it.each(records)('$file opens with "# NNN. Title" and a Status line in the format', (record) => {
    expect(record.number, `${record.file}: its heading's number`).toBe(record.file.slice(0, 3));
    expect(ACCEPTED.test(record.status) || SUPERSEDED.test(record.status), `${record.file}: "${record.status}"`).toBe(
      true,
    );
    for (const [, number, target] of record.status.matchAll(LINK)) {
      expect(files, `${record.file} links to ${target}`).toContain(target);
      expect(target?.slice(0, 3), `${record.file}: the link to ${target} reads ${number}`).toBe(number);
    }
  });

  it.each(records)('$file is in the index with its title, status and date', (record) => {
    const row = index.find((candidate) => candidate.number === record.number);
    expect(row, `${record.file} is missing from docs/decisions/README.md`).toBeDefined();
    expect(row?.file, `${record.file}: the index's link`).toBe(record.file);
    expect(row?.title, `${record.file}: the index's title`).toBe(record.title);
    expect(row?.status, `${record.file}: the index's status`).toBe(indexStatus(record.status));
    expect(row?.date, `${record.file}: the index's date`).toBe(new RegExp(DATE).exec(record.status)?.[0]);
  });

  it('lists each number once and links only to records that exist', () => {
    const numbers = index.map((row) => row.number);
    expect(new Set(numbers).size, 'docs/decisions/README.md lists a number twice').toBe(numbers.length);
    for (const row of index.filter((candidate) => candidate.file !== undefined)) {
      expect(files, `docs/decisions/README.md links ${row.number} to ${row.file}`).toContain(row.file);
    }
  });
});
