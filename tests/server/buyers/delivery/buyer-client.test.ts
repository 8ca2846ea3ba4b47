/**
 * The HTTP buyer client against real local endpoints: what counts as delivered, what is rejected for good, what is
 * worth retrying and after how long (Retry-After), and how failures are summed up.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { LEAD_PAYLOAD_FIELDS } from '../../../../contracts/lead.ts';
import { httpBuyerClient } from '../../../../server/buyers/delivery/buyer-client.ts';
import { retryAfterSeconds } from '../../../../server/buyers/delivery/retry-after.ts';
import { startTestBuyer, type BuyerAnswer, type TestBuyer } from '../../../support/test-buyer.ts';
import { verifyWebhook } from '../../../support/webhook-verify.ts';
import { freePort } from '../../../support/server-process.ts';

const lead = () => ({
  messageId: '6f1c1a52-3c55-4c4e-9a51-0f6a7d0c2b11',
  payload: { first_name: 'Maria', amount: 50000, flow_version: 'v1' },
  receivedAt: new Date('2026-03-02T14:58:00.123Z'),
  attemptedAt: new Date('2026-03-02T15:04:05.678Z'),
});

// Two signing keys, as BUYER_SECRET gives them during a rotation, and the secrets a buyer holds for them.
const NEW_KEY = Buffer.alloc(32, 7);
const OLD_KEY = Buffer.alloc(32, 9);
const secretOf = (key: Buffer) => `whsec_${key.toString('base64')}`;
/** When the lead's attempt started (its webhook-timestamp), in ms: a buyer checks the timestamp is recent. */
const ATTEMPT_SECONDS = Date.parse('2026-03-02T15:04:05.678Z');

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

async function startBuyer(options: Parameters<typeof startTestBuyer>[0] = {}): Promise<TestBuyer> {
  const started = await startTestBuyer(options);
  closers.push(() => started.close());
  return started;
}

/** A raw endpoint answering as `handle` says (or never). */
async function endpoint(handle: Parameters<typeof createServer>[1]): Promise<string> {
  const server: Server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(
    () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/leads`;
}

describe('the HTTP buyer client', () => {
  it('posts every field of the spec payload, time_stamp the time of receipt, the message id and the attempt time', async () => {
    const testBuyer = await startBuyer();
    const outcome = await httpBuyerClient({ url: testBuyer.url, timeoutMs: 2_000 }).handOver(lead());
    expect(outcome).toEqual({ outcome: 'delivered', httpStatus: 200 });
    const [received] = testBuyer.received;
    // The fields the lead lacks come empty, in the spec's order; then the lead's own fields and the time of receipt.
    const empty = Object.fromEntries(LEAD_PAYLOAD_FIELDS.map((field) => [field, '']));
    expect(received!.body).toEqual({
      ...empty,
      first_name: 'Maria',
      amount: 50000,
      flow_version: 'v1',
      time_stamp: '2026-03-02T14:58:00.123Z',
    });
    expect(Object.keys(received!.body)).toEqual([...LEAD_PAYLOAD_FIELDS, 'flow_version', 'time_stamp']);
    expect(received!.headers).toMatchObject({
      'idempotency-key': lead().messageId,
      'webhook-id': lead().messageId,
      'webhook-timestamp': '1772463845',
    });
    expect(received!.headers['webhook-signature']).toBeUndefined();
  });

  it('ends the body of a lead sold on a bid with its price and ping id, under the names the field map gives', async () => {
    const testBuyer = await startBuyer();
    const client = httpBuyerClient({ url: testBuyer.url, timeoutMs: 2_000, fieldMap: { price: 'cost' } });
    const pingId = '1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed';
    // A lead whose client sent keys of those names: only the sale's reach the buyer.
    const sold = { ...lead(), payload: { ...lead().payload, price: 1, ping_id: 'not-ours' } };
    await client.handOver({ ...sold, sale: { price: 42.5, pingId } });
    await client.handOver({ ...sold, sale: { price: 20 } });
    await client.handOver(sold);
    const [onPing, atPrice, unpriced] = testBuyer.received.map((request) => request.body);
    expect(Object.entries(onPing!).slice(-3)).toEqual([
      ['time_stamp', expect.any(String)],
      ['cost', 42.5],
      ['ping_id', pingId],
    ]);
    expect(atPrice).toMatchObject({ cost: 20 });
    expect(atPrice).not.toHaveProperty('ping_id');
    expect(unpriced).not.toHaveProperty('cost');
    expect(unpriced).not.toHaveProperty('price');
    expect(unpriced).not.toHaveProperty('ping_id');
  });

  it('signs "<webhook-id>.<webhook-timestamp>.<body>" in the Standard Webhooks scheme', async () => {
    const testBuyer = await startBuyer();
    await httpBuyerClient({ url: testBuyer.url, signingKeys: [NEW_KEY], timeoutMs: 2_000 }).handOver(lead());
    const [received] = testBuyer.received;
    // The same HMAC as `printf '<id>.1772463845.<body>' | openssl dgst -sha256 -mac HMAC -macopt hexkey:0707...07
    // -binary | base64`.
    expect(received!.headers['webhook-signature']).toBe('v1,IZl/wvrKyRpsTTWltJXt3280bYE2QQoq9hhX25+M+P4=');
    expect(verifyWebhook(secretOf(NEW_KEY), received!.headers, received!.raw, ATTEMPT_SECONDS)).toBe(true);
  });

  it('during a rotation, signs with both secrets, so a buyer holding either one accepts the lead', async () => {
    const testBuyer = await startBuyer();
    await httpBuyerClient({ url: testBuyer.url, signingKeys: [NEW_KEY, OLD_KEY], timeoutMs: 2_000 }).handOver(lead());
    const [received] = testBuyer.received;
    expect((received!.headers['webhook-signature'] as string).split(' ')).toHaveLength(2);
    expect(verifyWebhook(secretOf(NEW_KEY), received!.headers, received!.raw, ATTEMPT_SECONDS)).toBe(true);
    expect(verifyWebhook(secretOf(OLD_KEY), received!.headers, received!.raw, ATTEMPT_SECONDS)).toBe(true);
    expect(verifyWebhook(secretOf(Buffer.alloc(32, 1)), received!.headers, received!.raw, ATTEMPT_SECONDS)).toBe(false);
  });

  it('gives a buyer what it needs to refuse a changed body or a replay', async () => {
    const testBuyer = await startBuyer();
    await httpBuyerClient({ url: testBuyer.url, signingKeys: [NEW_KEY], timeoutMs: 2_000 }).handOver(lead());
    const [received] = testBuyer.received;
    const changed = received!.raw.replace('50000', '500000');
    expect(verifyWebhook(secretOf(NEW_KEY), received!.headers, changed, ATTEMPT_SECONDS)).toBe(false);
    const anHourLater = ATTEMPT_SECONDS + 60 * 60 * 1000;
    expect(verifyWebhook(secretOf(NEW_KEY), received!.headers, received!.raw, anHourLater)).toBe(false);
  });

  it('is refused by a buyer checking signatures with another secret', async () => {
    const checking = await startBuyer({ secret: secretOf(OLD_KEY) });
    const outcome = await httpBuyerClient({ url: checking.url, signingKeys: [NEW_KEY], timeoutMs: 2_000 }).handOver({
      ...lead(),
      attemptedAt: new Date(),
    });
    expect(outcome).toEqual({ outcome: 'failed', httpStatus: 401, error: 'lender answered HTTP 401' });
  });

  it('counts a status outside 2xx, 400 and 422 as a failure worth retrying, redirects included', async () => {
    const failing = await startBuyer({ status: 500 });
    expect(await httpBuyerClient({ url: failing.url, timeoutMs: 2_000 }).handOver(lead())).toEqual({
      outcome: 'failed',
      httpStatus: 500,
      error: 'lender answered HTTP 500',
    });
    const moved = await endpoint((_request, response) => response.writeHead(307, { location: '/elsewhere' }).end());
    expect(await httpBuyerClient({ url: moved, timeoutMs: 2_000 }).handOver(lead())).toEqual({
      outcome: 'failed',
      httpStatus: 307,
      error: 'lender answered HTTP 307',
    });
  });

  it('gives up on a buyer that does not answer within the timeout', async () => {
    const silent = await endpoint(() => undefined);
    const started = Date.now();
    expect(await httpBuyerClient({ url: silent, timeoutMs: 300 }).handOver(lead())).toEqual({
      outcome: 'failed',
      httpStatus: null,
      error: 'no answer within 300 ms',
    });
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('reports a refused connection by its code', async () => {
    const url = `http://127.0.0.1:${await freePort()}/leads`;
    expect(await httpBuyerClient({ url, timeoutMs: 2_000 }).handOver(lead())).toEqual({
      outcome: 'failed',
      httpStatus: null,
      error: 'request failed (ECONNREFUSED)',
    });
  });

  it('stops an attempt when the worker shuts down', async () => {
    const silent = await endpoint(() => undefined);
    const shutdown = new AbortController();
    const client = httpBuyerClient({ url: silent, timeoutMs: 10_000 });
    const outcome = client.handOver({ ...lead(), signal: shutdown.signal });
    shutdown.abort();
    expect(await outcome).toEqual({ outcome: 'failed', httpStatus: null, error: 'stopped by shutdown' });
  });

  it('reports a connection the buyer drops without answering', async () => {
    const dropping = await startBuyer({ script: () => ({ drop: true }) });
    expect(await httpBuyerClient({ url: dropping.url, timeoutMs: 2_000 }).handOver(lead())).toEqual({
      outcome: 'failed',
      httpStatus: null,
      error: 'request failed (UND_ERR_SOCKET)',
    });
  });
});

describe('what a buyer answer means', () => {
  async function outcomeOf(answer: BuyerAnswer) {
    const scripted = await startBuyer({ script: () => answer });
    return httpBuyerClient({ url: scripted.url, timeoutMs: 2_000 }).handOver(lead());
  }

  it('2xx is delivered', async () => {
    expect(await outcomeOf({ status: 201 })).toEqual({ outcome: 'delivered', httpStatus: 201 });
    expect(await outcomeOf({ status: 202, body: { status: 'accepted' } })).toEqual({
      outcome: 'delivered',
      httpStatus: 202,
    });
  });

  it('400 and 422 reject the lead for good', async () => {
    expect(await outcomeOf({ status: 400 })).toEqual({
      outcome: 'rejected',
      httpStatus: 400,
      error: 'lender rejected the lead (HTTP 400)',
    });
    expect(await outcomeOf({ status: 422, body: { status: 'rejected', reason: 'out_of_area' } })).toEqual({
      outcome: 'rejected',
      httpStatus: 422,
      error: 'lender rejected the lead (HTTP 422, reason out_of_area)',
    });
  });

  it('an explicit rejection in a 2xx answer rejects the lead for good', async () => {
    expect(await outcomeOf({ status: 200, body: { status: 'rejected', reason: 'duplicate_applicant' } })).toEqual({
      outcome: 'rejected',
      httpStatus: 200,
      error: 'lender rejected the lead (HTTP 200, reason duplicate_applicant)',
    });
  });

  it('keeps a reason only when it is a short code: free text could repeat the applicant', async () => {
    const echoing = { status: 'rejected', reason: 'maria.rivera@example.com is blocked' };
    expect(await outcomeOf({ status: 200, body: echoing })).toEqual({
      outcome: 'rejected',
      httpStatus: 200,
      error: 'lender rejected the lead (HTTP 200)',
    });
    expect(await outcomeOf({ status: 422, body: { status: 'rejected', reason: 'x'.repeat(65) } })).toMatchObject({
      error: 'lender rejected the lead (HTTP 422)',
    });
  });

  it('retries 408, 429, 5xx, 401/403/404 (our settings, which an operator fixes) and any other status', async () => {
    for (const status of [408, 429, 500, 502, 503, 504, 401, 403, 404, 409]) {
      const error = `lender answered HTTP ${status}`;
      expect(await outcomeOf({ status })).toEqual({ outcome: 'failed', httpStatus: status, error });
    }
  });

  it('passes on the pause a buyer asks for with Retry-After, in seconds or as a date', async () => {
    expect(await outcomeOf({ status: 429, headers: { 'retry-after': '120' } })).toEqual({
      outcome: 'failed',
      httpStatus: 429,
      error: 'lender answered HTTP 429',
      retryAfterSeconds: 120,
    });
    const inFiveMinutes = new Date(Date.now() + 5 * 60 * 1000).toUTCString();
    const outcome = await outcomeOf({ status: 503, headers: { 'retry-after': inFiveMinutes } });
    expect(outcome).toMatchObject({ outcome: 'failed', httpStatus: 503 });
    expect((outcome as { retryAfterSeconds: number }).retryAfterSeconds).toBeGreaterThan(290);
    expect((outcome as { retryAfterSeconds: number }).retryAfterSeconds).toBeLessThanOrEqual(300);
  });
});

describe('Retry-After', () => {
  const now = new Date('2026-03-02T15:04:05.000Z');

  it('reads seconds and the three HTTP date forms', () => {
    expect(retryAfterSeconds('0', now)).toBe(0);
    expect(retryAfterSeconds(' 3600 ', now)).toBe(3600);
    expect(retryAfterSeconds('Mon, 02 Mar 2026 15:14:05 GMT', now)).toBe(600);
    expect(retryAfterSeconds('Monday, 02-Mar-26 15:14:05 GMT', now)).toBe(600);
    expect(retryAfterSeconds('Mon Mar  2 15:14:05 2026', now)).toBe(600);
  });

  it('takes a date already past as no pause', () => {
    expect(retryAfterSeconds('Mon, 02 Mar 2026 14:00:00 GMT', now)).toBe(0);
  });

  it('ignores an absent or unreadable header', () => {
    for (const header of [null, '', '-5', '1.5', 'soon', '2026-03-02T16:00:00Z', 'Mon, 99 Foo 2026']) {
      expect(retryAfterSeconds(header, now), String(header)).toBeUndefined();
    }
  });
});

describe("a buyer's field map", () => {
  it('renames the fields it names, keeps every other field, value and place, and sends the same bytes every time', async () => {
    const testBuyer = await startBuyer();
    const client = httpBuyerClient({
      url: testBuyer.url,
      timeoutMs: 2_000,
      fieldMap: { first_name: 'given_name', time_stamp: 'received', flow_version: 'form' },
    });
    await client.handOver(lead());
    await client.handOver({ ...lead(), attemptedAt: new Date('2026-03-02T15:09:05.678Z') });
    const [first, second] = testBuyer.received;
    const renamed = (field: string) =>
      ({ first_name: 'given_name', time_stamp: 'received', flow_version: 'form' })[field] ?? field;
    expect(Object.keys(first!.body)).toEqual([...LEAD_PAYLOAD_FIELDS, 'flow_version', 'time_stamp'].map(renamed));
    expect(first!.body).toMatchObject({
      given_name: 'Maria',
      amount: 50000,
      form: 'v1',
      received: '2026-03-02T14:58:00.123Z',
    });
    expect(first!.body).not.toHaveProperty('first_name');
    expect(second!.raw).toBe(first!.raw);
  });

  it('signs the body as the buyer receives it, renamed', async () => {
    const testBuyer = await startBuyer({ secret: secretOf(NEW_KEY) });
    const client = httpBuyerClient({
      url: testBuyer.url,
      signingKeys: [NEW_KEY],
      timeoutMs: 2_000,
      fieldMap: { email: 'contact_email' },
    });
    expect(await client.handOver({ ...lead(), attemptedAt: new Date() })).toEqual({
      outcome: 'delivered',
      httpStatus: 200,
    });
    expect(testBuyer.received[0]!.body).toHaveProperty('contact_email', '');
  });
});

describe('events to a buyer', () => {
  const event = () => ({
    messageId: '0b7e8c1a-2f4d-4d8e-9a77-3c1f0e5d9b21',
    type: 'lead.revoked' as const,
    data: { lead_id: lead().messageId, reason: 'consent-revoked' },
    attemptedAt: new Date('2026-03-05T09:00:00.000Z'),
  });

  it('posts the Standard Webhooks envelope to the events endpoint, signed, with the event id as webhook-id', async () => {
    const leads = await startBuyer();
    const events = await startBuyer();
    const client = httpBuyerClient({
      url: leads.url,
      eventsUrl: events.url,
      signingKeys: [NEW_KEY],
      timeoutMs: 2_000,
    });
    const outcome = await client.sendEvent({ ...event(), occurredAt: new Date('2026-03-05T08:59:00.000Z') });
    expect(outcome).toEqual({ outcome: 'delivered', httpStatus: 200 });
    expect(leads.received).toEqual([]);
    const [received] = events.received;
    expect(received!.raw).toBe(
      JSON.stringify({
        type: 'lead.revoked',
        timestamp: '2026-03-05T08:59:00.000Z',
        data: { lead_id: lead().messageId, reason: 'consent-revoked' },
      }),
    );
    expect(received!.headers).toMatchObject({
      'webhook-id': event().messageId,
      'idempotency-key': event().messageId,
      'webhook-timestamp': String(Date.parse('2026-03-05T09:00:00.000Z') / 1000),
    });
    expect(verifyWebhook(secretOf(NEW_KEY), received!.headers, received!.raw, Date.parse('2026-03-05T09:00:00Z'))).toBe(
      true,
    );
  });

  it('goes to the lead endpoint when the buyer has no events endpoint, stamped with the attempt by default', async () => {
    const leads = await startBuyer();
    await httpBuyerClient({ url: leads.url, timeoutMs: 2_000 }).sendEvent(event());
    expect(leads.received[0]!.body).toEqual({
      type: 'lead.revoked',
      timestamp: '2026-03-05T09:00:00.000Z',
      data: { lead_id: lead().messageId, reason: 'consent-revoked' },
    });
  });

  it("reads the buyer's answer as a lead's: rejected, failed with its Retry-After, or no answer", async () => {
    const rejecting = await startBuyer({ script: () => ({ status: 422 }) });
    expect(await httpBuyerClient({ url: rejecting.url, timeoutMs: 2_000 }).sendEvent(event())).toEqual({
      outcome: 'rejected',
      httpStatus: 422,
      error: 'lender rejected the lead (HTTP 422)',
    });
    const busy = await startBuyer({ script: () => ({ status: 503, headers: { 'retry-after': '60' } }) });
    expect(await httpBuyerClient({ url: busy.url, timeoutMs: 2_000 }).sendEvent(event())).toEqual({
      outcome: 'failed',
      httpStatus: 503,
      error: 'lender answered HTTP 503',
      retryAfterSeconds: 60,
    });
    const silent = await endpoint(() => undefined);
    expect(await httpBuyerClient({ url: silent, timeoutMs: 300 }).sendEvent(event())).toEqual({
      outcome: 'failed',
      httpStatus: null,
      error: 'no answer within 300 ms',
    });
  });
});
