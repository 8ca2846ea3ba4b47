/**
 * Where a lead's delivery ended, in one line an operator reads first: "Delivered to Quillmont Capital", "Unsold",
 * "Held (consent-revoked)", "Dead-lettered", "Queued", "Stored", with the server's reason after it when it gave one.
 */
import type { LeadPageResponse } from '../contracts/console.ts';

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
