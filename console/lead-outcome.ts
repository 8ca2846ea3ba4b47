/**
 * Where a lead's delivery ended, in one line an operator reads first: "Delivered to Quillmont Capital", "Unsold",
 * "Held (consent-revoked)", "Dead-lettered", "Queued", "Stored", with the server's reason after it when it gave one;
 * and what it sold for.
 */
import type { LeadPageResponse } from '../contracts/console.ts';
import { formatUsd } from './format.ts';

type Lead = LeadPageResponse['lead'];

/** A buyer as the console names it: its name while configured, else its id (a buyer since removed). */
export function buyerLabel(id: string, name: string | null): string {
  return name ?? id;
}

function state(lead: Lead): string {
  switch (lead.status) {
    case 'delivered':
      // Leads delivered before buyers have no buyer recorded.
      return lead.delivered_to === null
        ? 'Delivered'
        : `Delivered to ${buyerLabel(lead.delivered_to, lead.delivered_to_name)}`;
    case 'held':
      return lead.held_reason === null ? 'Held' : `Held (${lead.held_reason})`;
    case 'unsold':
      return 'Unsold';
    case 'dead-lettered':
      return 'Dead-lettered';
    case 'queued':
      return 'Queued';
    case 'stored':
      return 'Stored';
  }
}

export function outcomeLine(lead: Lead): string {
  const reason = lead.delivery_reason?.trim();
  return reason === undefined || reason === '' ? state(lead) : `${state(lead)}: ${reason}`;
}

/**
 * What the buyer that took the lead paid, and who: "$42.50 to Quillmont Capital", "— (no stated price) to ..." for a
 * buyer without a price, with ", returned" when that buyer returned it (the price stays: it counts as returned revenue).
 */
export function soldFor(lead: Lead): string {
  if (lead.delivered_to === null) return '—';
  const buyer = buyerLabel(lead.delivered_to, lead.delivered_to_name);
  const price = lead.sold_price === null ? '— (no stated price)' : formatUsd(lead.sold_price);
  const returned = lead.returns.some((entry) => entry.buyer_id === lead.delivered_to);
  return `${price} to ${buyer}${returned ? ', returned' : ''}`;
}
