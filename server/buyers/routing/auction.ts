/**
 * The auction of a lead inside its routing (docs/decisions/146-auction-in-routing.md): every eligible bidding buyer
 * is pinged at once, fixed-price buyers bid their price, and the bids are ranked; the lead is then offered to the
 * bidders highest first and to the buyers without a price or ping after them, in priority order. The pings are stored
 * with the lead before any post, so a later run (a retry, a crash's, another server's) ranks the same bids without
 * pinging again.
 */
import type { Database } from '../../platform/db/types.ts';
import type { StoredLead } from '../delivery/attempts.ts';
import type { PostedSale } from '../delivery/buyer-client.ts';
import type { DeliveryLog } from '../delivery/delivery-log.ts';
import type { RoutableLead, RoutedBuyer, SaleSettings } from '../buyer.ts';
import { pingBuyers } from '../ping/ping-buyers.ts';
import { pingConsent, readPings, storePings, type StoredPing } from '../ping/ping-store.ts';
import { rankBids, type Bid, type DroppedBid } from '../ping/rank-bids.ts';
import { capSlot } from './cap-periods.ts';
import { whyNotEligible } from './eligibility.ts';
import { buyerHasPerson, capReached, skipBuyer, type RouteRow } from './route-store.ts';

/** A buyer the lead is offered to, in turn, with the sale it is offered on (none: no stated price). */
export interface OfferedBuyer {
  buyer: RoutedBuyer;
  sale?: PostedSale;
}

/** What the auction needs of the lead's routing run. */
export interface AuctionRun {
  db: Database;
  /** Every buyer, in priority order (inPriorityOrder). */
  buyers: readonly RoutedBuyer[];
  sale: SaleSettings;
  log: DeliveryLog;
  now: Date;
  leadId: string;
  lead: StoredLead;
  routable: RoutableLead;
  /** The lead's path so far. */
  routes: readonly RouteRow[];
}

/** A buyer that bids on leads: pinged for a bid, or with a fixed price. */
export function isBidder(buyer: RoutedBuyer): boolean {
  return buyer.ping !== undefined || buyer.price !== undefined;
}

/** The contact a buyer's dedupe window compares. */
function contactOf(payload: Readonly<Record<string, unknown>>) {
  const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);
  return { email: text(payload.email), phone: text(payload.phone) };
}

/** Why the buyer may not be offered the lead now: its filters, schedule or dedupe window; undefined when it may. */
export async function whyNotOffered(
  db: Database,
  buyer: RoutedBuyer,
  leadId: string,
  lead: StoredLead,
  routable: RoutableLead,
  now: Date,
): Promise<string | undefined> {
  const reason = whyNotEligible(buyer, routable, now);
  if (reason !== undefined) return reason;
  if (
    buyer.dedupeDays !== undefined &&
    (await buyerHasPerson(db, buyer.id, leadId, contactOf(lead.payload), buyer.dedupeDays))
  ) {
    return `it received this email or phone within ${buyer.dedupeDays} days`;
  }
  return undefined;
}

const usd = (amount: number) => `$${amount.toFixed(2)}`;

/** How every reason a bidder's step gives for losing the auction begins (droppedReason, bidOf). */
const LOST_AUCTION = /^(it made no bid|its bid of|it was not asked for a bid)/;

/** Whether a skipped step's reason is a lost auction rather than the buyer's rules (filters, hours, caps). */
export const lostAuction = (reason: string | null): boolean => reason !== null && LOST_AUCTION.test(reason);

/** Why a bid does not win, for the lead's path. */
function droppedReason({ amount, reason }: DroppedBid, buyer: RoutedBuyer, sale: SaleSettings): string {
  switch (reason) {
    case 'above_max_bid':
      return `its bid of ${usd(amount)} is above the most a bid may be (${usd(sale.maxBid)})`;
    case 'below_floor':
      return `its bid of ${usd(amount)} is below the floor price of ${usd(sale.floorPrice)}`;
    case 'below_min_price':
      return `its bid of ${usd(amount)} is below its minimum price of ${usd(buyer.minPrice ?? 0)}`;
  }
}

/**
 * The buyer's bid: its ping's, else its fixed price, unless it declined the ping in so many words. A ping that went
 * unanswered or was answered with nonsense says nothing of what the buyer wants, so its price stands; a `declined`
 * answer does.
 */
function bidOf(buyer: RoutedBuyer, ping: StoredPing | undefined): Bid | string {
  if (ping?.bid !== null && ping?.bid !== undefined) {
    return { buyerId: buyer.id, amount: ping.bid, source: 'ping', minPrice: buyer.minPrice };
  }
  if (buyer.price !== undefined && ping?.noBidReason !== 'declined') {
    return { buyerId: buyer.id, amount: buyer.price, source: 'price', minPrice: buyer.minPrice };
  }
  if (ping === undefined) return 'it was not asked for a bid: the lead has no consent evidence';
  return `it made no bid (${ping.noBidReason})`;
}

/** Records the buyers as skipped, each with its reason, in one transaction. */
async function skipAll(db: Database, leadId: string, skips: ReadonlyMap<string, string>): Promise<void> {
  if (skips.size === 0) return;
  await db.transaction(async (tx) => {
    for (const [buyerId, reason] of skips) await skipBuyer(tx, leadId, buyerId, reason);
  });
}

/** Pings the buyers with the lead and stores what each was sent and answered. */
async function ping(run: AuctionRun, buyers: readonly RoutedBuyer[]): Promise<void> {
  const { db, leadId, lead, log } = run;
  const consent = await pingConsent(db, leadId);
  if (consent === undefined) return;
  const pingedAt = new Date();
  const targets = buyers.map((buyer) => ({ id: buyer.id, ...buyer.ping! }));
  const pings = await pingBuyers(
    { payload: lead.payload, flowVersion: lead.flowVersion, receivedAt: lead.receivedAt, consent },
    targets,
    run.sale.maxBid,
  );
  await storePings(db, leadId, pingedAt, pings);
  // One line per auction, not per buyer: what each answered is on the lead's path in the console.
  const noBids = pings.flatMap(({ buyerId, result }) =>
    result.kind === 'no-bid' ? [{ buyerId, reason: result.reason }] : [],
  );
  const longestMs = Math.max(...pings.map(({ durationMs }) => durationMs));
  log.info(
    { leadId, pinged: pings.length, bids: pings.length - noBids.length, noBids, longestMs },
    'buyers pinged for bids',
  );
}

/**
 * The order the lead is offered in, the auction run first where it has not been: bidders not yet on the path are
 * checked (filters, schedule, dedupe window, a cap with no room: skipped with the reason, never pinged), those with a
 * ping endpoint and no stored ping are pinged, and the bids ranked; a bidder with no bid, or a bid that cannot win,
 * is recorded as skipped with why. Buyers without a price or ping follow the bids in priority order.
 */
export async function offerOrder(run: AuctionRun): Promise<OfferedBuyer[]> {
  const { db, buyers, leadId, lead, routable, now, sale } = run;
  const byPriority = buyers.filter((buyer) => !isBidder(buyer)).map((buyer): OfferedBuyer => ({ buyer }));
  const bidders = buyers.filter(isBidder);
  if (bidders.length === 0) return byPriority;

  const onPath = new Set(run.routes.map((route) => route.buyerId));
  const open: RoutedBuyer[] = [];
  const unoffered = new Map<string, string>();
  for (const buyer of bidders) {
    if (!onPath.has(buyer.id)) {
      const reason =
        (await whyNotOffered(db, buyer, leadId, lead, routable, now)) ??
        (await capReached(db, buyer.id, capSlot(buyer, now)));
      if (reason !== undefined) {
        unoffered.set(buyer.id, reason);
        continue;
      }
    }
    open.push(buyer);
  }
  await skipAll(db, leadId, unoffered);

  let pings = new Map((await readPings(db, leadId)).map((stored) => [stored.buyerId, stored]));
  const unpinged = open.filter((buyer) => buyer.ping !== undefined && !pings.has(buyer.id) && !onPath.has(buyer.id));
  if (unpinged.length > 0) {
    await ping(run, unpinged);
    pings = new Map((await readPings(db, leadId)).map((stored) => [stored.buyerId, stored]));
  }

  const byId = new Map(open.map((buyer) => [buyer.id, buyer]));
  const bids: Bid[] = [];
  const losing = new Map<string, string>();
  for (const buyer of open) {
    const bid = bidOf(buyer, pings.get(buyer.id));
    if (typeof bid === 'string') losing.set(buyer.id, bid);
    else bids.push(bid);
  }
  const { offers, dropped } = rankBids(bids, sale);
  for (const bid of dropped) losing.set(bid.buyerId, droppedReason(bid, byId.get(bid.buyerId)!, sale));
  // Those on the path already keep what it says of them (skipBuyer leaves a buyer's step as it is).
  await skipAll(db, leadId, losing);
  const bidding = offers.map((offer): OfferedBuyer => ({
    buyer: byId.get(offer.buyerId)!,
    sale: { price: offer.price, pingId: offer.source === 'ping' ? pings.get(offer.buyerId)?.pingId : undefined },
  }));
  return [...bidding, ...byPriority];
}
