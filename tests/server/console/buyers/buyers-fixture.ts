/** Buyers as BUYERS_FILE would give them, for the console's tests: rules only matter here, never the endpoint. */
import type { Buyer, BuyerRules } from '../../../../server/buyers/buyer.ts';

export function testBuyer(rules: Partial<BuyerRules> & Pick<BuyerRules, 'id' | 'name'>): Buyer {
  return {
    priority: 1,
    timeZone: 'America/New_York',
    filters: {},
    caps: {},
    endpoint: `https://leads.${rules.id}.example/v1/leads`,
    signingKeys: [],
    ...rules,
  };
}

export const QUILLMONT = testBuyer({ id: 'quillmont', name: 'Quillmont Capital', priority: 1 });
export const VANTORRA = testBuyer({ id: 'vantorra', name: 'Vantorra Funding', priority: 2 });
