/** The content calls, answered from the files marketers edit in server/page/content/, and what a broken file does. */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app.ts';
import { checkServerContent, CONTENT_DIR } from '../../../server/page/content/check.ts';
import { loadSiteContent, sanitizeContentHtml, SiteContentError } from '../../../server/page/site-content.ts';
import { formatProblem } from '../../../engine/flow/checks.ts';
import { openTestPglite, startTestApp, tempDir, testConfig, type TestApp } from '../../support/server-harness.ts';

const fileJson = (name: string): Record<string, unknown> => JSON.parse(readFileSync(join(CONTENT_DIR, name), 'utf8'));
/** What the API answers from a file: all of it but the `$schema` key, which only editors read. */
const served = (name: string): Record<string, unknown> => {
  const { $schema: _editorsOnly, ...rest } = fileJson(name);
  return rest;
};
const noWarnings = (message: string) => expect.fail(`unexpected warning: ${message}`);

let server: TestApp;

beforeAll(async () => {
  server = await startTestApp();
}, 60_000);

afterAll(() => server.close());

describe('GET /api/v1/content/thank-you', () => {
  it('answers the settings in server/page/content/thank-you.json', async () => {
    const response = await server.app.inject('/api/v1/content/thank-you?ran=7');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual(served('thank-you.json'));
  });

  it("leaves out the file's $schema key, which is for editors", async () => {
    expect(fileJson('thank-you.json').$schema).toBe('./schemas/thank-you.schema.json');
    expect(Object.keys((await server.app.inject('/api/v1/content/thank-you')).json())).toEqual([
      'specify_business_hours',
      'business_hours_settings',
      'non_business_hours_settings',
    ]);
  });

  it('ships hours 08:00 to 17:00 on weekdays and a message for each case, naming the visitor and the phone', async () => {
    const settings = (await server.app.inject('/api/v1/content/thank-you')).json();
    expect(settings.specify_business_hours).toEqual({
      start_time: '08:00',
      end_time: '17:00',
      business_days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'],
    });
    for (const { template } of [settings.business_hours_settings, settings.non_business_hours_settings]) {
      expect(template).toContain('{first_name} {last_name}');
      expect(template).toContain('{phone}');
    }
    expect(settings.non_business_hours_settings.template).toContain('next business day');
  });
});

describe('GET /api/v1/content/home-popup', () => {
  it('answers the popup in server/page/content/home-popup.json, switched off', async () => {
    const response = await server.app.inject('/api/v1/content/home-popup');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(served('home-popup.json'));
    expect(response.json()).toMatchObject({ home_popup_model: false, button_text: expect.any(String) });
  });

  it("leaves out the file's $schema key, which is for editors", async () => {
    expect(fileJson('home-popup.json').$schema).toBe('./schemas/home-popup.schema.json');
    expect(Object.keys((await server.app.inject('/api/v1/content/home-popup')).json())).toEqual([
      'home_popup_model',
      'model_content',
      'button_text',
    ]);
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

  const thankYou = fileJson('thank-you.json');

  it('names the file and the field that is wrong', () => {
    const broken = { ...thankYou, specify_business_hours: { start_time: '8am', end_time: '17:00' } };
    expect(() => loadSiteContent(withFiles(broken), noWarnings)).toThrow(
      new SiteContentError(
        'server/page/content/thank-you.json /specify_business_hours/start_time: ' +
          '"8am" is not allowed: When the working day starts: HH:MM on the 24-hour clock, in time_zone (Los ' +
          'Angeles time without it), e.g. "08:00".',
      ),
    );
  });

  it('lists every problem of both files, each as npm run flows:check shows it', () => {
    const broken = { ...thankYou, specify_business_hours: { start_time: '08:00', end_time: '05:00' } };
    const dir = withFiles(broken, { home_popup_model: 'yes', model_content: '<p>Hi</p>' });
    const lines = checkServerContent(dir, 'server/page/content').map(formatProblem);
    expect(lines).toEqual([
      'server/page/content/thank-you.json /specify_business_hours/end_time: "05:00" is before start_time "08:00": ' +
        'write when the working day ends on the 24-hour clock (5:00 pm is "17:00"), no earlier than start_time',
      'server/page/content/home-popup.json: "button_text" is missing: add it ' +
        '(The label of the button that closes the popup, e.g. "Get started".)',
      'server/page/content/home-popup.json /home_popup_model: expected true or false, found the text "yes": ' +
        'Whether the start screen opens the popup: true opens it once per page load, false never.',
    ]);
    expect(() => loadSiteContent(dir, noWarnings)).toThrow(new SiteContentError(lines.join('\n')));
  });

  it('names a misspelt field, with the spelling it expects', () => {
    const { button_text: _dropped, ...popup } = fileJson('home-popup.json');
    expect(() => loadSiteContent(withFiles(thankYou, { ...popup, buton_text: 'Go' }), noWarnings)).toThrow(
      new SiteContentError(
        'server/page/content/home-popup.json /buton_text: unknown key "buton_text" (did you mean "button_text"?)',
      ),
    );
  });

  it('names a file that is not JSON', () => {
    expect(() => loadSiteContent(withFiles('{ "specify_business_hours": '), noWarnings)).toThrow(
      /^server\/page\/content\/thank-you\.json: .*JSON/,
    );
  });

  it('refuses to build the app', async () => {
    const database = await openTestPglite();
    try {
      const contentDir = withFiles({ ...thankYou, business_hours_settings: {} });
      await expect(buildApp({ config: testConfig(), db: database.db, logger: false, contentDir })).rejects.toThrow(
        'server/page/content/thank-you.json /business_hours_settings: "template" is missing',
      );
    } finally {
      await database.cleanup();
    }
  }, 60_000);
});

describe("the popup's HTML", () => {
  const dir = tempDir('fundflow-popup-');
  afterAll(() => dir.remove());

  const ALLOWED =
    '<h2>Funding</h2><h3>For you</h3><h4>Today</h4><p>Fast, <strong>simple</strong>, <em>free</em>,<br />' +
    '<b>no</b> <i>strings</i> <u>attached</u>.</p><ul><li>One</li></ul><ol><li>Two</li></ol>' +
    '<p><a href="https://acme.example/terms" target="_blank" rel="noopener noreferrer">Terms</a>, ' +
    '<a href="http://acme.example/faq">FAQ</a>, <a href="/privacy">Privacy</a>, ' +
    '<a href="mailto:help@acme.example">mail</a>, <a href="tel:+12125550123">call</a></p>' +
    '<img src="https://acme.example/badge.png" alt="Badge" width="120" height="40" />';

  const HOSTILE =
    '<h2 style="color:red" onclick="steal()">Funding</h2><script>steal()</script>' +
    '<p>Hi<img src="x" onerror="steal()" /></p><a href="javascript:steal()">Go</a>' +
    '<a href="JaVaScRiPt:steal()">Go</a><iframe src="https://evil.example/"></iframe>' +
    '<a href="https://acme.example/" target="_top" rel="opener">Out</a><img src="http://acme.example/x.png" />' +
    '<style>p { display: none }</style><h1>Big</h1>';

  /** A content folder whose popup has this HTML; returns the folder. */
  function withPopup(modelContent: string): string {
    const popup = { home_popup_model: true, model_content: modelContent, button_text: 'Close' };
    writeFileSync(join(dir.path, 'thank-you.json'), JSON.stringify(fileJson('thank-you.json')));
    writeFileSync(join(dir.path, 'home-popup.json'), JSON.stringify(popup));
    return dir.path;
  }

  it('is served without scripts, handlers, styles, frames or script links, and the operator is warned', async () => {
    const contentDir = withPopup(HOSTILE);
    const lines: string[] = [];
    const database = await openTestPglite();
    const site = tempDir();
    const app = await buildApp({
      config: testConfig({ STATIC_DIR: site.path }),
      db: database.db,
      logger: { level: 'warn', stream: { write: (line: string) => void lines.push(line) } },
      contentDir,
    });
    try {
      const served = (await app.inject('/api/v1/content/home-popup')).json().model_content as string;
      expect(served).toBe(
        '<h2>Funding</h2><p>Hi<img src="x" /></p><a>Go</a><a>Go</a><a href="https://acme.example/">Out</a>Big',
      );
      for (const gone of ['script', 'onerror', 'onclick', 'javascript', 'style', 'iframe', 'steal', 'http:']) {
        expect(served.toLowerCase()).not.toContain(gone);
      }
      const entries = lines.map((line) => JSON.parse(line) as { msg: string });
      const popupWarnings = entries.filter((entry) => entry.msg.includes('home-popup.json'));
      expect(popupWarnings).toHaveLength(1);
      expect(popupWarnings[0]?.msg).toBe(
        'server/page/content/home-popup.json /model_content: markup the page does not allow was removed ' +
          '(the allowlist is in server/page/content/README.md); the popup shows the rest',
      );
      // The warning names the file, never what was in it.
      expect(lines.join('')).not.toMatch(/steal|evil\.example|<script/);
    } finally {
      await app.close();
      await database.cleanup();
      site.remove();
    }
  }, 60_000);

  it('cuts the thank-you templates to the same allowlist, keeping their placeholders', async () => {
    const contentDir = withPopup('<p>Hello</p>');
    const thankYou = fileJson('thank-you.json') as { business_hours_settings: { template: string } };
    thankYou.business_hours_settings.template =
      '<p onclick="steal()">Thanks, {first_name}!<script>steal()</script></p>';
    writeFileSync(join(contentDir, 'thank-you.json'), JSON.stringify(thankYou));
    const warnings: string[] = [];
    const content = loadSiteContent(contentDir, (message) => warnings.push(message));
    expect(content.thankYou.business_hours_settings.template).toBe('<p>Thanks, {first_name}!</p>');
    expect(warnings).toEqual([
      'server/page/content/thank-you.json /business_hours_settings/template: markup the page does not allow was removed ' +
        '(the allowlist is in server/page/content/README.md); the thank-you message shows the rest',
    ]);
  });

  it('passes allowed markup unchanged, without a warning', () => {
    const warnings: string[] = [];
    const content = loadSiteContent(withPopup(ALLOWED), (message) => warnings.push(message));
    expect(content.homePopup.model_content).toBe(ALLOWED);
    expect(warnings).toEqual([]);
  });

  it('gives a link that opens a new tab rel="noopener noreferrer", whatever rel it had', () => {
    const { html, changed } = sanitizeContentHtml('<a href="https://acme.example/" target="_blank" rel="opener">x</a>');
    expect(html).toBe('<a href="https://acme.example/" target="_blank" rel="noopener noreferrer">x</a>');
    expect(changed).toBe(true);
  });

  it('keeps no image without an https or same-site source', () => {
    for (const src of ['http://acme.example/a.png', 'data:image/png;base64,AAAA', '//evil.example/a.png']) {
      expect(sanitizeContentHtml(`<p>x<img src="${src}" alt="a" /></p>`).html, src).toBe('<p>x</p>');
    }
    expect(sanitizeContentHtml('<img src="/badge.png" alt="" />').html).toBe('<img src="/badge.png" alt="" />');
  });

  it('ships as written in server/page/content/home-popup.json', () => {
    const { model_content: shipped } = fileJson('home-popup.json') as { model_content: string };
    expect(sanitizeContentHtml(shipped)).toEqual({ html: shipped, changed: false });
  });
});
