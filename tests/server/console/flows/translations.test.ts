/**
 * A draft in the other languages: the texts it adds or changes are listed per language (its base's keep their
 * translations, the same English words take the language's translation of them), translated through the API with
 * the refusals naming the text, seen as missing again when their English changes, and published with the version, which
 * is then served at the language's prefix; a language left incomplete leaves the version with no address in it.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  draftTranslationsPath,
  type DraftLanguage,
  type FlowDraft,
  type FlowVersionSummary,
} from '../../../../contracts/flow-studio.ts';
import { consoleApp } from '../../../support/console-app.ts';
import { consoleDatabaseForSuite } from '../../../support/console-database.ts';
import { DATABASES, tempDir, writeBuiltSite } from '../../../support/server-harness.ts';
import { freshName, newDraft, publish, saved, studioCall, studioUser } from './studio-fixture.ts';
import type { TestConsoleUser } from '../../../support/console-users.ts';
import type { FastifyInstance } from 'fastify';

const NEW_HEADING = 'How much would help your business?';
const SPANISH_HEADING = '¿Cuánto ayudaría a su negocio?';
/** v1's email step heading, translated in flows/languages/es.json. */
const EMAIL_HEADING = "What's your email address?";

const spanishOf = (draft: FlowDraft): DraftLanguage => draft.languages.find(({ language }) => language === 'es')!;

function translate(
  app: FastifyInstance,
  as: TestConsoleUser,
  draft: FlowDraft,
  texts: Record<string, string>,
  language = 'es',
) {
  return studioCall(app, {
    method: 'PUT',
    url: draftTranslationsPath(draft.id),
    as,
    body: { language, texts, revision: draft.revision },
  });
}

describe.each(DATABASES)('a flow studio draft in Spanish on $name', { timeout: 60_000 }, (kind) => {
  const suite = consoleDatabaseForSuite(kind);

  it('lists only the texts the draft adds or changes, and takes the same English words translated elsewhere', async () => {
    const app = await consoleApp(suite.db);
    const marketer = await studioUser(suite.db, 'marketer');
    const draft = await newDraft(app, marketer);
    expect(spanishOf(draft)).toEqual({ language: 'es', name: 'Español', missing: 0, texts: [] });

    const changed = await saved(app, marketer, draft, {
      extends: 'business-funding.json',
      steps: { amount: { heading: NEW_HEADING }, 'loan-purpose': { heading: EMAIL_HEADING } },
    });
    const spanish = spanishOf(changed);
    expect(spanish.missing).toBe(1);
    expect(spanish.texts).toEqual([
      { pointer: '/steps/amount/heading', source: NEW_HEADING, text: null },
      { pointer: '/steps/loan-purpose/heading', source: EMAIL_HEADING, text: '¿Cuál es su correo electrónico?' },
    ]);
  });

  it('takes translations, refusing a text the draft does not have, other placeholders, an unknown language, an old revision', async () => {
    const app = await consoleApp(suite.db);
    const marketer = await studioUser(suite.db, 'marketer');
    const draft = await saved(app, marketer, await newDraft(app, marketer), {
      steps: { amount: { heading: NEW_HEADING, subheading: 'Up to {product} limits' } },
    });

    const unknown = await translate(app, marketer, draft, { '/steps/start/heading': 'Hola' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json<{ fields: { field: string }[] }>().fields.map(({ field }) => field)).toEqual([
      'texts./steps/start/heading',
    ]);
    const placeholders = await translate(app, marketer, draft, { '/steps/amount/subheading': 'Hasta los límites' });
    expect(placeholders.statusCode).toBe(422);
    expect(placeholders.json<{ message: string }>().message).toContain('{product}');
    const french = await translate(app, marketer, draft, {}, 'fr');
    expect(french.statusCode).toBe(400);
    expect(french.json<{ fields: { field: string }[] }>().fields[0]!.field).toBe('language');

    const done = await translate(app, marketer, draft, {
      '/steps/amount/heading': SPANISH_HEADING,
      '/steps/amount/subheading': 'Hasta los límites de {product}',
    });
    expect(done.statusCode, done.body).toBe(200);
    const translated = done.json<FlowDraft>();
    expect(translated.revision).toBe(draft.revision + 1);
    expect(spanishOf(translated).missing).toBe(0);
    expect(spanishOf(translated).texts[0]).toEqual({
      pointer: '/steps/amount/heading',
      source: NEW_HEADING,
      text: SPANISH_HEADING,
    });
    // Made from the revision before: someone else saved meanwhile.
    expect((await translate(app, marketer, draft, {})).statusCode).toBe(409);

    // The English changed since: its translation no longer counts.
    const rewritten = await saved(app, marketer, translated, {
      steps: { amount: { heading: 'How much, roughly?', subheading: 'Up to {product} limits' } },
    });
    expect(spanishOf(rewritten).missing).toBe(1);
    expect(spanishOf(rewritten).texts[0]).toEqual({
      pointer: '/steps/amount/heading',
      source: 'How much, roughly?',
      text: null,
    });
  });

  it('lets only an admin translate the consent', async () => {
    const app = await consoleApp(suite.db);
    const admin = await studioUser(suite.db, 'admin');
    const marketer = await studioUser(suite.db, 'marketer');
    const draft = await newDraft(app, admin);
    const consent = (draft.overlay.consent ?? {}) as Record<string, unknown>;
    const base = await studioCall(app, { method: 'GET', url: '/api/admin/flows/versions/v1', as: admin });
    const v1Consent = base.json<{ flow: { consent: { text: string; version: string } } }>().flow.consent;
    const changed = await saved(app, admin, draft, {
      consent: { ...consent, ...v1Consent, text: `${v1Consent.text} Reply STOP to stop.` },
    });
    const texts = { '/consent/text': 'Texto en español. {product} {lenders}' };
    const refused = await translate(app, marketer, changed, texts);
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ fields: { field: string }[] }>().fields[0]!.field).toBe('texts./consent/text');
    expect((await translate(app, admin, changed, texts)).statusCode).toBe(200);
  });

  it('publishes the version in Spanish once every text is translated, and serves it at /es/<name>', async () => {
    const site = tempDir();
    writeBuiltSite(join(site.path, 'dist'));
    const app = await consoleApp(suite.db, { env: { STATIC_DIR: join(site.path, 'dist') } });
    const marketer = await studioUser(suite.db, 'marketer');
    try {
      const overlay = { steps: { amount: { heading: NEW_HEADING } } };
      const english = await saved(app, marketer, await newDraft(app, marketer), overlay);
      const englishOnly = freshName('english');
      const first = await publish(app, marketer, english, englishOnly);
      expect(first.json<FlowVersionSummary>().languages).toEqual(['English']);
      expect((await app.inject(`/es/${englishOnly}`)).statusCode).toBe(404);

      const draft = await saved(app, marketer, await newDraft(app, marketer), overlay);
      const translated = await translate(app, marketer, draft, { '/steps/amount/heading': SPANISH_HEADING });
      const name = freshName('fiesta');
      const response = await publish(app, marketer, translated.json<FlowDraft>(), name);
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json<FlowVersionSummary>().languages).toEqual(['English', 'Español']);

      const page = await app.inject(`/es/${name}/amount`);
      expect(page.statusCode).toBe(200);
      expect(page.body).toMatch(/<html[^>]* lang="es"/);
      expect(page.body).toContain(SPANISH_HEADING);
      // The base's own words come translated: v1's first step, as flows/languages/es.json has it.
      expect(page.body).toContain('¿Qué tipo de negocio tiene?');
      expect(page.body).toContain(`"basePath":"/es/${name}"`);
      const englishPage = await app.inject(`/${name}/amount`);
      expect(englishPage.body).toMatch(/<html[^>]* lang="en"/);
      expect(englishPage.body).toContain(NEW_HEADING);
      expect(englishPage.body).not.toContain(SPANISH_HEADING);
    } finally {
      site.remove();
    }
  });
});
