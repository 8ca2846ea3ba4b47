/** The content calls in the language asked: the language file's texts put in, cut to the same allowlist. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app.ts';
import { CONTENT_DIR } from '../../../server/page/content/check.ts';
import { FLOWS_DIR } from '../../../server/platform/paths.ts';
import { openTestPglite, tempDir, testConfig, type TestDatabase } from '../../support/server-harness.ts';
import { spanishFlowsDir } from '../spanish-flows.ts';

const english = (name: string): Record<string, unknown> =>
  JSON.parse(readFileSync(join(CONTENT_DIR, name), 'utf8')) as Record<string, unknown>;

const SPANISH_TEMPLATE = '<p>¡Gracias, {first_name} {last_name}! Le llamaremos al {phone} en unos minutos.</p>';

describe('the content calls in a language', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  const site = tempDir();
  const flows = spanishFlowsDir({
    'server/page/content/home-popup.json': {
      '/model_content': '<h2>Financiación para su negocio</h2><script>alert(1)</script>',
      '/button_text': 'Empezar',
    },
    'server/page/content/thank-you.json': { '/business_hours_settings/template': SPANISH_TEMPLATE },
  });

  beforeAll(async () => {
    database = await openTestPglite();
    app = await buildApp({
      config: testConfig({ STATIC_DIR: site.path }),
      db: database.db,
      logger: false,
      flowsDir: flows.path,
    });
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await database?.cleanup();
    site.remove();
    flows.remove();
  });

  it('answers the popup in Spanish for ?language=es, its HTML cut to the allowlist as the English is', async () => {
    const response = await app.inject('/api/v1/content/home-popup?language=es');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      home_popup_model: english('home-popup.json').home_popup_model,
      model_content: '<h2>Financiación para su negocio</h2>',
      button_text: 'Empezar',
    });
  });

  it("answers the thank-you settings in Spanish, the hours as the English file's", async () => {
    const settings = (await app.inject('/api/v1/content/thank-you?language=es')).json();
    expect(settings.business_hours_settings.template).toBe(SPANISH_TEMPLATE);
    expect(settings.specify_business_hours).toEqual(english('thank-you.json').specify_business_hours);
  });

  it('answers in English without a language, and for ?language=en', async () => {
    const { button_text } = english('home-popup.json');
    expect((await app.inject('/api/v1/content/home-popup')).json().button_text).toBe(button_text);
    expect((await app.inject('/api/v1/content/home-popup?language=en')).json().button_text).toBe(button_text);
  });

  it.each([
    ['/api/v1/content/home-popup?language=fr'],
    ['/api/v1/content/thank-you?language=fr'],
    ['/api/v1/content/thank-you?language=es&language=en'],
    ['/api/v1/content/thank-you?language='],
  ])('refuses %s with 400 naming language and the languages it has', async (url) => {
    const response = await app.inject(url);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      message: 'The request has 1 invalid field: language',
      fields: [{ field: 'language', keyword: 'enum', message: 'Must be one of en, es' }],
    });
  });
});

describe('the content calls in Spanish, with the language file as shipped', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  const site = tempDir();

  beforeAll(async () => {
    database = await openTestPglite();
    app = await buildApp({ config: testConfig({ STATIC_DIR: site.path }), db: database.db, logger: false });
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await database?.cleanup();
    site.remove();
  });

  it("answers the popup's button in flows/languages/es.json's words", async () => {
    const spanish = JSON.parse(readFileSync(join(FLOWS_DIR, 'languages', 'es.json'), 'utf8')) as {
      texts: Record<string, Record<string, string>>;
    };
    const popup = (await app.inject('/api/v1/content/home-popup?language=es')).json();
    expect(popup.button_text).toBe(spanish.texts['server/page/content/home-popup.json']!['/button_text']);
  });
});
