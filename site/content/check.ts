/**
 * Build-time checks of the landing-page content files (site/content/*.json), for the build and `npm run flows:check`
 * (tools only: this module reads the disk). Every problem names its file and a JSON pointer and says what to change:
 *
 *   site/content/testimonials.json /testimonials/2/author: "maria" is not allowed: The customer's first name and …
 */
import { statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { checkJsonFile, contentAjv, type Located } from '../../engine/content/json-file.ts';
import { lenderRepeats, type Lender } from '../../contracts/lenders.ts';
import type { Problem } from '../../engine/flow/checks.ts';
import { pointerTo } from '../../engine/flow/explain.ts';
import { ALL_CONTENT_FILES } from './schemas.ts';

export const CONTENT_DIR = import.meta.dirname;
const ROOT = join(CONTENT_DIR, '..', '..');

export type ContentKey = (typeof ALL_CONTENT_FILES)[number]['key'];

/** A content file that passed every check. */
export interface CheckedFile {
  key: ContentKey;
  json: Record<string, unknown>;
}

export interface SiteContentResult {
  problems: Problem[];
  /** The files without problems; all of them when `problems` is empty. */
  files: CheckedFile[];
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** Logos travel inside the page (tools/content-module.ts): each adds its size to every visit's first screen. */
export const LOGO_MAX_BYTES = 8_000;

/**
 * Problems the schema cannot see: logo images that are not there or too large to send inside the page, testimonial
 * dates no calendar has, a lender's id or name listed twice.
 */
function checkReferences(key: ContentKey, json: Record<string, unknown>, dir: string, shownDir: string): Located[] {
  const found: Located[] = [];
  if (Array.isArray(json.logos)) {
    (json.logos as { logo: string }[]).forEach(({ logo }, index) => {
      const pointer = pointerTo('/logos', index, 'logo');
      if (!isFile(join(dir, logo))) {
        found.push({
          pointer,
          message: `there is no image ${shownDir}/${logo}: add the image there, or correct the file name`,
        });
        return;
      }
      const size = statSync(join(dir, logo)).size;
      if (size <= LOGO_MAX_BYTES) return;
      found.push({
        pointer,
        message:
          `the image ${shownDir}/${logo} is ${size.toLocaleString('en-US')} bytes; logos are sent inside the page, so ` +
          `keep each under ${LOGO_MAX_BYTES.toLocaleString('en-US')} bytes (an SVG, or a PNG or WebP saved at the size shown, 168×40)`,
      });
    });
  }
  if (key === 'testimonials') {
    (json.testimonials as { date: string }[]).forEach(({ date }, index) => {
      if (isCalendarDate(date)) return;
      found.push({
        pointer: pointerTo('/testimonials', index, 'date'),
        message: `"${date}" is not a day of the calendar: write a real date as yyyy-mm-dd, e.g. 2025-03-14`,
      });
    });
  }
  if (key === 'lenders') found.push(...lenderRepeats(json.lenders as Lender[]));
  return found;
}

function isCalendarDate(date: string): boolean {
  const parsed = new Date(`${date}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === date;
}

/**
 * Reads and checks every content file of `dir` (default: site/content/). `shownDir` is the folder as messages show
 * it, by default its path from the project root.
 */
export function readSiteContent(dir: string = CONTENT_DIR, shownDir?: string): SiteContentResult {
  const shown = shownDir ?? (relative(ROOT, dir).split(sep).join('/') || '.');
  const ajv = contentAjv();
  const result: SiteContentResult = { problems: [], files: [] };
  for (const { name, key, schema } of ALL_CONTENT_FILES) {
    const file = `${shown}/${name}.json`;
    const checked = checkJsonFile(ajv, join(dir, `${name}.json`), schema);
    const found =
      checked.problems.length === 0
        ? checkReferences(key, checked.json as Record<string, unknown>, dir, shown)
        : checked.problems;
    if (found.length === 0) result.files.push({ key, json: checked.json as Record<string, unknown> });
    result.problems.push(...found.map((located) => ({ file, ...located })));
  }
  return result;
}

/** Every problem in the content files of `dir` (default: site/content/); none when they are all fine. */
export function checkSiteContent(dir: string = CONTENT_DIR, shownDir?: string): Problem[] {
  return readSiteContent(dir, shownDir).problems;
}
