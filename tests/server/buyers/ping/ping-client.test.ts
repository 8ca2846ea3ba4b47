/**
 * Asking one real local buyer for a bid: what counts as a bid, every way of making none, and that nothing a buyer does
 * keeps the ping past its timeout.
 */
import { performance } from 'node:perf_hooks';
import { afterEach, describe, expect, it } from 'vitest';
import { pingBody, type PingBody } from '../../../../server/buyers/ping/ping-body.ts';
import {
  MAX_PING_ANSWER_BYTES,
  pingBuyer,
  SHOWN_ANSWER_CHARS,
  type PingTarget,
} from '../../../../server/buyers/ping/ping-client.ts';
import { DEFAULT_SALE_SETTINGS } from '../../../../server/buyers/file/buyers-file.ts';
import { freePort } from '../../../support/server-process.ts';
import { validLead } from '../../../support/lead-fixture.ts';
import { verifyWebhook } from '../../../support/webhook-verify.ts';
import { answer, startBiddingBuyer, type BiddingBuyer, type PingHandler } from './bidding-buyer.ts';

const KEY = Buffer.alloc(32, 7);
const SECRET = `whsec_${KEY.toString('base64')}`;
/** Time the ping takes beyond its timeout, at most, on a loaded test machine: setting up and tearing down a request. */
const MARGIN_MS = 250;
/** The seller's sanity ceiling when BUYERS_FILE sets none: 1,000 USD. */
const MAX_BID = DEFAULT_SALE_SETTINGS.maxBid;

const body = (): PingBody =>
  pingBody(
    {
      payload: validLead(),
      flowVersion: 'v1',
      receivedAt: new Date('2026-03-15T17:00:00.000Z'),
      consent: { sha256: 'ab'.repeat(32), certificateUrl: null },
    },
    '0d7c5a8e-5f3a-4e4b-8a8e-2f1d5b3c9e71',
  );

const buyers: BiddingBuyer[] = [];
afterEach(async () => {
  await Promise.all(buyers.splice(0).map((buyer) => buyer.close()));
});

async function buyer(handle: PingHandler): Promise<BiddingBuyer> {
  const started = await startBiddingBuyer(handle);
  buyers.push(started);
  return started;
}

async function target(handle: PingHandler, settings: Partial<PingTarget> = {}): Promise<PingTarget> {
  return { pingEndpoint: (await buyer(handle)).url, signingKeys: [KEY], pingTimeoutMs: 2_000, ...settings };
}

/** The result of pinging a buyer that answers `status` with `text`. */
async function resultOf(status: number, text: unknown, maxBid = MAX_BID) {
  return (await pingBuyer(await target(answer(status, text)), body(), maxBid)).result;
}

describe('pinging a buyer', () => {
  it('posts the ping signed as a post is, its id the webhook-id, and reads the bid', async () => {
    const bidding = await buyer(answer(200, { bid: 42.5 }));
    const sent = body();
    const answered = await pingBuyer(
      { pingEndpoint: bidding.url, signingKeys: [KEY], pingTimeoutMs: 2_000 },
      sent,
      MAX_BID,
    );
    expect(answered).toMatchObject({ status: 200, answer: '{"bid":42.5}', result: { kind: 'bid', amount: 42.5 } });
    expect(answered.durationMs).toBeGreaterThanOrEqual(0);
    expect(answered.error).toBeUndefined();
    const [ping] = bidding.received;
    expect(ping!.body).toEqual(sent);
    expect(ping!.headers).toMatchObject({
      'content-type': 'application/json',
      'webhook-id': sent.ping_id,
      'idempotency-key': sent.ping_id,
    });
    expect(verifyWebhook(SECRET, ping!.headers, ping!.raw)).toBe(true);
    expect(verifyWebhook(`whsec_${Buffer.alloc(32, 1).toString('base64')}`, ping!.headers, ping!.raw)).toBe(false);
  });

  it('takes a bid of 0, a bid at maxBid, and keeps a bid to the cent', async () => {
    expect(await resultOf(200, { bid: 0 })).toEqual({ kind: 'bid', amount: 0 });
    expect(await resultOf(201, { bid: 100 }, 100)).toEqual({ kind: 'bid', amount: 100 });
    expect(await resultOf(200, { bid: 12.344 })).toEqual({ kind: 'bid', amount: 12.34 });
  });

  it('counts {"bid": null} and {"status": "rejected"} as declined', async () => {
    expect(await resultOf(200, { bid: null })).toEqual({ kind: 'no-bid', reason: 'declined' });
    expect(await resultOf(200, { status: 'rejected', reason: 'out_of_area' })).toEqual({
      kind: 'no-bid',
      reason: 'declined',
    });
  });

  it.each([
    ['a negative bid', '{"bid": -1}'],
    ['a bid as text', '{"bid": "50"}'],
    ['a bid too big for a number', '{"bid": 1e999}'],
    ['no bid at all', '{"ok": true}'],
    ['a bid in a list', '[{"bid": 5}]'],
    ['a bare number', '5'],
    ['a bid that is an object', '{"bid": {"amount": 5}}'],
  ])('counts %s as no bid: invalid_bid', async (_, text) => {
    expect(await resultOf(200, text)).toEqual({ kind: 'no-bid', reason: 'invalid_bid' });
  });

  it.each([
    ['NaN', '{"bid": NaN}'],
    ['Infinity', '{"bid": Infinity}'],
    ['HTML', '<html>bid: 5</html>'],
    ['an empty answer', ''],
  ])('counts an answer of %s, not JSON, as no bid: not_json', async (_, text) => {
    expect(await resultOf(200, text)).toEqual({ kind: 'no-bid', reason: 'not_json' });
  });

  it("counts a bid above the seller's maxBid as no bid: 1000 when BUYERS_FILE sets none", async () => {
    expect(await resultOf(200, { bid: 100.01 }, 100)).toEqual({ kind: 'no-bid', reason: 'above_max_bid' });
    expect(await resultOf(200, { bid: 1000.01 })).toEqual({ kind: 'no-bid', reason: 'above_max_bid' });
    expect(await resultOf(200, { bid: 1000 })).toEqual({ kind: 'bid', amount: 1000 });
  });

  it('counts a status other than 2xx as no bid, a bid in its body included, and shows the answer', async () => {
    const answered = await pingBuyer(await target(answer(500, 'down for maintenance')), body(), MAX_BID);
    expect(answered).toMatchObject({
      status: 500,
      answer: 'down for maintenance',
      result: { kind: 'no-bid', reason: 'http_status' },
    });
    expect(await resultOf(422, { bid: 50 })).toEqual({ kind: 'no-bid', reason: 'http_status' });
    const redirecting: PingHandler = (response) => response.writeHead(302, { location: '/elsewhere' }).end();
    expect((await pingBuyer(await target(redirecting), body(), MAX_BID)).result).toEqual({
      kind: 'no-bid',
      reason: 'http_status',
    });
  });

  it('reads no more than a small answer: a longer one is no bid, and only its start is kept', async () => {
    const huge = JSON.stringify({ bid: 5, padding: 'x'.repeat(5 * 1024 * 1024) });
    const answered = await pingBuyer(await target(answer(200, huge)), body(), MAX_BID);
    expect(answered.result).toEqual({ kind: 'no-bid', reason: 'too_large' });
    expect(answered.answer).toBe(huge.slice(0, SHOWN_ANSWER_CHARS));
    // An answer just within the limit is read whole.
    const padded = JSON.stringify({ bid: 5, padding: 'x'.repeat(MAX_PING_ANSWER_BYTES - 30) });
    expect(padded.length).toBeLessThanOrEqual(MAX_PING_ANSWER_BYTES);
    expect(await resultOf(200, padded)).toEqual({ kind: 'bid', amount: 5 });
  });

  it('gives up on a buyer at its timeout, while the buyer still holds the request unanswered', async () => {
    const silent = await buyer(() => {});
    const started = performance.now();
    const answered = await pingBuyer(
      { pingEndpoint: silent.url, signingKeys: [], pingTimeoutMs: 200 },
      body(),
      MAX_BID,
    );
    const elapsed = performance.now() - started;
    expect(answered).toMatchObject({
      status: null,
      answer: '',
      result: { kind: 'no-bid', reason: 'late' },
      error: 'no answer within 200 ms',
    });
    expect(elapsed).toBeGreaterThanOrEqual(190);
    expect(elapsed).toBeLessThan(200 + MARGIN_MS);
    expect(answered.durationMs).toBeGreaterThanOrEqual(190);
    expect(silent.received).toHaveLength(1);
    expect(silent.received[0]!.answered()).toBe(false);
  });

  it('gives up on a buyer that sends its status at once and its answer too slowly', async () => {
    const trickling: PingHandler = (response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write('{"bid":');
    };
    const started = performance.now();
    const answered = await pingBuyer(await target(trickling, { pingTimeoutMs: 200 }), body(), MAX_BID);
    expect(performance.now() - started).toBeLessThan(200 + MARGIN_MS);
    expect(answered.result).toEqual({ kind: 'no-bid', reason: 'late' });
  });

  it('gives a buyer that sets no timeout 750 ms', async () => {
    const started = performance.now();
    const answered = await pingBuyer(await target(() => {}, { pingTimeoutMs: undefined }), body(), MAX_BID);
    const elapsed = performance.now() - started;
    expect(answered.error).toBe('no answer within 750 ms');
    expect(elapsed).toBeGreaterThanOrEqual(740);
    expect(elapsed).toBeLessThan(750 + MARGIN_MS);
  });

  it('counts a buyer that refuses the connection, or drops it, as unreachable', async () => {
    const closedPort = await freePort();
    const refused = await pingBuyer(
      { pingEndpoint: `http://127.0.0.1:${closedPort}/ping`, signingKeys: [KEY], pingTimeoutMs: 2_000 },
      body(),
      MAX_BID,
    );
    expect(refused).toMatchObject({
      status: null,
      result: { kind: 'no-bid', reason: 'unreachable' },
      error: 'request failed (ECONNREFUSED)',
    });
    const dropping: PingHandler = (_, request) => request.socket.destroy();
    const dropped = await pingBuyer(await target(dropping), body(), MAX_BID);
    expect(dropped).toMatchObject({ status: null, result: { kind: 'no-bid', reason: 'unreachable' } });
    expect(dropped.error).toMatch(/^request failed \(/);
  });
});
