/**
 * A lead's language: the consent recorded is the text shown in it, the lead and the payload buyers receive carry it,
 * refusals speak it, and a language the server has no flows in is refused by name.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CONTENT_DIR } from '../../../../site/content/check.ts';
import { FLOWS_DIR } from '../../../../server/platform/paths.ts';
import { validLead, type LeadPayload } from '../../../support/lead-fixture.ts';
import { DATABASES, xsrfHeaders, type TestDatabase } from '../../../support/server-harness.ts';
import { countRows, prepareLeadDatabase, startLeadApp } from '../../../support/lead-app.ts';
import { SPANISH_CONSENT, SPANISH_MESSAGES, spanishFlowsDir } from '../../spanish-flows.ts';
import { publishFromV1 } from '../../page/published/published-fixture.ts';

const englishConsent = (
  JSON.parse(readFileSync(join(FLOWS_DIR, 'business-funding.json'), 'utf8')) as {
    consent: { version: string; text: string };
  }
).consent;

/** The consent text as the page shows it: the product and the lenders named, listed as the page's locale lists them. */
function shown(text: string, locale = 'en-US'): string {
  const file = JSON.parse(readFileSync(join(CONTENT_DIR, 'lenders.json'), 'utf8')) as { lenders: { name: string }[] };
  const lenders = new Intl.ListFormat(locale, { type: 'conjunction' }).format(file.lenders.map(({ name }) => name));
  return text.replaceAll('{product}', 'Acme Funding').replaceAll('{lenders}', lenders);
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

describe.each(DATABASES)('the language of a lead on $name', ({ open }) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  const flows = spanishFlowsDir();

  beforeAll(async () => {
    database = await open();
    await prepareLeadDatabase(database.db);
    await publishFromV1(database.db, 'autumn');
    await publishFromV1(
      database.db,
      'winter',
      () => {},
      (flow) => {
        flow.consent!.text = SPANISH_CONSENT;
      },
    );
    app = await startLeadApp(database.db, { flowsDir: flows.path, env: { PRODUCT_NAME: 'Acme Funding' } });
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await database?.cleanup();
    flows.remove();
  });

  beforeEach(async () => {
    await database.db.exec('delete from test_delivery_jobs; delete from consent_evidence; delete from leads');
  });

  const post = (payload: LeadPayload) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/leads/trigger',
      payload,
      headers: { 'content-type': 'application/json', ...xsrfHeaders() },
    });

  async function stored(payload: LeadPayload) {
    const response = await post(payload);
    expect(response.statusCode).toBe(201);
    const { rows } = await database.db.query<{
      language: string;
      payload: Record<string, unknown>;
      consent_version: string;
      consent_text: string;
      consent_sha256: string;
    }>(
      `select l.language, l.payload, c.consent_version, c.consent_text, c.consent_sha256
         from leads l join consent_evidence c on c.lead_id = l.id where l.id = $1`,
      [response.json().id],
    );
    return { answer: response.json<{ consent: { version: string; sha256: string } }>(), row: rows[0]! };
  }

  it('records the Spanish consent text, its version and its hash for a lead filled in Spanish', async () => {
    const { answer, row } = await stored(validLead({ language: 'es' }));
    const text = shown(SPANISH_CONSENT, 'es-US');
    expect(row).toMatchObject({
      language: 'es',
      consent_version: englishConsent.version,
      consent_text: text,
      consent_sha256: sha256(text),
    });
    expect(answer.consent).toEqual({ version: englishConsent.version, sha256: sha256(text) });
    expect(row.payload.language).toBe('es');
  });

  it('records the Spanish consent of every version the files have (v2 extends v1)', async () => {
    const { row } = await stored(validLead({ language: 'es', flow_version: 'v2' }));
    expect(row.consent_text).toBe(shown(SPANISH_CONSENT, 'es-US'));
  });

  it('takes a lead without a language as English, as other clients send it, and says so to buyers', async () => {
    const { row } = await stored(validLead());
    expect(row).toMatchObject({ language: 'en', consent_text: shown(englishConsent.text) });
    expect(row.payload.language).toBe('en');
    expect((await stored(validLead({ language: 'en' }))).row.consent_text).toBe(shown(englishConsent.text));
  });

  it('refuses a language the server has no flows in, naming the field and the languages it has', async () => {
    const response = await post(validLead({ language: 'fr' }));
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual([{ field: 'language', keyword: 'enum', message: 'Must be one of en, es' }]);
    expect(await countRows(database.db, 'leads')).toBe(0);
  });

  it.each([['ES'], ['español'], [1], [null]])('refuses a language of %j, naming the field', async (language) => {
    const response = await post(validLead({ language }));
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual([expect.objectContaining({ field: 'language' })]);
  });

  it("refuses a Spanish lead's fields in Spanish, with the flow's Spanish messages", async () => {
    const missing = await post(validLead({ language: 'es', business_name: undefined }));
    expect(missing.json().fields).toEqual([
      { field: 'business_name', keyword: 'required', message: SPANISH_MESSAGES.required },
    ]);
    const outside = await post(validLead({ language: 'es', zipcode: '00901' }));
    expect(outside.json().fields).toEqual([
      expect.objectContaining({ field: 'zipcode', message: SPANISH_MESSAGES.outsideServedArea }),
    ]);
  });

  it('records the Spanish consent for a Spanish lead of a version published in the studio in Spanish', async () => {
    const { row } = await stored(validLead({ language: 'es', flow_version: 'winter' }));
    expect(row).toMatchObject({ language: 'es', consent_text: shown(SPANISH_CONSENT, 'es-US') });
    expect(row.consent_sha256).toBe(sha256(shown(SPANISH_CONSENT, 'es-US')));
  });

  it('records the English consent for a Spanish lead of a version published in the studio in English only', async () => {
    const { row } = await stored(validLead({ language: 'es', flow_version: 'autumn' }));
    expect(row).toMatchObject({ language: 'es', consent_text: shown(englishConsent.text) });
    expect(row.payload.language).toBe('es');
  });
});

describe('a Spanish lead with the flows as shipped', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  const spanishFile = JSON.parse(readFileSync(join(FLOWS_DIR, 'languages', 'es.json'), 'utf8')) as {
    texts: Record<string, Record<string, string>>;
  };

  beforeAll(async () => {
    database = await DATABASES[0]!.open();
    await prepareLeadDatabase(database.db);
    app = await startLeadApp(database.db, { env: { PRODUCT_NAME: 'Acme Funding' } });
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await database?.cleanup();
  });

  it("records flows/languages/es.json's consent text", async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/leads/trigger',
      payload: validLead({ language: 'es' }),
      headers: { 'content-type': 'application/json', ...xsrfHeaders() },
    });
    expect(response.statusCode, response.body).toBe(201);
    const { rows } = await database.db.query<{ consent_text: string }>(
      'select consent_text from consent_evidence where lead_id = $1',
      [response.json().id],
    );
    expect(rows[0]!.consent_text).toBe(
      shown(spanishFile.texts['flows/business-funding.json']!['/consent/text']!, 'es-US'),
    );
  });
});
