/**
 * The checks of the files in server/page/content/, for the server at start (server/page/site-content.ts), the build and
 * `npm run flows:check`, so all three say the same. Every problem names its file and a JSON pointer and says what to
 * change:
 *
 *   server/page/content/thank-you.json /specify_business_hours/start_time: "8am" is not allowed: When the working day …
 */
import { join, relative, sep } from 'node:path';
import type { Problem } from '../../../engine/flow/checks.ts';
import { thankYouSettings, type HomePopup, type ThankYouSettings } from '../../../contracts/api.ts';
import { checkJsonFile, contentAjv, type Located } from '../../../engine/content/json-file.ts';
import { PROJECT_ROOT } from '../../platform/paths.ts';
import { SERVER_CONTENT_FILES } from './schemas.ts';

/** The content the API answers with, as the files give it (without their `$schema` key). */
export interface ServerContent {
  thankYou: ThankYouSettings;
  homePopup: HomePopup;
}

export interface ServerContentResult {
  problems: Problem[];
  /** The content, when no file has a problem. */
  content?: ServerContent;
}

/**
 * The files marketers edit for the content calls, found from the project root (server/platform/paths.ts), so the
 * compiled server, which runs from dist/.server/, reads them where the project keeps them.
 */
export const CONTENT_DIR = join(PROJECT_ROOT, 'server', 'page', 'content');

/** HH:MM, as the schema has it. */
const CLOCK = new RegExp(thankYouSettings.properties.specify_business_hours.properties.start_time.pattern);
const minutesOf = (clock: string): number => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

/**
 * What the schema cannot see: a working day that ends before it starts. Checked whenever both times are well written,
 * even when the rest of the file has problems, so every problem shows at once.
 */
function checkHours(json: unknown): Located[] {
  const hours = (json as { specify_business_hours?: { start_time?: unknown; end_time?: unknown } } | null)
    ?.specify_business_hours;
  const start = hours?.start_time;
  const end = hours?.end_time;
  if (typeof start !== 'string' || typeof end !== 'string' || !CLOCK.test(start) || !CLOCK.test(end)) return [];
  if (minutesOf(end) >= minutesOf(start)) return [];
  const hour = Number(end.slice(0, 2));
  // "05:00" after "08:00" is most often 5 pm written on a 12-hour clock.
  const afternoon = hour >= 1 && hour <= 11 ? ` (${hour}${end.slice(2)} pm is "${hour + 12}${end.slice(2)}")` : '';
  return [
    {
      pointer: '/specify_business_hours/end_time',
      message:
        `"${end}" is before start_time "${start}": write when the working day ends on the 24-hour clock${afternoon}, ` +
        'no earlier than start_time',
    },
  ];
}

/** YYYY-MM-DD, as the schema has it. */
const DATE = new RegExp(thankYouSettings.properties.specify_business_hours.properties.holidays.items.pattern);

/** Whether the tz database (as this Node.js has it) knows the zone. */
function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** Whether a well-written YYYY-MM-DD is a day of the calendar ("2026-02-30" is not). */
function isCalendarDate(date: string): boolean {
  return new Date(`${date}T00:00:00Z`).toISOString().startsWith(date);
}

/**
 * What the schema cannot see in the working days: a time zone the tz database does not know, and a holiday that is no
 * day of the calendar. Checked wherever the value is well written, as checkHours is.
 */
function checkCalendar(json: unknown): Located[] {
  const hours = (json as { specify_business_hours?: { time_zone?: unknown; holidays?: unknown } } | null)
    ?.specify_business_hours;
  const found: Located[] = [];
  const zone = hours?.time_zone;
  if (typeof zone === 'string' && !isTimeZone(zone)) {
    found.push({
      pointer: '/specify_business_hours/time_zone',
      message: `"${zone}" is not a time zone: write it as the tz database names it, e.g. "America/New_York"`,
    });
  }
  if (Array.isArray(hours?.holidays)) {
    hours.holidays.forEach((date: unknown, index) => {
      if (typeof date === 'string' && DATE.test(date) && !isCalendarDate(date)) {
        found.push({
          pointer: `/specify_business_hours/holidays/${index}`,
          message: `"${date}" is not a day of the calendar: write a real date as YYYY-MM-DD, e.g. "2026-12-25"`,
        });
      }
    });
  }
  return found;
}

/** Without the editors-only `$schema` key, which the API does not answer with. */
function withoutSchemaKey(json: unknown): Record<string, unknown> {
  const { $schema: _editorsOnly, ...rest } = json as Record<string, unknown>;
  return rest;
}

/**
 * Reads and checks both files of `dir` (default: server/page/content/), reporting every problem of both. `shownDir` is the
 * folder as messages show it, by default its path from the project root.
 */
export function readServerContent(dir: string = CONTENT_DIR, shownDir?: string): ServerContentResult {
  const shown = shownDir ?? (relative(PROJECT_ROOT, dir).split(sep).join('/') || '.');
  const ajv = contentAjv();
  const problems: Problem[] = [];
  const content: Partial<Record<keyof ServerContent, Record<string, unknown>>> = {};
  for (const { name, key, schema } of SERVER_CONTENT_FILES) {
    const checked = checkJsonFile(ajv, join(dir, `${name}.json`), schema);
    const found =
      key === 'thankYou'
        ? [...checked.problems, ...checkHours(checked.json), ...checkCalendar(checked.json)]
        : checked.problems;
    if (found.length === 0) content[key] = withoutSchemaKey(checked.json);
    problems.push(...found.map((located) => ({ file: `${shown}/${name}.json`, ...located })));
  }
  if (problems.length > 0) return { problems };
  const { thankYou, homePopup } = content as unknown as ServerContent;
  return { problems, content: { thankYou, homePopup } };
}

/** Every problem in the files of `dir` (default: server/page/content/); none when both are fine. */
export function checkServerContent(dir: string = CONTENT_DIR, shownDir?: string): Problem[] {
  return readServerContent(dir, shownDir).problems;
}
