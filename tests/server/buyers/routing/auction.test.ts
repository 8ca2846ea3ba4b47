/**
 * The auction in routing, black-box with local buyers (real node:http servers for pings and posts), on PGlite and
 * (with DATABASE_URL) PostgreSQL: the highest bid wins and is posted with its price and ping id, a refusal falls to the
 * next bid at once, broken answers and full caps are recorded with their reasons while the lead still ends sold, a
 * buyer that refuses connections costs each lead at most failoverSeconds, and nothing personal reaches a ping.
 */
import { describe, expect, it, vi } from 'vitest';
import { httpBuyerClient } from '../../../../server/buyers/delivery/buyer-client.ts';
import { DEAD_LETTER_QUEUE } from '../../../../server/buyers/delivery/lead-delivery.ts';
import { routeLead, type RouteJob } from '../../../../server/buyers/routing/route-lead.ts';
import { capPeriods } from '../../../../server/buyers/routing/cap-periods.ts';
import {
  attemptsOf,
  buyerAt,
  captureLog,
  deliveredAt,
  endOf,
  jobsOf,
  jobStates,
  openDatabase,
  startBuyer,
  startDelivery,
  SIGNING_KEY,
  WAIT,
} from '../../../support/delivery-setup.ts';
import { freePort } from '../../../support/server-process.ts';
import { DATABASES } from '../../../support/server-harness.ts';
import { answer, biddingBuyer, PERSONAL, pingsOf, saleOf, startBidder, storeConsentedLead } from './auction-support.ts';

describe.each(DATABASES)('the auction on $name', (kind) => {
  it('posts the lead to the highest bid with its price and ping id; nothing personal reaches a ping', async () => {
    const setup = await openDatabase(kind);
    const [lowPings, highPings] = [
      await startBidder(answer(200, { bid: 12.5 })),
      await startBidder(answer(200, { bid: 30 })),
    ];
    const [low, high, fixed, byPriority] = [
      await startBuyer(),
      await startBuyer(),
      await startBuyer(),
      await startBuyer(),
    ];
    const buyers = [
      buyerAt(byPriority, { id: 'elmsbrook', priority: 1 }),
      biddingBuyer(low, lowPings, { id: 'quillmont', priority: 2 }),
      buyerAt(fixed, { id: 'corvane', priority: 3, price: 20 }),
      biddingBuyer(high, highPings, { id: 'vantorra', priority: 4 }),
    ];
    const delivery = await startDelivery(setup, { buyers });
    const leadId = await storeConsentedLead(setup.db, delivery);

    await vi.waitFor(async () => expect(await deliveredAt(setup.db, leadId)).toBeInstanceOf(Date), WAIT);
    expect(await saleOf(setup.db, leadId)).toEqual({
      delivered_to: 'vantorra',
      sold_price: '30.00',
      path: [{ buyer_id: 'vantorra', state: 'delivered', reason: null, price: '30.00' }],
    });
    const [ping] = highPings.received;
    const [post] = high.accepted();
    expect(post!.body).toMatchObject({ price: 30, ping_id: ping!.body.ping_id, email: 'maria.rivera@example.com' });
    expect([low.received, fixed.received, byPriority.received]).toEqual([[], [], []]);

    const pings = await pingsOf(setup.db, leadId);
    expect(pings.get('quillmont')).toMatchObject({ bid: '12.50', no_bid_reason: null, http_status: 200 });
    expect(pings.get('vantorra')).toMatchObject({ bid: '30.00', ping_id: ping!.body.ping_id, sent: ping!.body });
    for (const received of [...lowPings.received, ...highPings.received]) {
      for (const personal of PERSONAL) expect(received.raw).not.toContain(personal);
      expect(received.body).toMatchObject({ state: 'CA', zip3: '902', amount: 50000, has_certificate: true });
    }
  }, 30_000);

  it('leaves a lead no bid could win unsold, saying so apart from the buyers not eligible', async () => {
    const setup = await openDatabase(kind);
    const declining = await startBidder(answer(200, { bid: null }));
    const [bidder, texas] = [await startBuyer(), await startBuyer()];
    const buyers = [
      biddingBuyer(bidder, declining, { id: 'vantorra', priority: 1 }),
      buyerAt(texas, { id: 'elmsbrook', priority: 2, filters: { states: ['TX'] } }),
    ];
    const delivery = await startDelivery(setup, { buyers });
    const leadId = await storeConsentedLead(setup.db, delivery);

    await vi.waitFor(async () => expect((await endOf(setup.db, leadId)).state).toBe('unsold'), WAIT);
    expect(await endOf(setup.db, leadId)).toEqual({
      state: 'unsold',
      reason: '1 made no bid that could win, 1 not eligible',
    });
    expect(bidder.received).toEqual([]);
  }, 30_000);

  it('offers the lead to the next bid at once when the highest refuses the post', async () => {
    const setup = await openDatabase(kind);
    const pings = await startBidder(answer(200, { bid: 30 }));
    const refusing = await startBuyer({
      script: () => ({ status: 422, body: { status: 'rejected', reason: 'duplicate' } }),
    });
    const fixed = await startBuyer();
    const buyers = [
      buyerAt(fixed, { id: 'corvane', priority: 1, price: 20 }),
      biddingBuyer(refusing, pings, { id: 'vantorra', priority: 2 }),
    ];
    const delivery = await startDelivery(setup, { buyers });
    const leadId = await storeConsentedLead(setup.db, delivery);

    await vi.waitFor(async () => expect(await deliveredAt(setup.db, leadId)).toBeInstanceOf(Date), WAIT);
    expect(await saleOf(setup.db, leadId)).toEqual({
      delivered_to: 'corvane',
      sold_price: '20.00',
      path: [
        {
          buyer_id: 'vantorra',
          state: 'refused',
          reason: 'rejected the lead (HTTP 422, reason duplicate)',
          price: null,
        },
        { buyer_id: 'corvane', state: 'delivered', reason: null, price: '20.00' },
      ],
    });
    expect(refusing.received[0]!.body).toMatchObject({ price: 30, ping_id: pings.received[0]!.body.ping_id });
    // A fixed price answers no ping: its post carries the price alone.
    expect(fixed.accepted()[0]!.body).toMatchObject({ price: 20 });
    expect(fixed.accepted()[0]!.body).not.toHaveProperty('ping_id');
    // One run: the refusal did not wait for a retry.
    expect((await attemptsOf(setup.db, leadId)).map((attempt) => attempt.buyer_id)).toEqual(['vantorra', 'corvane']);
  }, 30_000);

  it('records each answer that is no bid with its reason, ignores a full cap, and still sells the lead', async () => {
    const setup = await openDatabase(kind);
    const post = await startBuyer();
    const capped = await startBidder(answer(200, { bid: 90 }));
    const answers = {
      'not-json': answer(200, 'yes please'),
      negative: answer(200, { bid: -5 }),
      ceiling: answer(200, { bid: 5000 }),
      declined: answer(200, { bid: null }),
      late: answer(200, { bid: 80 }, 1_000),
      floor: answer(200, { bid: 3 }),
      minimum: answer(200, { bid: 8 }),
    };
    const bidders = Object.fromEntries(
      await Promise.all(Object.entries(answers).map(async ([id, handle]) => [id, await startBidder(handle)] as const)),
    );
    const buyers = [
      biddingBuyer(post, bidders['not-json']!, { id: 'not-json', priority: 1 }),
      biddingBuyer(post, bidders.negative!, { id: 'negative', priority: 2 }),
      biddingBuyer(post, bidders.ceiling!, { id: 'ceiling', priority: 3 }),
      // Declined in so many words: its fixed price does not stand in for the bid.
      biddingBuyer(post, bidders.declined!, { id: 'declined', priority: 4, price: 25 }),
      // Late: its fixed price stands in for the bid it did not make.
      biddingBuyer(post, bidders.late!, { id: 'late', priority: 5, price: 9 }, 100),
      biddingBuyer(post, bidders.floor!, { id: 'floor', priority: 6 }),
      biddingBuyer(post, bidders.minimum!, { id: 'minimum', priority: 7, minPrice: 10 }),
      biddingBuyer(post, capped, { id: 'capped', priority: 8, caps: { perDay: 1 } }),
      buyerAt(post, { id: 'elmsbrook', priority: 9 }),
    ];
    const { day } = capPeriods('America/Los_Angeles', new Date());
    await setup.db.query(
      `insert into buyer_cap_usage (buyer_id, period, period_key, used) values ('capped', 'day', $1, 1)`,
      [day],
    );
    const delivery = await startDelivery(setup, {
      buyers,
      sale: { floorPrice: 5, maxBid: 1000, failoverSeconds: 120 },
    });
    const leadId = await storeConsentedLead(setup.db, delivery);

    await vi.waitFor(async () => expect(await deliveredAt(setup.db, leadId)).toBeInstanceOf(Date), WAIT);
    const { delivered_to, sold_price, path } = await saleOf(setup.db, leadId);
    expect({ delivered_to, sold_price }).toEqual({ delivered_to: 'late', sold_price: '9.00' });
    expect(Object.fromEntries(path.map((step) => [step.buyer_id, [step.state, step.reason]]))).toEqual({
      capped: ['skipped', 'its cap of 1 a day is reached'],
      'not-json': ['skipped', 'it made no bid (not_json)'],
      negative: ['skipped', 'it made no bid (invalid_bid)'],
      ceiling: ['skipped', 'it made no bid (above_max_bid)'],
      declined: ['skipped', 'it made no bid (declined)'],
      floor: ['skipped', 'its bid of $3.00 is below the floor price of $5.00'],
      minimum: ['skipped', 'its bid of $8.00 is below its minimum price of $10.00'],
      late: ['delivered', null],
    });
    const pings = await pingsOf(setup.db, leadId);
    expect(Object.fromEntries([...pings].map(([id, ping]) => [id, ping.no_bid_reason ?? ping.bid]))).toEqual({
      'not-json': 'not_json',
      negative: 'invalid_bid',
      ceiling: 'above_max_bid',
      declined: 'declined',
      late: 'late',
      floor: '3.00',
      minimum: '8.00',
    });
    expect(pings.get('not-json')!.answer).toBe('yes please');
    expect(capped.received).toEqual([]);
  }, 30_000);

  it('moves each lead on from a buyer that refuses connections within failoverSeconds, its retries stopped', async () => {
    const setup = await openDatabase(kind);
    const pings = await startBidder(answer(200, { bid: 50 }));
    const down = `http://127.0.0.1:${await freePort()}/leads`;
    const next = await startBuyer();
    const failoverSeconds = 2;
    const buyers = [
      buyerAt(next, { id: 'corvane', priority: 1, price: 20 }),
      {
        ...buyerAt(next, { id: 'vantorra', priority: 2 }),
        client: httpBuyerClient({ url: down, signingKeys: [SIGNING_KEY], timeoutMs: 5_000 }),
        ping: { pingEndpoint: pings.url, signingKeys: [SIGNING_KEY] },
      },
    ];
    // Its schedule alone would hold a lead five seconds, then five minutes.
    const delivery = await startDelivery(setup, {
      buyers,
      retryPauses: [5, 300],
      sale: { floorPrice: 0, maxBid: 1000, failoverSeconds },
    });
    const leadIds = await Promise.all(
      [1, 2, 3].map((n) => storeConsentedLead(setup.db, delivery, { email: `owner${n}@example.com` })),
    );

    for (const leadId of leadIds) {
      await vi.waitFor(async () => expect(await deliveredAt(setup.db, leadId)).toBeInstanceOf(Date), WAIT);
      const attempts = await attemptsOf(setup.db, leadId);
      const failed = attempts.filter((attempt) => attempt.buyer_id === 'vantorra');
      expect(failed.length).toBeGreaterThan(0);
      expect(failed.every((attempt) => /ECONNREFUSED/.test(attempt.error ?? ''))).toBe(true);
      // From its first failed post to the next buyer's 2xx: the failover time, and the queue's wake-up at most.
      const cost = (await deliveredAt(setup.db, leadId))!.getTime() - failed[0]!.attempted_at.getTime();
      expect(cost).toBeLessThan(failoverSeconds * 1000 + 1_500);
      const { delivered_to, sold_price, path } = await saleOf(setup.db, leadId);
      expect({ delivered_to, sold_price }).toEqual({ delivered_to: 'corvane', sold_price: '20.00' });
      expect(path[0]).toMatchObject({
        buyer_id: 'vantorra',
        state: 'failed',
        reason: expect.stringMatching(/^failed for \d+ s over \d+ attempts: the lead moved on$/),
      });
      // No run of the lead is left to retry the failing buyer.
      await vi.waitFor(async () => expect(await jobStates(setup, leadId)).not.toContain('created'), WAIT);
    }
    const { rows } = await setup.db.query<{ moved_on: number }>(
      `select count(*)::int as moved_on from lead_routes where buyer_id = 'vantorra' and moved_on_at is not null`,
    );
    expect(rows[0]!.moved_on).toBe(3);
  }, 60_000);

  it('gives the lead back to the buyer it moved on from, on its retry schedule, when no buyer after it takes it', async () => {
    const setup = await openDatabase(kind);
    const pings = await startBidder(answer(200, { bid: 50 }));
    const refusing = await startBuyer({
      script: () => ({ status: 422, body: { status: 'rejected', reason: 'duplicate' } }),
    });
    // Down until the lead has been offered to the other buyer, back by the time the lead returns.
    const recovering = await startBuyer({ script: () => ({ status: refusing.received.length > 0 ? 200 : 503 }) });
    const buyers = [
      buyerAt(refusing, { id: 'corvane', priority: 1, price: 20 }),
      biddingBuyer(recovering, pings, { id: 'vantorra', priority: 2 }),
    ];
    const retryPauses = [1, 5, 1];
    const delivery = await startDelivery(setup, {
      buyers,
      retryPauses,
      sale: { floorPrice: 0, maxBid: 1000, failoverSeconds: 3 },
    });
    const leadId = await storeConsentedLead(setup.db, delivery);

    await vi.waitFor(async () => expect(await deliveredAt(setup.db, leadId)).toBeInstanceOf(Date), WAIT);
    expect(await saleOf(setup.db, leadId)).toEqual({
      delivered_to: 'vantorra',
      sold_price: '50.00',
      path: [
        {
          buyer_id: 'vantorra',
          state: 'delivered',
          reason: expect.stringMatching(
            /^failed for \d+ s over \d+ attempts: the lead moved on; no buyer after it took the lead, so its retries resumed$/,
          ),
          price: '50.00',
        },
        {
          buyer_id: 'corvane',
          state: 'refused',
          reason: 'rejected the lead (HTTP 422, reason duplicate)',
          price: null,
        },
      ],
    });
    // One buyer at a time: the refusal came between the failing buyer's posts and the one that sold the lead.
    const attempts = await attemptsOf(setup.db, leadId);
    const failed = attempts.slice(0, -2);
    expect(failed.length).toBeGreaterThan(0);
    expect(failed.every((attempt) => attempt.buyer_id === 'vantorra' && attempt.outcome === 'failed')).toBe(true);
    expect(attempts.slice(-2).map((attempt) => [attempt.buyer_id, attempt.outcome])).toEqual([
      ['corvane', 'rejected'],
      ['vantorra', 'delivered'],
    ]);
    // The post that sold it waited for the schedule's pause after the last failure, not sent the moment it came back.
    const pause = retryPauses[failed.length - 1]! * 1000;
    expect(attempts.at(-1)!.attempted_at.getTime() - failed.at(-1)!.attempted_at.getTime()).toBeGreaterThanOrEqual(
      pause,
    );
    expect(recovering.accepted()).toHaveLength(1);
    // The Lenders page still counts the lead as one that moved on from it.
    const { rows } = await setup.db.query<{ moved_on: number }>(
      `select count(*)::int as moved_on from lead_routes where buyer_id = 'vantorra' and moved_on_at is not null`,
    );
    expect(rows[0]!.moved_on).toBe(1);
  }, 30_000);

  it('dead-letters a lead once the buyer it came back to has spent its retries', async () => {
    const setup = await openDatabase(kind);
    const down = await startBuyer({ status: 503 });
    const refusing = await startBuyer({
      script: () => ({ status: 422, body: { status: 'rejected', reason: 'duplicate' } }),
    });
    const buyers = [
      buyerAt(down, { id: 'vantorra', priority: 1, price: 40 }),
      buyerAt(refusing, { id: 'corvane', priority: 2, price: 20 }),
    ];
    const delivery = await startDelivery(setup, {
      buyers,
      retryPauses: [1, 1, 1],
      sale: { floorPrice: 0, maxBid: 1000, failoverSeconds: 1 },
    });
    const leadId = await storeConsentedLead(setup.db, delivery);

    await vi.waitFor(async () => expect((await endOf(setup.db, leadId)).state).toBe('dead-lettered'), WAIT);
    expect(await endOf(setup.db, leadId)).toEqual({
      state: 'dead-lettered',
      reason: '1 failed until their retries were spent, 1 refused',
    });
    // Its whole schedule, four posts, around the other buyer's refusal; none after.
    const attempts = await attemptsOf(setup.db, leadId);
    expect(attempts.filter((attempt) => attempt.buyer_id === 'vantorra')).toHaveLength(4);
    expect(attempts.filter((attempt) => attempt.buyer_id === 'corvane')).toHaveLength(1);
    expect(down.received).toHaveLength(4);
    // No run of the lead is left to post it again: its job waits in the dead-letter queue for an operator's replay.
    await vi.waitFor(
      async () =>
        expect((await jobsOf(setup, leadId)).filter((job) => job.state === 'created').map((job) => job.name)).toEqual([
          DEAD_LETTER_QUEUE,
        ]),
      WAIT,
    );
  }, 30_000);

  it('keeps retrying a failing buyer when no other buyer can take the lead', async () => {
    const setup = await openDatabase(kind);
    const recovering = await startBuyer({ failFirst: 2 });
    const texas = await startBuyer();
    const buyers = [
      buyerAt(recovering, { id: 'vantorra', priority: 1, price: 40 }),
      buyerAt(texas, { id: 'elmsbrook', priority: 2, filters: { states: ['TX'] } }),
    ];
    const delivery = await startDelivery(setup, {
      buyers,
      retryPauses: [1, 1, 1],
      sale: { floorPrice: 0, maxBid: 1000, failoverSeconds: 0 },
    });
    const leadId = await storeConsentedLead(setup.db, delivery);

    await vi.waitFor(async () => expect(await deliveredAt(setup.db, leadId)).toBeInstanceOf(Date), WAIT);
    expect(await saleOf(setup.db, leadId)).toMatchObject({ delivered_to: 'vantorra', sold_price: '40.00' });
    expect(recovering.received).toHaveLength(3);
    expect(texas.received).toEqual([]);
  }, 30_000);

  it('sells a lead once when two runs of its routing ping for it at the same moment', async () => {
    const setup = await openDatabase(kind);
    const [firstPings, secondPings] = [
      await startBidder(answer(200, { bid: 30 }, 100)),
      await startBidder(answer(200, { bid: 20 }, 100)),
    ];
    const [first, second] = [await startBuyer({ script: () => ({ status: 200, delayMs: 100 }) }), await startBuyer()];
    const buyers = [
      biddingBuyer(first, firstPings, { id: 'quillmont', priority: 1 }),
      biddingBuyer(second, secondPings, { id: 'vantorra', priority: 2 }),
    ];
    const leadId = await storeConsentedLead(setup.db, undefined);
    // Two servers running the same lead after a crash: neither waits for the other; their jobs settle as they can.
    const run = (): RouteJob => ({
      data: { leadId },
      deferNext: () => Promise.reject(new Error('no buyer fails here')),
      end: async () => true,
    });
    const context = { db: setup.db, buyers, log: captureLog().log };
    // A run may fail on PostgreSQL when both record their attempt at once (its job then runs again): either way, once
    // more finds the lead sold and sends nothing.
    await Promise.allSettled([routeLead(context, run()), routeLead(context, run())]);
    const postsBefore = first.received.length;
    expect(await routeLead(context, run())).toEqual({ status: 'completed' });
    expect(first.received).toHaveLength(postsBefore);

    expect(await saleOf(setup.db, leadId)).toEqual({
      delivered_to: 'quillmont',
      sold_price: '30.00',
      path: [{ buyer_id: 'quillmont', state: 'delivered', reason: null, price: '30.00' }],
    });
    const stored = await pingsOf(setup.db, leadId);
    expect([...stored.keys()].sort()).toEqual(['quillmont', 'vantorra']);
    // Each run may have pinged; both posted on the one stored bid, under the lead's one message id.
    const posts = first.received.map((request) => request.body);
    expect(posts.length).toBeGreaterThan(0);
    for (const body of posts) expect(body).toMatchObject({ price: 30, ping_id: stored.get('quillmont')!.ping_id });
    expect(first.accepted()).toHaveLength(1);
    expect(second.received).toEqual([]);
  }, 30_000);
});
