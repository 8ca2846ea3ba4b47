/**
 * The auction's first half: every bidding buyer is pinged at the same moment, and the answers are in once the last has
 * answered or run out of time, so an auction takes as long as its slowest buyer, never the sum of them.
 */
import { randomUUID } from 'node:crypto';
import { pingBody, type PingBody, type PingLead } from './ping-body.ts';
import { pingBuyer, type PingAnswer, type PingTarget } from './ping-client.ts';

/** A buyer that is asked for a bid. */
export interface PingedBuyer extends PingTarget {
  id: string;
}

/** One buyer's part of the auction, for the lead's path: what it was sent and what it answered. */
export interface BuyerPing extends PingAnswer {
  buyerId: string;
  sent: PingBody;
}

/**
 * Pings each buyer with the lead under a ping id of its own, all at once; a bid above `maxBid` is no bid. Resolves,
 * in the order the buyers were given, when every one has answered or timed out; never rejects.
 */
export async function pingBuyers(lead: PingLead, buyers: readonly PingedBuyer[], maxBid: number): Promise<BuyerPing[]> {
  return Promise.all(
    buyers.map(async (buyer): Promise<BuyerPing> => {
      const sent = pingBody(lead, randomUUID());
      const answered = await pingBuyer(buyer, sent, maxBid);
      return { buyerId: buyer.id, sent, ...answered };
    }),
  );
}
