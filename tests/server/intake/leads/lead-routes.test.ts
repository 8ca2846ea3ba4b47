/** POST /api/v1/leads/trigger on a real database: what is stored, what is refused, and that nothing is half-stored. */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FLOWS_DIR } from '../../../../server/platform/paths.ts';
import { CONTENT_DIR } from '../../../../site/content/check.ts';
import { validLead, type LeadPayload } from '../../../support/lead-fixture.ts';
import { DATABASES, xsrfHeaders, type TestDatabase } from '../../../support/server-harness.ts';
import { countRows, failingQueue, prepareLeadDatabase, startLeadApp } from '../../../support/lead-app.ts';

const URL_PATH = '/api/v1/leads/trigger';
/**
 * What intake adds to the fixture's lead: no opt-out preference signal, the time zone of its ZIP code 90210, and
 * English, as the lead names no language.
 */
const ADDED_BY_THE_SERVER = { gpc: false, time_zone: 'America/Los_Angeles', language: 'en' };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const flowFile = JSON.parse(readFileSync(join(FLOWS_DIR, 'business-funding.json'), 'utf8')) as {
  consent: { version: string; text: string };
};

function post(app: FastifyInstance, payload: LeadPayload | string, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url: URL_PATH,
    payload,
    headers: {
      'content-type': 'application/json',
      'user-agent': 'Mozilla/5.0 (test browser)',
      ...xsrfHeaders(),
      ...headers,
    },
    remoteAddress: '198.51.100.23',
  });
}

describe.each(DATABASES)('POST /api/v1/leads/trigger on $name', ({ open }) => {
  let database: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await open();
    await prepareLeadDatabase(database.db);
    app = await startLeadApp(database.db, { env: { PRODUCT_NAME: 'Acme Funding' } });
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await database?.cleanup();
  });

  beforeEach(async () => {
    await database.db.exec('delete from test_delivery_jobs; delete from consent_evidence; delete from leads');
  });

  describe('a valid lead', () => {
    it('answers 201 with the id of the stored lead', async () => {
      const response = await post(app, validLead());
      expect(response.statusCode).toBe(201);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.headers['cache-control']).toBe('no-store');
      const body = response.json();
      expect(Object.keys(body)).toEqual(['id', 'consent']);
      expect(body.id).toMatch(UUID);
    });

    it('answers with the consent recorded: its version and the SHA-256 of the words stored', async () => {
      const { id, consent } = (await post(app, validLead())).json();
      const { rows } = await database.db.query(
        'select consent_version, consent_sha256, consent_text from consent_evidence where lead_id = $1',
        [id],
      );
      expect(consent).toEqual({ version: rows[0]!.consent_version, sha256: rows[0]!.consent_sha256 });
      expect(consent.sha256).toBe(createHash('sha256').update(String(rows[0]!.consent_text), 'utf8').digest('hex'));
    });

    it('stores the lead as sent, with its flow version, and queues its delivery', async () => {
      const { id } = (await post(app, validLead())).json();
      type Row = { flow: string; flow_version: string; payload: unknown; received_at: Date; delivered_at: Date | null };
      const { rows } = await database.db.query<Row>(
        'select flow, flow_version, payload, received_at, delivered_at from leads where id = $1',
        [id],
      );
      expect(rows).toEqual([
        {
          flow: 'business-funding',
          flow_version: 'v1',
          payload: { ...validLead(), ...ADDED_BY_THE_SERVER },
          received_at: expect.any(Date),
          delivered_at: null,
        },
      ]);
      expect(Math.abs(rows[0]!.received_at.getTime() - Date.now())).toBeLessThan(60_000);
      const jobs = await database.db.query('select lead_id from test_delivery_jobs');
      expect(jobs.rows).toEqual([{ lead_id: id }]);
    });

    it('stores the consent evidence: the exact text shown, its version and SHA-256, who, where and when', async () => {
      const { id } = (await post(app, validLead())).json();
      const file = JSON.parse(readFileSync(join(CONTENT_DIR, 'lenders.json'), 'utf8')) as {
        lenders: { name: string }[];
      };
      const lenders = file.lenders.map((lender) => lender.name);
      const shown = flowFile.consent.text
        .replaceAll('{product}', 'Acme Funding')
        .replaceAll('{lenders}', new Intl.ListFormat('en-US', { type: 'conjunction' }).format(lenders));
      expect(shown).toContain(`contacted by Acme Funding, its participating lenders (${lenders[0]}, `);
      const { rows } = await database.db.query<Record<string, unknown>>(
        `select c.*, l.received_at from consent_evidence c join leads l on l.id = c.lead_id where c.lead_id = $1`,
        [id],
      );
      expect(rows).toHaveLength(1);
      const evidence = rows[0]!;
      expect(evidence).toMatchObject({
        lead_id: id,
        consent_version: flowFile.consent.version,
        consent_text: shown,
        consent_sha256: createHash('sha256').update(shown, 'utf8').digest('hex'),
        ip: '198.51.100.23',
        user_agent: 'Mozilla/5.0 (test browser)',
        page_url: 'https://funding.example.com/phone?utm_source=search',
        certificate_url: 'https://cert.trustedform.com/0123456789abcdef0123456789abcdef01234567',
        certificate_claimed_at: null,
      });
      expect(evidence.consented_at).toEqual(evidence.received_at);
    });

    it('stores no page or certificate URL when the lead has none', async () => {
      const { id } = (await post(app, validLead({ source_url: undefined, trustedform_cert_url: undefined }))).json();
      const { rows } = await database.db.query(
        'select page_url, certificate_url from consent_evidence where lead_id = $1',
        [id],
      );
      expect(rows).toEqual([{ page_url: null, certificate_url: null }]);
    });

    it('ignores a time stamp and any destination an older client sends (destinations are configuration)', async () => {
      const legacy = {
        time_stamp: '2026-11-22 10:00:00',
        url: 'https://attacker.example/collect',
        target_url: 'https://attacker.example/collect',
        post_url: 'https://attacker.example/collect',
        lead_url: 'https://attacker.example/collect',
      };
      const response = await post(app, validLead(legacy));
      expect(response.statusCode).toBe(201);
      const { rows } = await database.db.query<{ payload: LeadPayload }>('select payload from leads where id = $1', [
        response.json().id,
      ]);
      expect(rows[0]?.payload).toEqual({ ...validLead(), ...ADDED_BY_THE_SERVER });
    });

    it('stores an empty certificate and page URL as none', async () => {
      const response = await post(app, validLead({ source_url: '', trustedform_cert_url: '' }));
      expect(response.statusCode).toBe(201);
      const { rows } = await database.db.query(
        'select page_url, certificate_url from consent_evidence where lead_id = $1',
        [response.json().id],
      );
      expect(rows).toEqual([{ page_url: null, certificate_url: null }]);
    });

    it('takes the lead of another flow version and records that version', async () => {
      const response = await post(app, validLead({ flow_version: 'v3' }));
      expect(response.statusCode).toBe(201);
      const { rows } = await database.db.query('select flow_version from leads where id = $1', [response.json().id]);
      expect(rows).toEqual([{ flow_version: 'v3' }]);
    });

    it('records the address a trusted proxy forwarded, and the connection address otherwise', async () => {
      const proxied = await startLeadApp(database.db, { env: { TRUST_PROXY: '10.0.0.5' } });
      try {
        const through = await proxied.inject({
          method: 'POST',
          url: URL_PATH,
          payload: validLead(),
          remoteAddress: '10.0.0.5',
          headers: { 'x-forwarded-for': '203.0.113.44', ...xsrfHeaders() },
        });
        const direct = await proxied.inject({
          method: 'POST',
          url: URL_PATH,
          payload: validLead(),
          remoteAddress: '198.51.100.80',
          headers: { 'x-forwarded-for': '203.0.113.44', ...xsrfHeaders() },
        });
        const ipOf = async (id: string) => {
          const sql = 'select ip from consent_evidence where lead_id = $1';
          const { rows } = await database.db.query<{ ip: string }>(sql, [id]);
          return rows[0]?.ip;
        };
        expect(await ipOf(through.json().id)).toBe('203.0.113.44');
        expect(await ipOf(direct.json().id)).toBe('198.51.100.80');
      } finally {
        await proxied.close();
      }
    });
  });

  describe('the opt-out preference signal (Global Privacy Control) and the time zone each lead gets', () => {
    async function stored(payload: LeadPayload, headers: Record<string, string> = {}) {
      const response = await post(app, payload, headers);
      expect(response.statusCode).toBe(201);
      const { rows } = await database.db.query<{ gpc: boolean; payload: Record<string, unknown> }>(
        'select gpc, payload from leads where id = $1',
        [response.json().id],
      );
      return { gpc: rows[0]!.gpc, payloadGpc: rows[0]!.payload.gpc, timeZone: rows[0]!.payload.time_zone };
    }

    it('records the signal of a Sec-GPC: 1 header, in the lead and in the payload buyers receive', async () => {
      expect(await stored(validLead(), { 'sec-gpc': '1' })).toMatchObject({ gpc: true, payloadGpc: true });
    });

    it("records the signal of the page's gpc: true, sent without the header", async () => {
      expect(await stored(validLead({ gpc: true }))).toMatchObject({ gpc: true, payloadGpc: true });
    });

    it.each(['0', '2', 'true', '1, 1', ''])('takes a Sec-GPC header of %j as no signal', async (value) => {
      expect(await stored(validLead(), { 'sec-gpc': value })).toMatchObject({ gpc: false, payloadGpc: false });
    });

    it('records no signal without either, and keeps the signal when the body says false but the header 1', async () => {
      expect(await stored(validLead())).toMatchObject({ gpc: false, payloadGpc: false });
      expect(await stored(validLead({ gpc: false }))).toMatchObject({ gpc: false, payloadGpc: false });
      expect(await stored(validLead({ gpc: false }), { 'sec-gpc': '1' })).toMatchObject({ gpc: true });
    });

    it('refuses a gpc that is not true or false, naming it', async () => {
      for (const gpc of ['1', 1, null, {}]) {
        const response = await post(app, validLead({ gpc }));
        expect(response.statusCode).toBe(400);
        expect(response.json().fields).toEqual([expect.objectContaining({ field: 'gpc' })]);
      }
      expect(await countRows(database.db, 'leads')).toBe(0);
    });

    it("gives the lead the time zone of the visitor's ZIP code", async () => {
      expect((await stored(validLead({ zipcode: '60601', business_zipcode: '10001' }))).timeZone).toBe(
        'America/Chicago',
      );
      expect((await stored(validLead({ zipcode: '79901' }))).timeZone).toBe('America/Denver');
    });

    it('refuses a time zone sent by the client: the server says where the ZIP code is', async () => {
      const response = await post(app, { ...validLead(), time_zone: 'Europe/Paris' });
      expect(response.statusCode).toBe(400);
      expect(await countRows(database.db, 'leads')).toBe(0);
    });
  });

  describe("the flow version of a lead that does not say it (another client sends the spec's payload)", () => {
    async function storedAs(payload: LeadPayload) {
      const response = await post(app, payload);
      expect(response.statusCode).toBe(201);
      const { rows } = await database.db.query<{ flow_version: string; payload: LeadPayload }>(
        'select flow_version, payload from leads where id = $1',
        [response.json().id],
      );
      return rows[0]!;
    }

    it('is v1, the version at the root of the site, and is stored with the lead', async () => {
      const stored = await storedAs(validLead({ flow_version: undefined }));
      expect(stored.flow_version).toBe('v1');
      expect(stored.payload).toEqual({ ...validLead(), ...ADDED_BY_THE_SERVER });
    });

    it('is the version its flow names as the flow files do, and the flow is stored as the product label', async () => {
      const stored = await storedAs(validLead({ flow: 'business-funding.v2', flow_version: undefined }));
      expect(stored.flow_version).toBe('v2');
      expect(stored.payload).toEqual({ ...validLead({ flow_version: 'v2' }), ...ADDED_BY_THE_SERVER });
      expect((await storedAs(validLead({ flow: 'business-funding.v3', flow_version: 'v3' }))).flow_version).toBe('v3');
    });

    it('is refused, naming the flow, when the flow names another version than flow_version', async () => {
      const response = await post(app, validLead({ flow: 'business-funding.v2', flow_version: 'v3' }));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: 'invalid_lead',
        message: 'The lead has 1 invalid field: flow',
        fields: [{ field: 'flow', keyword: 'const', message: 'Names version v2, but flow_version is v3' }],
      });
      expect(await countRows(database.db, 'leads')).toBe(0);
    });
  });

  describe('an invalid lead is refused with 400, every bad field named, and nothing stored', () => {
    async function refusal(payload: LeadPayload) {
      const response = await post(app, payload);
      expect(response.statusCode).toBe(400);
      expect(await countRows(database.db, 'leads')).toBe(0);
      return response.json();
    }

    it('a missing field', async () => {
      const body = await refusal(validLead({ email: undefined }));
      expect(body).toEqual({
        error: 'invalid_lead',
        message: 'The lead has 1 invalid field: email',
        fields: [{ field: 'email', keyword: 'required', message: 'This field is required' }],
      });
    });

    it('a number sent as text (no coercion)', async () => {
      const body = await refusal(validLead({ amount: '10000' }));
      expect(body.fields).toEqual([{ field: 'amount', keyword: 'type', message: 'Please enter a valid value' }]);
      expect(body.message).toContain('amount');
    });

    it('a field no step asks for', async () => {
      const body = await refusal(validLead({ favourite_color: 'green' }));
      expect(body.fields).toEqual([
        { field: 'favourite_color', keyword: 'additionalProperties', message: 'This field is not expected here' },
      ]);
      expect(body.message).toBe('The lead has 1 invalid field: favourite_color');
    });

    it("several at once, each with its step's own error text", async () => {
      const body = await refusal(
        validLead({
          email: 'maria@',
          business_zipcode: '9021a',
          average_monthly_revenue: 20_000_000,
          first_name: 'M4ria',
          amount: 12345,
          loan_purpose: 'YACHT',
          phone: undefined,
        }),
      );
      expect(body.message).toBe(
        'The lead has 7 invalid fields: ' +
          'phone, amount, loan_purpose, average_monthly_revenue, business_zipcode, first_name, email',
      );
      expect(body.fields).toEqual(
        expect.arrayContaining([
          { field: 'email', keyword: 'pattern', message: 'Please enter a valid email' },
          { field: 'business_zipcode', keyword: 'pattern', message: 'Please enter numeric digits only.' },
          {
            field: 'average_monthly_revenue',
            keyword: 'maximum',
            message: 'Please enter a value less than $10 million.',
          },
          { field: 'first_name', keyword: 'pattern', message: 'Please enter alphabets only.' },
          { field: 'amount', keyword: 'multipleOf', message: 'Please enter a multiple of 5000' },
          { field: 'loan_purpose', keyword: 'oneOf', message: 'Please choose one of the options' },
          { field: 'phone', keyword: 'required', message: 'This field is required' },
        ]),
      );
      expect(body.fields).toHaveLength(7);
    });

    it.each([
      ['trustedform_cert_url', 'http://cert.trustedform.com/0123'],
      ['source_url', 'funding.example.com/phone'],
    ])('a %s that is not empty and not a URL of its kind', async (field, value) => {
      const body = await refusal(validLead({ [field]: value }));
      expect(body.fields).toEqual([{ field, keyword: 'pattern', message: expect.any(String) }]);
    });

    it('a lead of another product', async () => {
      const body = await refusal(validLead({ flow: 'home-insurance' }));
      expect(body.fields).toEqual([{ field: 'flow', keyword: 'const', message: 'Please choose one of the options' }]);
    });

    it.each([
      ['unknown', 'v9', 'enum', 'Must be one of v1, v2, v3'],
      ['not text', 1, 'enum', 'Must be one of v1, v2, v3'],
    ])('a flow_version that is %s', async (_case, version, keyword, message) => {
      const body = await refusal(validLead({ flow_version: version }));
      expect(body).toEqual({
        error: 'invalid_lead',
        message: 'The lead has 1 invalid field: flow_version',
        fields: [{ field: 'flow_version', keyword, message }],
      });
    });

    it.each([['[]'], ['"a lead"'], ['null'], ['42']])('a JSON body that is not an object: %s', async (json) => {
      const response = await post(app, json);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: 'invalid_lead', message: 'The lead must be a JSON object', fields: [] });
    });
  });

  describe('a body that is not a lead gets a JSON error, never a 5xx', () => {
    it('larger than 64 KB: 413', async () => {
      const response = await post(app, validLead({ business_name: 'x'.repeat(70_000) }));
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({ error: 'payload_too_large', message: 'Request body is too large' });
      expect(await countRows(database.db, 'leads')).toBe(0);
    });

    const notJson = [['{"email": "maria@example.com",'], ['email=maria@example.com'], ['']];
    it.each(notJson)('not JSON (%j): 400', async (text) => {
      const response = await post(app, text);
      expect(response.statusCode).toBe(400);
      const body = response.json();
      expect(body.error).toBe('bad_request');
      expect(body.message).toMatch(/^Body (is not valid JSON|cannot be empty)/);
      expect(JSON.stringify(body)).not.toContain('maria');
    });

    it.each(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml'])(
      'sent as %s: 415',
      async (type) => {
        const response = await post(app, JSON.stringify(validLead()), { 'content-type': type });
        expect(response.statusCode).toBe(415);
        expect(response.json()).toEqual({ error: 'unsupported_media_type', message: 'Unsupported Media Type' });
        expect(await countRows(database.db, 'leads')).toBe(0);
      },
    );

    it('JSON with a __proto__ key: 400', async () => {
      const response = await post(app, '{"__proto__": {"admin": true}}');
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe('bad_request');
    });
  });

  describe('a lead sent again under its Idempotency-Key (a client retrying after a lost answer)', () => {
    const KEY = { 'idempotency-key': '6f1c2a0e-4b7d-4e55-9a31-0d2f8c7b5e19' };

    async function leadRows(): Promise<number> {
      return countRows(database.db, 'leads');
    }

    it('five at once: one lead, one job, and the same answer to each', async () => {
      const answers = await Promise.all(Array.from({ length: 5 }, () => post(app, validLead(), KEY)));
      expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 201, 201, 201]);
      expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
      expect(answers[0]!.json().id).toMatch(UUID);
      expect(await leadRows()).toBe(1);
      expect(await countRows(database.db, 'consent_evidence')).toBe(1);
      expect(await countRows(database.db, 'test_delivery_jobs')).toBe(1);
    });

    it('five in sequence: one lead and the same answer to each, whatever the order of its keys', async () => {
      const lead = validLead();
      const reordered = Object.fromEntries<unknown>(Object.entries(lead).reverse());
      const answers = [];
      for (const payload of [lead, reordered, lead, reordered, lead]) answers.push(await post(app, payload, KEY));
      expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 201, 201, 201]);
      expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
      expect(await leadRows()).toBe(1);
      expect(await countRows(database.db, 'test_delivery_jobs')).toBe(1);
    });

    it('the same key with another lead: 422 naming the key, and nothing written', async () => {
      const first = await post(app, validLead(), KEY);
      const other = await post(app, validLead({ business_name: 'Rivera Bakery & Cafe' }), KEY);
      expect(first.statusCode).toBe(201);
      expect(other.statusCode).toBe(422);
      expect(other.json()).toMatchObject({
        error: 'idempotency_key_reused',
        fields: [{ field: 'Idempotency-Key', keyword: 'unique' }],
      });
      expect(await leadRows()).toBe(1);
      expect(await countRows(database.db, 'consent_evidence')).toBe(1);
      expect(await countRows(database.db, 'test_delivery_jobs')).toBe(1);
    });

    it('the same lead under another key is another request (held as a repeat, see below)', async () => {
      const first = await post(app, validLead(), KEY);
      const second = await post(app, validLead(), { 'idempotency-key': 'a-second-form-session-key' });
      expect(second.statusCode).toBe(201);
      expect(second.json().id).not.toBe(first.json().id);
      expect(await leadRows()).toBe(2);
    });

    it.each([
      ['too short', 'short-key'],
      ['with a space', 'a key with spaces in it'],
      ['not ASCII', 'clé-de-session-0001-ü'],
    ])('a key %s: 400 naming the header, nothing stored', async (_case, key) => {
      const response = await post(app, validLead(), { 'idempotency-key': key });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        error: 'invalid_idempotency_key',
        message: expect.stringContaining('Idempotency-Key'),
        fields: [{ field: 'Idempotency-Key', keyword: 'format' }],
      });
      expect(await leadRows()).toBe(0);
    });
  });

  describe('leads stored but never delivered, answered like any other', () => {
    async function stored(id: string): Promise<{ held: string | null; jobs: number; evidence: number }> {
      const { rows } = await database.db.query<{ held: string | null; jobs: number; evidence: number }>(
        `select held, (select count(*) from test_delivery_jobs where lead_id = $1) as jobs,
                (select count(*) from consent_evidence where lead_id = $1) as evidence
           from leads where id = $1`,
        [id],
      );
      return rows[0]!;
    }

    it('a bot that filled the honeypot field gets 201 and its lead is held back, with no delivery job', async () => {
      const response = await post(app, { ...validLead(), website: 'https://spam.example' });
      expect(response.statusCode).toBe(201);
      expect(await stored(response.json().id)).toEqual({ held: 'honeypot', jobs: 0, evidence: 1 });
    });

    it('the same email and phone again within 24 hours, in any letter case, is held as a repeat', async () => {
      const first = await post(app, validLead());
      const again = await post(app, validLead({ email: 'Maria.Rivera@Example.com', first_name: 'Other' }));
      const otherPhone = await post(app, validLead({ phone: '3125550148' }));
      expect(again.statusCode).toBe(201);
      expect(await stored(first.json().id)).toEqual({ held: null, jobs: 1, evidence: 1 });
      expect(await stored(again.json().id)).toEqual({ held: 'duplicate', jobs: 0, evidence: 1 });
      expect(await stored(otherPhone.json().id)).toMatchObject({ held: null, jobs: 1 });
    });
  });

  describe('one transaction', () => {
    it('when queuing the delivery fails, no lead or consent remains and the client gets a plain 500', async () => {
      const broken = await startLeadApp(database.db, { delivery: failingQueue });
      try {
        const response = await post(broken, validLead());
        expect(response.statusCode).toBe(500);
        expect(response.json()).toEqual({ error: 'internal', message: 'Something went wrong' });
      } finally {
        await broken.close();
      }
      expect(await countRows(database.db, 'leads')).toBe(0);
      expect(await countRows(database.db, 'consent_evidence')).toBe(0);
      expect(await countRows(database.db, 'test_delivery_jobs')).toBe(0);
    });
  });

  it('without a delivery queue answers 503 and stores nothing', async () => {
    const undeliverable = await startLeadApp(database.db, { delivery: undefined });
    try {
      const response = await post(undeliverable, validLead());
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ error: 'unavailable', message: 'Leads cannot be received right now' });
    } finally {
      await undeliverable.close();
    }
    expect(await countRows(database.db, 'leads')).toBe(0);
  });
});
