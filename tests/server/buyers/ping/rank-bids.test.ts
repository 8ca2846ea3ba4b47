/** The order a lead is offered in: highest bid first, ties by priority, bids the seller does not take set aside. */
import { describe, expect, it } from 'vitest';
import { rankBids, type Bid } from '../../../../server/buyers/ping/rank-bids.ts';

const ping = (buyerId: string, amount: number, minPrice?: number): Bid => ({
  buyerId,
  amount,
  source: 'ping',
  minPrice,
});
const fixed = (buyerId: string, amount: number, minPrice?: number): Bid => ({
  buyerId,
  amount,
  source: 'price',
  minPrice,
});

/** BUYERS_FILE's terms when it sets none. */
const TERMS = { floorPrice: 0, maxBid: 1000 };

describe('ranking bids', () => {
  it('offers the lead to the highest bid first, fixed prices and ping answers alike', () => {
    const { offers, dropped } = rankBids([ping('a', 12), fixed('b', 30), ping('c', 45.5), fixed('d', 20)], TERMS);
    expect(offers).toEqual([
      { buyerId: 'c', price: 45.5, source: 'ping' },
      { buyerId: 'b', price: 30, source: 'price' },
      { buyerId: 'd', price: 20, source: 'price' },
      { buyerId: 'a', price: 12, source: 'ping' },
    ]);
    expect(dropped).toEqual([]);
  });

  it('breaks a tie by priority: the order the bids come in', () => {
    const { offers } = rankBids(
      [ping('first', 20), fixed('second', 35), ping('third', 35), fixed('fourth', 20)],
      TERMS,
    );
    expect(offers.map(({ buyerId }) => buyerId)).toEqual(['second', 'third', 'first', 'fourth']);
    const reversed = rankBids([fixed('fourth', 20), ping('third', 35), fixed('second', 35), ping('first', 20)], TERMS);
    expect(reversed.offers.map(({ buyerId }) => buyerId)).toEqual(['third', 'second', 'fourth', 'first']);
  });

  it("sets aside a bid below the seller's floor; a bid at the floor stands", () => {
    const { offers, dropped } = rankBids([ping('low', 9.99), fixed('at', 10), ping('high', 25)], {
      ...TERMS,
      floorPrice: 10,
    });
    expect(offers.map(({ buyerId }) => buyerId)).toEqual(['high', 'at']);
    expect(dropped).toEqual([{ buyerId: 'low', amount: 9.99, reason: 'below_floor' }]);
  });

  it("sets aside a bid below the buyer's own minPrice, whatever the floor; a bid at it stands", () => {
    const { offers, dropped } = rankBids([ping('picky', 40, 50), ping('exact', 50, 50), fixed('easy', 15)], {
      ...TERMS,
      floorPrice: 10,
    });
    expect(offers.map(({ buyerId }) => buyerId)).toEqual(['exact', 'easy']);
    expect(dropped).toEqual([{ buyerId: 'picky', amount: 40, reason: 'below_min_price' }]);
  });

  it('names the floor when a bid is below both the floor and its minPrice', () => {
    expect(rankBids([ping('a', 5, 8)], { ...TERMS, floorPrice: 6 }).dropped).toEqual([
      { buyerId: 'a', amount: 5, reason: 'below_floor' },
    ]);
  });

  it('sets aside a bid above maxBid, fixed prices included', () => {
    expect(rankBids([ping('a', 1000.01), ping('b', 1000)], TERMS).dropped).toEqual([
      { buyerId: 'a', amount: 1000.01, reason: 'above_max_bid' },
    ]);
    const { offers, dropped } = rankBids([fixed('dear', 250), ping('fair', 200)], { ...TERMS, maxBid: 200 });
    expect(offers).toEqual([{ buyerId: 'fair', price: 200, source: 'ping' }]);
    expect(dropped).toEqual([{ buyerId: 'dear', amount: 250, reason: 'above_max_bid' }]);
  });

  it('takes a bid of 0 when there is no floor, and offers nothing when every bid is set aside', () => {
    expect(rankBids([ping('free', 0)], TERMS).offers).toEqual([{ buyerId: 'free', price: 0, source: 'ping' }]);
    expect(rankBids([ping('a', 1), fixed('b', 2)], { ...TERMS, floorPrice: 5 })).toEqual({
      offers: [],
      dropped: [
        { buyerId: 'a', amount: 1, reason: 'below_floor' },
        { buyerId: 'b', amount: 2, reason: 'below_floor' },
      ],
    });
    expect(rankBids([], TERMS)).toEqual({ offers: [], dropped: [] });
  });
});
