/**
 * Buyers' names for the console, from the buyers this server routes to. A buyer id stays in a lead's history after
 * the buyer leaves BUYERS_FILE: the console then shows the id itself (null here), never a guess.
 */
import type { BuyerRules } from './buyer.ts';

export type BuyerNames = (buyerId: string) => string | null;

export function buyerNames(buyers: readonly Pick<BuyerRules, 'id' | 'name'>[]): BuyerNames {
  const names = new Map(buyers.map((buyer) => [buyer.id, buyer.name]));
  return (buyerId) => names.get(buyerId) ?? null;
}
