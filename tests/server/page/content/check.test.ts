/**
 * The checks of server/page/content/*.json that the server, the build and `npm run flows:check` share, and the schema files
 * editors check those files with.
 */
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { afterAll, describe, expect, it } from 'vitest';
import { homePopup, thankYouSettings } from '../../../../contracts/api.ts';
import { formatProblem } from '../../../../engine/flow/checks.ts';
import { compileFlows } from '../../../../tools/compile-flows.ts';
import { checkServerContent, CONTENT_DIR, readServerContent } from '../../../../server/page/content/check.ts';
import { serverContentSchemaFiles } from '../../../../tools/content-schema-files.ts';
import { tempDir } from '../../../support/server-harness.ts';

const shipped = (name: string): Record<string, unknown> =>
  JSON.parse(readFileSync(join(CONTENT_DIR, `${name}.json`), 'utf8'));

const dirs: { remove: () => void }[] = [];
afterAll(() => dirs.forEach((dir) => dir.remove()));

/** A content folder with these files (a string as written, anything else as JSON); a file not given is left out. */
function contentDir(files: { 'thank-you'?: unknown; 'home-popup'?: unknown }): string {
  const dir = tempDir('fundflow-server-content-');
  dirs.push(dir);
  for (const [name, content] of Object.entries(files)) {
    if (content === undefined) continue;
    const text = typeof content === 'string' ? content : JSON.stringify(content, null, 2);
    writeFileSync(join(dir.path, `${name}.json`), text);
  }
  return dir.path;
}

/** The shipped files with these changes to thank-you.json. */
function withThankYou(thankYou: Record<string, unknown>): string {
  return contentDir({ 'thank-you': { ...shipped('thank-you'), ...thankYou }, 'home-popup': shipped('home-popup') });
}

const problemsIn = (dir: string): string[] => checkServerContent(dir, 'server/page/content').map(formatProblem);

const hours = (start_time: string, end_time: string) => ({ specify_business_hours: { start_time, end_time } });

describe('the server content checks', () => {
  it('pass the files the site ships with, which point editors at their schema', () => {
    expect(checkServerContent()).toEqual([]);
    for (const name of ['thank-you', 'home-popup']) {
      expect(Object.keys(shipped(name))[0], name).toBe('$schema');
      expect(shipped(name).$schema, name).toBe(`./schemas/${name}.schema.json`);
    }
  });

  it('name a misspelt key and the spelling meant, once', () => {
    const { business_hours_settings: template, ...rest } = shipped('thank-you');
    const thankYou = { ...rest, business_hours_setings: template };
    const dir = contentDir({ 'thank-you': thankYou, 'home-popup': shipped('home-popup') });
    expect(problemsIn(dir)).toEqual([
      'server/page/content/thank-you.json /business_hours_setings: ' +
        'unknown key "business_hours_setings" (did you mean "business_hours_settings"?)',
    ]);
  });

  it('say what type a value must be and what the field is for', () => {
    const popup = { ...shipped('home-popup'), home_popup_model: 'yes' };
    const dir = contentDir({ 'thank-you': shipped('thank-you'), 'home-popup': popup });
    expect(problemsIn(dir)).toEqual([
      'server/page/content/home-popup.json /home_popup_model: expected true or false, found the text "yes": ' +
        'Whether the start screen opens the popup: true opens it once per page load, false never.',
    ]);
  });

  it('say how to write a time', () => {
    expect(problemsIn(withThankYou(hours('08:00', '5pm')))).toEqual([
      'server/page/content/thank-you.json /specify_business_hours/end_time: "5pm" is not allowed: ' +
        'When the working day ends (that minute still counts): HH:MM on the 24-hour clock, in time_zone (Los ' +
        'Angeles time without it), e.g. "17:00" for 5 pm; not before start_time.',
    ]);
  });

  it('name a misspelt working day, a badly written or impossible holiday and an unknown time zone, each at its place', () => {
    const calendar = {
      specify_business_hours: {
        start_time: '08:00',
        end_time: '17:00',
        time_zone: 'America/New_Yrok',
        business_days: ['monday', 'Tuesday', 'wensday'],
        holidays: ['2026-12-25', '12/31/2026', '2026-02-30'],
      },
    };
    const days = '"monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"';
    expect(problemsIn(withThankYou(calendar))).toEqual([
      `server/page/content/thank-you.json /specify_business_hours/business_days/1: "Tuesday" is not one of ${days} (did you mean "tuesday"?)`,
      `server/page/content/thank-you.json /specify_business_hours/business_days/2: "wensday" is not one of ${days} (did you mean "wednesday"?)`,
      'server/page/content/thank-you.json /specify_business_hours/holidays/1: "12/31/2026" is not allowed: ' +
        'A day off as YYYY-MM-DD, e.g. "2026-12-25" for Christmas Day 2026.',
      'server/page/content/thank-you.json /specify_business_hours/time_zone: "America/New_Yrok" is not a time zone: ' +
        'write it as the tz database names it, e.g. "America/New_York"',
      'server/page/content/thank-you.json /specify_business_hours/holidays/2: "2026-02-30" is not a day of the calendar: ' +
        'write a real date as YYYY-MM-DD, e.g. "2026-12-25"',
    ]);
  });

  it('take working days, holidays and a time zone written as the schema says', () => {
    const calendar = {
      specify_business_hours: {
        start_time: '09:00',
        end_time: '18:00',
        time_zone: 'America/New_York',
        business_days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'],
        holidays: ['2026-12-25', '2027-01-01'],
      },
    };
    expect(problemsIn(withThankYou(calendar))).toEqual([]);
  });

  it('name a missing key with what it is for', () => {
    const { button_text: _dropped, ...popup } = shipped('home-popup');
    expect(problemsIn(contentDir({ 'thank-you': shipped('thank-you'), 'home-popup': popup }))).toEqual([
      'server/page/content/home-popup.json: "button_text" is missing: add it ' +
        '(The label of the button that closes the popup, e.g. "Get started".)',
    ]);
  });

  it('report a missing file', () => {
    expect(problemsIn(contentDir({ 'thank-you': shipped('thank-you') }))).toEqual([
      'server/page/content/home-popup.json: the file is missing: ' +
        'restore it from version control, or write it as its schema in schemas/ says',
    ]);
  });

  it('report a file that is not JSON, and still check the other', () => {
    const dir = contentDir({
      'thank-you': '{\n  "specify_business_hours": {\n    "start_time": "08:00"\n    "end_time": "17:00"\n  }\n}\n',
      'home-popup': { ...shipped('home-popup'), button_text: 7 },
    });
    const problems = problemsIn(dir);
    expect(problems).toHaveLength(2);
    const fix = 'fix the spot it names, often a missing comma or quote';
    expect(problems[0]).toMatch(new RegExp(`^server/page/content/thank-you\\.json: not valid JSON \\(.+\\): ${fix}$`));
    expect(problems[1]).toMatch(
      /^server\/page\/content\/home-popup\.json \/button_text: expected text, found the number 7/,
    );
  });

  it('refuse a working day that ends before it starts, with the afternoon time meant', () => {
    expect(problemsIn(withThankYou(hours('08:00', '05:30')))).toEqual([
      'server/page/content/thank-you.json /specify_business_hours/end_time: "05:30" is before start_time "08:00": ' +
        'write when the working day ends on the 24-hour clock (5:30 pm is "17:30"), no earlier than start_time',
    ]);
    expect(problemsIn(withThankYou(hours('18:00', '17:00')))).toEqual([
      'server/page/content/thank-you.json /specify_business_hours/end_time: "17:00" is before start_time "18:00": ' +
        'write when the working day ends on the 24-hour clock, no earlier than start_time',
    ]);
    expect(problemsIn(withThankYou(hours('09:00', '09:00')))).toEqual([]);
  });

  it('report the hours together with the rest of the file', () => {
    const problems = problemsIn(withThankYou({ ...hours('08:00', '05:00'), non_business_hours_settings: {} }));
    expect(problems).toHaveLength(2);
    expect(problems).toContain(
      'server/page/content/thank-you.json /specify_business_hours/end_time: "05:00" is before start_time "08:00": ' +
        'write when the working day ends on the 24-hour clock (5:00 pm is "17:00"), no earlier than start_time',
    );
  });

  it('tell an editor to leave a changed $schema key as it was', () => {
    expect(problemsIn(withThankYou({ $schema: './thank-you.schema.json' }))).toEqual([
      'server/page/content/thank-you.json /$schema: expected "./schemas/thank-you.schema.json", found the text ' +
        '"./thank-you.schema.json": Lets editors check this file while it is typed; leave it as it is.',
    ]);
  });

  it('hand the server the content without the $schema key', () => {
    const { content } = readServerContent();
    expect(content?.thankYou).not.toHaveProperty('$schema');
    expect(content?.homePopup).not.toHaveProperty('$schema');
    expect(content?.thankYou.specify_business_hours).toEqual({
      start_time: '08:00',
      end_time: '17:00',
      business_days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'],
    });
  });

  it('stop the build, which writes nothing', () => {
    const out = join(contentDir({}), 'out');
    const problems = compileFlows({ outDir: out, serverContentDir: withThankYou(hours('08:00', '05:00')) });
    // The folder shows as its path from the project root; server/page/content/ itself as server/content.
    const hoursProblem = /\/thank-you\.json \/specify_business_hours\/end_time: "05:00" is before start_time "08:00"/;
    expect(problems).toContainEqual(expect.stringMatching(hoursProblem));
    expect(existsSync(out)).toBe(false);
  });
});

describe('the server content schema files editors use', () => {
  const files = serverContentSchemaFiles();
  const parsed = (name: string) => JSON.parse(files.find((file) => file.name === name)?.text ?? 'null');

  it('are current with server/page/content/schemas.ts (npm run flows:schema rewrites them)', () => {
    expect(files.map((file) => file.name)).toEqual(['thank-you.schema.json', 'home-popup.schema.json']);
    const written = readdirSync(join(CONTENT_DIR, 'schemas')).sort();
    expect(written).toEqual(['home-popup.schema.json', 'thank-you.schema.json']);
    for (const { name, text } of files) {
      expect(readFileSync(join(CONTENT_DIR, 'schemas', name), 'utf8'), name).toBe(text);
    }
  });

  it("are the API's answers with the $schema key added", () => {
    for (const [name, api] of [
      ['thank-you.schema.json', thankYouSettings],
      ['home-popup.schema.json', homePopup],
    ] as const) {
      const { $schema: dialect, $comment, title, description, properties, ...rest } = parsed(name);
      const { $schema: key, ...fields } = properties;
      expect(dialect).toBe('http://json-schema.org/draft-07/schema#');
      expect($comment).toMatch(/^Generated by npm run flows:schema/);
      expect([typeof title, typeof description]).toEqual(['string', 'string']);
      expect(key.const).toBe(`./schemas/${name}`);
      expect({ ...rest, properties: fields }).toEqual(JSON.parse(JSON.stringify(api)));
    }
  });

  it('accept the shipped files and refuse what the checks refuse, as an editor would', () => {
    const ajv = new Ajv({ strict: false });
    const thankYou = ajv.compile(parsed('thank-you.schema.json'));
    const popup = ajv.compile(parsed('home-popup.schema.json'));
    expect(thankYou(shipped('thank-you'))).toBe(true);
    expect(popup(shipped('home-popup'))).toBe(true);
    expect(popup({ ...shipped('home-popup'), buton_text: 'Go' })).toBe(false);
    expect(thankYou({ ...shipped('thank-you'), ...hours('8am', '17:00') })).toBe(false);
  });
});
