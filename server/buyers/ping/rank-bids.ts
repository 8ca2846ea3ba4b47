/**
 * The auction's second half: the bids in the order the lead is offered on them, highest first. A bid below the seller's
 * floor or the buyer's own minimum, or above the sanity ceiling, is set aside with its reason, for the lead's path
 * (docs/decisions/145-ping-post-auction.md).
 */
import type { SaleSettings } from '../buyer.ts';

/** A buyer's bid on one lead. */
export interface Bid {
  buyerId: string;
  /** USD: what its ping answered, or its fixed `price`. */
  amount: number;
  /** Whether the amount is a ping's answer or the buyer's fixed price. */
  source: 'ping' | 'price';
  /** The buyer's `minPrice`: its bids below it do not win. Absent: the seller's floor alone decides. */
  minPrice?: number | undefined;
}

/** The seller's terms for every lead: BUYERS_FILE's `floorPrice` and `maxBid`, defaults filled in. */
export type AuctionTerms = Pick<SaleSettings, 'floorPrice' | 'maxBid'>;

/** A buyer the lead is posted to, at its bid. */
export interface Offer {
  buyerId: string;
  price: number;
  source: Bid['source'];
}

export type DroppedBidReason = 'above_max_bid' | 'below_floor' | 'below_min_price';

export interface DroppedBid {
  buyerId: string;
  amount: number;
  reason: DroppedBidReason;
}

export interface Ranking {
  /** Who the lead is posted to, in turn: the highest bid first, equal bids in the buyers' priority order. */
  offers: Offer[];
  dropped: DroppedBid[];
}

function whyDropped(bid: Bid, floorPrice: number, maxBid: number): DroppedBidReason | undefined {
  if (bid.amount > maxBid) return 'above_max_bid';
  if (bid.amount < floorPrice) return 'below_floor';
  if (bid.minPrice !== undefined && bid.amount < bid.minPrice) return 'below_min_price';
  return undefined;
}

/**
 * Ranks the bids, given in the buyers' priority order (inPriorityOrder): a bid equal to another keeps its place
 * after a buyer of higher priority. A bid at the floor or at the buyer's minimum stands.
 */
export function rankBids(bids: readonly Bid[], { floorPrice, maxBid }: AuctionTerms): Ranking {
  const offers: Offer[] = [];
  const dropped: DroppedBid[] = [];
  for (const bid of bids) {
    const reason = whyDropped(bid, floorPrice, maxBid);
    if (reason === undefined) offers.push({ buyerId: bid.buyerId, price: bid.amount, source: bid.source });
    else dropped.push({ buyerId: bid.buyerId, amount: bid.amount, reason });
  }
  // Array.prototype.sort is stable: equal prices keep the priority order they came in.
  offers.sort((a, b) => b.price - a.price);
  return { offers, dropped };
}
