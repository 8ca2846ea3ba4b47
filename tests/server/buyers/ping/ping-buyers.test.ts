/**
 * Pinging every bidding buyer of a lead at once, against real local buyers: the auction takes as long as the slowest
 * of them, never the sum, and each buyer's part (what it was sent, what it answered) is there for the lead's path.
 */
import { performance } from 'node:perf_hooks';
import { afterEach, describe, expect, it } from 'vitest';
import type { PingLead } from '../../../../server/buyers/ping/ping-body.ts';
import { pingBuyers } from '../../../../server/buyers/ping/ping-buyers.ts';
import { freePort } from '../../../support/server-process.ts';
import { validLead } from '../../../support/lead-fixture.ts';
import { verifyWebhook } from '../../../support/webhook-verify.ts';
import { answer, startBiddingBuyer, type BiddingBuyer, type PingHandler } from './bidding-buyer.ts';

const lead: PingLead = {
  payload: validLead(),
  flowVersion: 'v1',
  receivedAt: new Date('2026-03-15T17:00:00.000Z'),
  consent: { sha256: 'ab'.repeat(32), certificateUrl: 'https://cert.trustedform.com/0123456789abcdef' },
};
const secretOf = (key: Buffer) => `whsec_${key.toString('base64')}`;
/** Time an auction takes beyond its longest timeout, at most, on a loaded test machine. */
const MARGIN_MS = 250;

const started: BiddingBuyer[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((buyer) => buyer.close()));
});

async function buyer(handle: PingHandler): Promise<BiddingBuyer> {
  const one = await startBiddingBuyer(handle);
  started.push(one);
  return one;
}

describe('pinging the bidding buyers of a lead', () => {
  it('pings four buyers at once: the auction takes about the slowest one, not the sum', async () => {
    const delays = [100, 200, 300, 400];
    const bidders = await Promise.all(delays.map((delay, n) => buyer(answer(200, { bid: 10 + n }, delay))));
    const keys = delays.map((_, n) => Buffer.alloc(32, n + 1));
    const begun = performance.now();
    const pings = await pingBuyers(
      lead,
      bidders.map((bidder, n) => ({ id: `buyer-${n}`, pingEndpoint: bidder.url, signingKeys: [keys[n]!] })),
      1000,
    );
    const elapsed = performance.now() - begun;
    const sum = delays.reduce((total, delay) => total + delay, 0);
    expect(elapsed).toBeGreaterThanOrEqual(390);
    expect(elapsed).toBeLessThan(sum);
    expect(pings.map(({ buyerId, result }) => [buyerId, result])).toEqual([
      ['buyer-0', { kind: 'bid', amount: 10 }],
      ['buyer-1', { kind: 'bid', amount: 11 }],
      ['buyer-2', { kind: 'bid', amount: 12 }],
      ['buyer-3', { kind: 'bid', amount: 13 }],
    ]);
    // Each buyer got the lead under a ping id of its own, signed with its own secret only.
    const ids = pings.map(({ sent }) => sent.ping_id);
    expect(new Set(ids).size).toBe(4);
    pings.forEach((ping, n) => {
      const [received] = bidders[n]!.received;
      expect(received!.body).toEqual(ping.sent);
      expect(received!.headers['webhook-id']).toBe(ping.sent.ping_id);
      expect(verifyWebhook(secretOf(keys[n]!), received!.headers, received!.raw)).toBe(true);
      expect(verifyWebhook(secretOf(keys[(n + 1) % 4]!), received!.headers, received!.raw)).toBe(false);
      // The same lead for all: the bodies differ in their ping id only.
      expect({ ...ping.sent, ping_id: '' }).toEqual({ ...pings[0]!.sent, ping_id: '' });
    });
  });

  it('resolves by the longest timeout, whatever the others do, with what each buyer was sent and answered', async () => {
    const bidding = await buyer(answer(200, { bid: 25 }));
    const silent = await buyer(() => {});
    const failing = await buyer(answer(503, 'busy'));
    const closedPort = await freePort();
    const begun = performance.now();
    const pings = await pingBuyers(
      lead,
      [
        { id: 'bidding', pingEndpoint: bidding.url, signingKeys: [] },
        { id: 'silent', pingEndpoint: silent.url, signingKeys: [], pingTimeoutMs: 300 },
        { id: 'failing', pingEndpoint: failing.url, signingKeys: [] },
        { id: 'gone', pingEndpoint: `http://127.0.0.1:${closedPort}/ping`, signingKeys: [] },
      ],
      20,
    );
    expect(performance.now() - begun).toBeLessThan(300 + MARGIN_MS);
    expect(silent.received[0]!.answered()).toBe(false);
    expect(pings).toMatchObject([
      { buyerId: 'bidding', status: 200, answer: '{"bid":25}', result: { kind: 'no-bid', reason: 'above_max_bid' } },
      { buyerId: 'silent', status: null, answer: '', result: { kind: 'no-bid', reason: 'late' } },
      { buyerId: 'failing', status: 503, answer: 'busy', result: { kind: 'no-bid', reason: 'http_status' } },
      { buyerId: 'gone', status: null, answer: '', result: { kind: 'no-bid', reason: 'unreachable' } },
    ]);
    for (const ping of pings) {
      expect(ping.sent).toMatchObject({
        state: 'CA',
        zip3: '902',
        has_certificate: true,
        consent_sha256: 'ab'.repeat(32),
      });
    }
  });

  it('resolves at once with nothing to ping', async () => {
    expect(await pingBuyers(lead, [], 1000)).toEqual([]);
  });
});
