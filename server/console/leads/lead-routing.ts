/**
 * A lead's way through the buyers, as its page shows it: the path (lead_routes, in the order the buyers were
 * considered), the buyers asked for a bid (lead_pings: what each was sent and answered), the returns buyers made and the lead.revoked events sent to them. Ids and short codes only: the
 * reasons are routing's own lines and the buyers' return codes, never a buyer's free text.
 */
import type { LeadPageResponse } from '../../../contracts/console.ts';
import type { Queryable } from '../../platform/db/types.ts';
import type { BuyerNames } from '../../buyers/index.ts';

type LeadPage = LeadPageResponse['lead'];
export type LeadRouting = Pick<LeadPage, 'path' | 'pings' | 'returns' | 'revocations'>;

interface RouteRecord {
  position: number;
  buyer_id: string;
  state: LeadPage['path'][number]['state'];
  reason: string | null;
  attempts: number;
  decided_at: Date;
  delivered_at: Date | null;
  /** numeric as text: the exact amount. */
  price: string | null;
}

interface PingRecord {
  buyer_id: string;
  ping_id: string;
  pinged_at: Date;
  sent: Record<string, unknown>;
  http_status: number | null;
  answer: string;
  /** numeric as text: the exact amount. */
  bid: string | null;
  no_bid_reason: string | null;
  error: string | null;
  duration_ms: number;
}

interface ReturnRecord {
  buyer_id: string;
  reason: string;
  returned_at: Date;
}

interface EventRecord {
  buyer_id: string;
  cause: 'opt-out' | 'consent-revoked';
  created_at: Date;
  attempts: number;
  delivered_at: Date | null;
}

export async function leadRouting(db: Queryable, leadId: string, names: BuyerNames): Promise<LeadRouting> {
  const routes = await db.query<RouteRecord>(
    `select position, buyer_id, state, reason, attempts, decided_at, delivered_at, price::text
       from lead_routes where lead_id = $1 order by position`,
    [leadId],
  );
  const pings = await db.query<PingRecord>(
    `select buyer_id, ping_id, pinged_at, sent, http_status, answer, bid::text, no_bid_reason, error, duration_ms
       from lead_pings where lead_id = $1 order by pinged_at, buyer_id`,
    [leadId],
  );
  const returns = await db.query<ReturnRecord>(
    `select buyer_id, reason, returned_at from lead_returns where lead_id = $1 order by returned_at, buyer_id`,
    [leadId],
  );
  const events = await db.query<EventRecord>(
    `select buyer_id, cause, created_at, attempts, delivered_at
       from buyer_events where lead_id = $1 and type = 'lead.revoked' order by created_at, buyer_id`,
    [leadId],
  );
  return {
    path: routes.rows.map((route) => ({
      position: route.position,
      buyer_id: route.buyer_id,
      buyer_name: names(route.buyer_id),
      state: route.state,
      reason: route.reason,
      attempts: route.attempts,
      decided_at: route.decided_at.toISOString(),
      delivered_at: route.delivered_at?.toISOString() ?? null,
      price: route.price,
    })),
    pings: pings.rows.map((ping) => ({
      ...ping,
      buyer_name: names(ping.buyer_id),
      pinged_at: ping.pinged_at.toISOString(),
    })),
    returns: returns.rows.map((entry) => ({
      buyer_id: entry.buyer_id,
      buyer_name: names(entry.buyer_id),
      reason: entry.reason,
      returned_at: entry.returned_at.toISOString(),
    })),
    revocations: events.rows.map((event) => ({
      buyer_id: event.buyer_id,
      buyer_name: names(event.buyer_id),
      cause: event.cause,
      created_at: event.created_at.toISOString(),
      attempts: event.attempts,
      sent_at: event.delivered_at?.toISOString() ?? null,
    })),
  };
}
