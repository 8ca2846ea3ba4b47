import { afterEach, describe, expect, it } from 'vitest';
import { AUCTION_REVENUE_BASE, auctionLead, auctionLeadNumber } from '../../bench/auction-leads.ts';
import { checkSales } from '../../bench/auction-speed.ts';
import {
  drawBid,
  MAX_BID,
  MAX_PING_DELAY_MS,
  MIN_BID,
  startBiddingBuyers,
  type BiddingBuyers,
} from '../../bench/bidding-buyer.ts';

const LENDERS = ['quillmont', 'vantorra', 'elmsbrook', 'corvane'];
const SEED = 'test-seed';
let buyers: BiddingBuyers | undefined;

afterEach(async () => {
  await buyers?.close();
  buyers = undefined;
});

async function postJson(url: string, body: unknown): Promise<{ status: number; json: unknown }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: await response.json() };
}

/** What the server pings a buyer with, as far as the bidding buyer reads it. */
const ping = (n: number, pingId: string) => ({
  ping_id: pingId,
  average_monthly_revenue: AUCTION_REVENUE_BASE + n,
  state: 'CA',
});

/** What the server posts a buyer, sold on a bid or by priority. */
const post = (n: number, sale: { price?: number; ping_id?: string } = {}): Record<string, unknown> => ({
  ...auctionLead('run1', n),
  ...sale,
});

describe('the auction bench', () => {
  it('numbers each lead in its revenue, which pings carry, and reads no number from a revenue of its own', () => {
    expect(auctionLeadNumber(auctionLead('run1', 7).average_monthly_revenue)).toBe(7);
    expect(auctionLeadNumber(30_000.5)).toBeUndefined();
    expect(auctionLeadNumber(AUCTION_REVENUE_BASE - 1)).toBeUndefined();
    expect(auctionLeadNumber(null)).toBeUndefined();
  });

  it('draws the same bids from the same seed, in whole cents within the range, with winners that vary', () => {
    const draws = Array.from({ length: 200 }, (_, n) => LENDERS.map((lender) => drawBid(SEED, lender, n)));
    expect(drawBid(SEED, 'vantorra', 3)).toEqual(drawBid(SEED, 'vantorra', 3));
    expect(drawBid('another seed', 'vantorra', 3)).not.toEqual(drawBid(SEED, 'vantorra', 3));
    for (const { bid, delayMs } of draws.flat()) {
      expect(bid).toBeGreaterThanOrEqual(MIN_BID);
      expect(bid).toBeLessThanOrEqual(MAX_BID);
      expect(Math.round(bid * 100) / 100).toBe(bid);
      expect(delayMs).toBeGreaterThanOrEqual(0);
      expect(delayMs).toBeLessThanOrEqual(MAX_PING_DELAY_MS);
    }
    const winners = new Set(
      draws.map((lead) => LENDERS[lead.indexOf(lead.reduce((best, draw) => (draw.bid > best.bid ? draw : best)))]),
    );
    expect(winners).toEqual(new Set(LENDERS));
  });

  it('answers a ping with its drawn bid, no sooner than its drawn delay, and declines a lead not of the bench', async () => {
    buyers = await startBiddingBuyers(LENDERS, SEED);
    const { pingEndpoint } = buyers.endpoints('elmsbrook');
    const started = performance.now();
    const answered = await postJson(pingEndpoint, ping(11, 'p-11'));
    const { bid, delayMs } = drawBid(SEED, 'elmsbrook', 11);
    expect(answered).toEqual({ status: 200, json: { bid } });
    expect(performance.now() - started).toBeGreaterThanOrEqual(delayMs - 1);
    expect(buyers.pings.get('p-11')).toEqual({ buyer: 'elmsbrook', n: 11, bid });
    expect(buyers.firstPings.get(11)).toBeGreaterThanOrEqual(started);
    expect(await postJson(pingEndpoint, { ping_id: 'p-x', average_monthly_revenue: 5 })).toEqual({
      status: 200,
      json: { bid: null },
    });
    expect((await postJson(`${pingEndpoint.replace('elmsbrook', 'nobody')}`, ping(11, 'p-y'))).status).toBe(404);
  });

  it('notes each lead where it first arrived, and counts a repeat apart from a lead sold to a second buyer', async () => {
    buyers = await startBiddingBuyers(LENDERS, SEED);
    const lead = post(4, { price: 12.5, ping_id: 'p-4' });
    expect(await postJson(buyers.endpoints('corvane').endpoint, lead)).toEqual({ status: 200, json: { ok: true } });
    await postJson(buyers.endpoints('corvane').endpoint, lead);
    await postJson(buyers.endpoints('quillmont').endpoint, lead);
    expect(buyers.arrivals.get(String(lead.email))).toMatchObject({
      buyer: 'corvane',
      n: 4,
      price: 12.5,
      pingId: 'p-4',
    });
    expect(buyers.repeats()).toBe(1);
    expect(buyers.soldTwice()).toBe(1);
  });

  it('passes a lead sold to the highest bid at its price, and names every other sale', async () => {
    buyers = await startBiddingBuyers(LENDERS, SEED);
    const b = buyers;
    /** Pings every buyer for lead n (ping ids `<lender>-<n>`); answers the buyers by bid, highest first. */
    const auction = async (n: number) => {
      await Promise.all(LENDERS.map((lender) => postJson(b.endpoints(lender).pingEndpoint, ping(n, `${lender}-${n}`))));
      return LENDERS.map((lender) => ({ lender, bid: drawBid(SEED, lender, n).bid })).sort((x, y) => y.bid - x.bid);
    };
    const sell = async (n: number, lender: string, sale: { price?: number; ping_id?: string }) => {
      const lead = post(n, sale);
      await postJson(b.endpoints(lender).endpoint, lead);
      return { n, email: String(lead.email), sentAt: 0, answeredAt: 0 };
    };
    const sold: Awaited<ReturnType<typeof sell>>[] = [];
    const [best] = await auction(1);
    sold.push(await sell(1, best!.lender, { price: best!.bid, ping_id: `${best!.lender}-1` }));
    const [highest, runnerUp] = await auction(2);
    sold.push(await sell(2, runnerUp!.lender, { price: runnerUp!.bid, ping_id: `${runnerUp!.lender}-2` }));
    const [top] = await auction(3);
    sold.push(await sell(3, top!.lender, { price: top!.bid + 1, ping_id: `${top!.lender}-3` }));
    sold.push(await sell(4, 'quillmont', {}));

    expect(checkSales(sold, b)).toEqual({
      checked: 4,
      soldToHighest: 1,
      unpriced: 1,
      examples: [
        `lead 2 went to ${runnerUp!.lender} at ${runnerUp!.bid} below the highest bid, ${highest!.bid}`,
        `lead 3 went to ${top!.lender} at ${top!.bid + 1}, not its bid of ${top!.bid}`,
        'lead 4 went to quillmont without the id of a ping it answered for that lead',
      ],
    });
  });
});
