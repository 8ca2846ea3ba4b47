/** The content calls, answered from the files marketers edit in server/content/, and what a broken file does. */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { CONTENT_DIR } from '../../server/paths.ts';
import { loadSiteContent, SiteContentError } from '../../server/site-content.ts';
import { openTestPglite, startTestApp, tempDir, testConfig, type TestApp } from './helpers.ts';

const fileJson = (name: string): unknown => JSON.parse(readFileSync(join(CONTENT_DIR, name), 'utf8'));

let server: TestApp;

beforeAll(async () => {
  server = await startTestApp();
}, 60_000);

afterAll(() => server.close());

describe('GET /api/v1/content/thank-you', () => {
  it('answers the settings in server/content/thank-you.json', async () => {
    const response = await server.app.inject('/api/v1/content/thank-you?ran=7');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual(fileJson('thank-you.json'));
  });

  it('ships hours 08:00 to 17:00 and a message for each case, naming the visitor and the phone', async () => {
    const settings = (await server.app.inject('/api/v1/content/thank-you')).json();
    expect(settings.specify_business_hours).toEqual({ start_time: '08:00', end_time: '17:00' });
    for (const { template } of [settings.business_hours_settings, settings.non_business_hours_settings]) {
      expect(template).toContain('{first_name} {last_name}');
      expect(template).toContain('{phone}');
    }
    expect(settings.non_business_hours_settings.template).toContain('next business day');
  });
});

describe('GET /api/v1/content/home-popup', () => {
  it('answers the popup in server/content/home-popup.json, switched off', async () => {
    const response = await server.app.inject('/api/v1/content/home-popup');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(fileJson('home-popup.json'));
    expect(response.json()).toMatchObject({ home_popup_model: false, button_text: expect.any(String) });
  });
});

describe('a broken content file stops the server', () => {
  const dir = tempDir('fundflow-content-');
  afterAll(() => dir.remove());

  function withFiles(thankYou: unknown, popup: unknown = fileJson('home-popup.json')): string {
    writeFileSync(join(dir.path, 'thank-you.json'), typeof thankYou === 'string' ? thankYou : JSON.stringify(thankYou));
    writeFileSync(join(dir.path, 'home-popup.json'), JSON.stringify(popup));
    return dir.path;
  }

  const thankYou = fileJson('thank-you.json') as Record<string, Record<string, string>>;

  it('names the file and the field that is wrong', () => {
    const broken = { ...thankYou, specify_business_hours: { start_time: '8am', end_time: '17:00' } };
    expect(() => loadSiteContent(withFiles(broken))).toThrow(
      new SiteContentError(
        'server/content/thank-you.json /specify_business_hours/start_time: ' +
          '"8am" is not allowed: HH:MM, Los Angeles time.',
      ),
    );
  });

  it('names a misspelt field, with the spelling it expects', () => {
    const { button_text: _dropped, ...popup } = fileJson('home-popup.json') as Record<string, unknown>;
    expect(() => loadSiteContent(withFiles(thankYou, { ...popup, buton_text: 'Go' }))).toThrow(
      new SiteContentError(
        'server/content/home-popup.json /buton_text: unknown key "buton_text" (did you mean "button_text"?)',
      ),
    );
  });

  it('names a file that is not JSON', () => {
    expect(() => loadSiteContent(withFiles('{ "specify_business_hours": '))).toThrow(
      /^server\/content\/thank-you\.json: .*JSON/,
    );
  });

  it('refuses to build the app', async () => {
    const database = await openTestPglite();
    try {
      const contentDir = withFiles({ ...thankYou, business_hours_settings: {} });
      await expect(
        buildApp({ config: testConfig(), db: database.db, logger: false, contentDir }),
      ).rejects.toThrow('server/content/thank-you.json /business_hours_settings: "template" is missing');
    } finally {
      await database.cleanup();
    }
  }, 60_000);
});
