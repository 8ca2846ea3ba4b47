/**
 * The buyers of leads (BUYERS_FILE, or the one BUYER_URL makes) and everything between a stored lead and a
 * buyer's 2xx: routing by filters, hours, caps and priority, delivery with signatures and retries, dead letters,
 * `lead.revoked` events, and the returns buyers send back.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../platform/db/types.ts';
import type { Buyer } from './buyer.ts';
import { registerBuyerReturnRoutes } from './returns/return-routes.ts';

export type { Buyer, BuyerFilters, BuyerRules, BuyerSchedule, SaleSettings, Weekday } from './buyer.ts';
export { buyerNames, type BuyerNames } from './buyer-names.ts';
export { openDeadLetters, type DeadLetter, type DeadLetters, type RedeliverResult } from './delivery/dead-letters.ts';
export type { DeliveryLog } from './delivery/delivery-log.ts';
export {
  bossOptions,
  createLeadDelivery,
  RETENTION_SECONDS,
  type BossConnection,
  type DeliveryControl,
  type LeadDelivery,
} from './delivery/lead-delivery.ts';
export { queueRevocations, type BuyerEventQueue } from './events/buyer-events.ts';
export {
  DEFAULT_PING_TIMEOUT_MS,
  DEFAULT_SALE_SETTINGS,
  loadBuyers,
  loadBuyersAndSale,
  routedBuyers,
  type BuyersAndSale,
} from './file/buyers-file.ts';
export { inPriorityOrder } from './file/priority.ts';
export { capPeriods } from './routing/cap-periods.ts';
export { dayList, WEEKDAYS } from './routing/eligibility.ts';

export interface BuyersOptions {
  db: Database;
  /** The buyers whose signed returns are taken; without any, POST /api/v1/lenders/:lenderId/returns answers 401. */
  buyers: readonly Buyer[];
  /** The clock the returns' signatures and windows are judged by. */
  now: () => number;
}

export const buyers: FastifyPluginAsync<BuyersOptions> = async (app, options) => {
  await registerBuyerReturnRoutes(app, options.db, options.buyers, options.now);
};
