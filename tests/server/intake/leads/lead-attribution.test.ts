/**
 * The lead's optional `attribution`: stored with the lead as sent, each value checked and capped, and a refusal naming
 * the key that was refused.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { validLead, type LeadPayload } from '../../../support/lead-fixture.ts';
import { DATABASES, xsrfHeaders, type TestDatabase } from '../../../support/server-harness.ts';
import { countRows, prepareLeadDatabase, startLeadApp } from '../../../support/lead-app.ts';

const ATTRIBUTION = {
  utm_source: 'google',
  utm_medium: 'cpc',
  utm_campaign: 'spring',
  utm_term: 'business loans',
  utm_content: 'ad-b',
  gclid: 'abc123',
  gbraid: 'g1',
  wbraid: 'w1',
  fbclid: 'f1',
  msclkid: 'm1',
  ttclid: 't1',
  landing_url: 'https://fundflow.example.com/?utm_source=google&utm_campaign=spring&gclid=abc123',
  referrer: 'https://www.google.com/',
};

describe.each(DATABASES)('the attribution of a lead on $name', ({ open }) => {
  let database: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await open();
    await prepareLeadDatabase(database.db);
    app = await startLeadApp(database.db);
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await database?.cleanup();
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

  async function refusedFields(attribution: unknown) {
    const response = await post(validLead({ attribution }));
    expect(response.statusCode).toBe(400);
    expect(await countRows(database.db, 'leads')).toBe(0);
    const body = response.json<{ fields: { field: string; keyword: string }[] }>();
    return body.fields.map(({ field, keyword }) => ({ field, keyword }));
  }

  it('stores every key with the lead', async () => {
    const response = await post(validLead({ attribution: ATTRIBUTION }));
    expect(response.statusCode).toBe(201);
    const { rows } = await database.db.query<{ attribution: unknown }>(
      "select payload->'attribution' as attribution from leads where id = $1",
      [response.json<{ id: string }>().id],
    );
    expect(rows[0]!.attribution).toEqual(ATTRIBUTION);
  });

  it('accepts a lead without it, and an empty one', async () => {
    expect((await post(validLead())).statusCode).toBe(201);
    expect((await post(validLead({ attribution: {} }))).statusCode).toBe(201);
  });

  it('takes parameters up to 256 characters and addresses up to 2048', async () => {
    const longest = { utm_campaign: 'c'.repeat(256), landing_url: `https://x.example/?q=${'a'.repeat(2048 - 21)}` };
    expect(longest.landing_url).toHaveLength(2048);
    expect((await post(validLead({ attribution: longest }))).statusCode).toBe(201);
  });

  it('refuses a longer parameter, naming it', async () => {
    expect(await refusedFields({ utm_campaign: 'c'.repeat(257) })).toEqual([
      { field: 'attribution.utm_campaign', keyword: 'maxLength' },
    ]);
    expect(await refusedFields({ gclid: 'g'.repeat(257) })).toEqual([
      { field: 'attribution.gclid', keyword: 'maxLength' },
    ]);
  });

  it('refuses a longer address, naming it', async () => {
    expect(await refusedFields({ referrer: `https://r.example/${'a'.repeat(2048)}` })).toEqual([
      { field: 'attribution.referrer', keyword: 'maxLength' },
    ]);
  });

  it('refuses a key it does not know, naming it', async () => {
    expect(await refusedFields({ utm_source: 'google', campaign_id: '42' })).toEqual([
      { field: 'attribution.campaign_id', keyword: 'additionalProperties' },
    ]);
  });

  it('refuses a value that is not text, and an attribution that is not an object', async () => {
    expect(await refusedFields({ gclid: 42 })).toEqual([{ field: 'attribution.gclid', keyword: 'type' }]);
    expect(await refusedFields('google')).toEqual([{ field: 'attribution', keyword: 'type' }]);
  });
});
