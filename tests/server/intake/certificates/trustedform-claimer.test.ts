/** POST /api/v1/trustedform/claim and the TrustedForm claimer, against a local stand-in for TrustedForm. */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { trustedFormClaimer } from '../../../../server/intake/certificates/trustedform-claimer.ts';
import { validLead } from '../../../support/lead-fixture.ts';
import { DATABASES, xsrfHeaders, type TestDatabase } from '../../../support/server-harness.ts';
import { prepareLeadDatabase, startLeadApp } from '../../../support/lead-app.ts';
import { json, startStandInService, type StandInService } from '../../../support/stand-in-service.ts';

const CERTIFICATE_ID = 'aa11bb22cc33dd44ee55ff6677889900aabbccdd';
const CERTIFICATE_URL = `https://cert.trustedform.com/${CERTIFICATE_ID}`;
const CLAIMED = json(201, { cert: { token: CERTIFICATE_ID } });

describe.each(DATABASES)('POST /api/v1/trustedform/claim on $name', ({ open }) => {
  let database: TestDatabase;
  let trustedForm: StandInService;
  let app: FastifyInstance;

  const claim = (url: unknown, target: FastifyInstance = app) =>
    target.inject({ method: 'POST', url: '/api/v1/trustedform/claim', payload: { url }, headers: xsrfHeaders() });

  async function storeLeadWith(certificateUrl: string): Promise<void> {
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/leads/trigger',
      payload: validLead({ trustedform_cert_url: certificateUrl }),
      headers: xsrfHeaders(),
    });
    expect(response.statusCode).toBe(201);
  }

  async function claimedAt(url: string): Promise<Date | null | undefined> {
    const { rows } = await database.db.query<{ at: Date | null }>(
      'select certificate_claimed_at as at from consent_evidence where certificate_url = $1',
      [url],
    );
    return rows[0]?.at;
  }

  beforeAll(async () => {
    database = await open();
    await prepareLeadDatabase(database.db);
    trustedForm = await startStandInService(CLAIMED);
    app = await startLeadApp(database.db, {
      certificateClaimer: trustedFormClaimer({ apiKey: 'tf-key', baseUrl: trustedForm.url, timeoutMs: 300 }),
    });
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await trustedForm?.close();
    await database?.cleanup();
  });

  beforeEach(async () => {
    await database.db.exec('delete from test_delivery_jobs; delete from consent_evidence; delete from leads');
    trustedForm.requests.length = 0;
    trustedForm.answer(CLAIMED);
  });

  it("claims a stored lead's certificate with the account key: 200 { claimed: true }", async () => {
    await storeLeadWith(CERTIFICATE_URL);
    const response = await claim(CERTIFICATE_URL);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ claimed: true });
    expect(trustedForm.requests).toHaveLength(1);
    const [request] = trustedForm.requests;
    expect(request).toMatchObject({ method: 'POST', url: `/${CERTIFICATE_ID}` });
    expect(request?.headers.authorization).toBe(`Basic ${Buffer.from('API:tf-key').toString('base64')}`);
    expect(request?.headers.accept).toBe('application/json');
    expect(await claimedAt(CERTIFICATE_URL)).toBeInstanceOf(Date);
  });

  it('claims each certificate once: asking again answers claimed without paying TrustedForm again', async () => {
    await storeLeadWith(CERTIFICATE_URL);
    expect((await claim(CERTIFICATE_URL)).json()).toEqual({ claimed: true });
    const again = await claim(CERTIFICATE_URL);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ claimed: true });
    expect(trustedForm.requests).toHaveLength(1);
  });

  it('refuses a certificate no stored lead carries: 404, and TrustedForm is not asked', async () => {
    const response = await claim(CERTIFICATE_URL);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: 'unknown_certificate',
      message: 'No lead was received with this certificate',
    });
    expect(trustedForm.requests).toHaveLength(0);
  });

  it.each([
    ['http, not https', `http://cert.trustedform.com/${CERTIFICATE_ID}`],
    ['another host', `https://cert.trustedform.com.attacker.example/${CERTIFICATE_ID}`],
    ['a short id', `https://cert.trustedform.com/${CERTIFICATE_ID.slice(1)}`],
    ['a path after the id', `https://cert.trustedform.com/${CERTIFICATE_ID}/x`],
    ['not text', 42],
  ])('refuses a url that is not a TrustedForm certificate (%s): 400 naming url', async (_case, url) => {
    const response = await claim(url);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'invalid_request', message: expect.stringContaining('url') });
    expect(trustedForm.requests).toHaveLength(0);
  });

  it('refuses a body without url: 400 naming url', async () => {
    const response = await claim(undefined);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('url');
  });

  it('answers 502 when TrustedForm refuses, and a later claim tries again', async () => {
    await storeLeadWith(CERTIFICATE_URL);
    trustedForm.answer(json(403, { message: 'certificate expired' }));
    const refused = await claim(CERTIFICATE_URL);
    expect(refused.statusCode).toBe(502);
    expect(refused.json()).toEqual({
      error: 'claim_failed',
      message: 'TrustedForm did not claim the certificate: it answered HTTP 403',
    });
    expect(await claimedAt(CERTIFICATE_URL)).toBeNull();

    trustedForm.answer(CLAIMED);
    expect((await claim(CERTIFICATE_URL)).json()).toEqual({ claimed: true });
    expect(trustedForm.requests).toHaveLength(2);
  });

  it('answers 502 when TrustedForm does not answer within the timeout', async () => {
    await storeLeadWith(CERTIFICATE_URL);
    trustedForm.answer(() => undefined);
    const response = await claim(CERTIFICATE_URL);
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({
      error: 'claim_failed',
      message: 'TrustedForm did not claim the certificate: no answer within 0.3 s',
    });
  });

  it('answers 502 when TrustedForm cannot be reached', async () => {
    const gone = await startStandInService(CLAIMED);
    await gone.close();
    const unreachable = await startLeadApp(database.db, {
      certificateClaimer: trustedFormClaimer({ apiKey: 'tf-key', baseUrl: gone.url }),
    });
    try {
      await storeLeadWith(CERTIFICATE_URL);
      const response = await claim(CERTIFICATE_URL, unreachable);
      expect(response.statusCode).toBe(502);
      expect(response.json()).toEqual({
        error: 'claim_failed',
        message: 'TrustedForm did not claim the certificate: unreachable',
      });
    } finally {
      await unreachable.close();
    }
  });

  it('without TRUSTEDFORM_API_KEY answers 202 { claimed: false } and does nothing', async () => {
    const keyless = await startLeadApp(database.db);
    try {
      await storeLeadWith(CERTIFICATE_URL);
      const response = await claim(CERTIFICATE_URL, keyless);
      expect(response.statusCode).toBe(202);
      expect(response.json()).toEqual({ claimed: false });
      expect(trustedForm.requests).toHaveLength(0);
      expect(await claimedAt(CERTIFICATE_URL)).toBeNull();
    } finally {
      await keyless.close();
    }
  });

  it('with TRUSTEDFORM_API_KEY claims through TrustedForm (unknown certificates refused, not skipped)', async () => {
    const keyed = await startLeadApp(database.db, { env: { TRUSTEDFORM_API_KEY: 'configured-key' } });
    try {
      const response = await claim(CERTIFICATE_URL, keyed);
      expect(response.statusCode).toBe(404);
    } finally {
      await keyed.close();
    }
  });
});
