/**
 * The auction's leads, and their sending at a steady rate. A ping carries no email (nothing personal reaches a
 * buyer before it wins), so each lead carries its number in a field pings do carry: its average monthly revenue,
 * AUCTION_REVENUE_BASE + n. A bidding buyer reads the lead's number from a ping and from a post alike, so the four
 * buyers' bids on one lead can be put side by side with the post that won it.
 */
import { setTimeout as wait } from 'node:timers/promises';
import { randomBytes } from 'node:crypto';
import { Pool } from 'undici';
import { XSRF_COOKIE, XSRF_HEADER } from '../../contracts/api-paths.ts';
import { newVisitToken } from '../support/xsrf-tokens.ts';
import { benchLead } from './leads.ts';

/** Dollars a month of lead 0; lead n has this plus n, within what the flow takes (up to 10 million). */
export const AUCTION_REVENUE_BASE = 20_000;
/** More leads than any run sends: a revenue beyond this is no lead of the bench's. */
const MOST_LEADS = 1_000_000;

/** Lead `n` of a run: the bench's valid lead, its own email and phone, and its number in its revenue. */
export function auctionLead(runTag: string, n: number): Record<string, unknown> {
  return { ...benchLead(runTag, n), average_monthly_revenue: AUCTION_REVENUE_BASE + n };
}

/** The lead's number from the revenue a ping or a post carries; undefined when it is none of the bench's leads. */
export function auctionLeadNumber(revenue: unknown): number | undefined {
  if (typeof revenue !== 'number' || !Number.isInteger(revenue)) return undefined;
  const n = revenue - AUCTION_REVENUE_BASE;
  return n >= 0 && n < MOST_LEADS ? n : undefined;
}

export interface SentAuctionLead {
  n: number;
  email: string;
  /** When the request went out (`performance.now()`, the clock the bidding buyers note arrivals on). */
  sentAt: number;
  /** When its 201 was read; undefined when it was not answered 201. */
  answeredAt: number | undefined;
}

const TOKEN = newVisitToken();
const HEADERS = {
  cookie: `${XSRF_COOKIE}=${TOKEN}`,
  [XSRF_HEADER.toLowerCase()]: TOKEN,
  'content-type': 'application/json',
  'user-agent': 'fundflow-bench',
};

/**
 * Sends one lead every 1000 / perSecond ms for `seconds`, each at its turn whatever the answers take, numbered from
 * `from` (a server's leads are numbered across its sendings, so no two share a number, an email or a phone).
 */
export async function sendAuctionLeads(
  origin: string,
  { perSecond, seconds, connections, from }: { perSecond: number; seconds: number; connections: number; from: number },
): Promise<SentAuctionLead[]> {
  const pool = new Pool(origin, { connections, pipelining: 1, keepAliveTimeout: 30_000, headersTimeout: 30_000 });
  const runTag = randomBytes(4).toString('hex');
  const send = async (n: number): Promise<SentAuctionLead> => {
    const lead = auctionLead(runTag, n);
    const email = String(lead.email);
    const sentAt = performance.now();
    try {
      const response = await pool.request({
        method: 'POST',
        path: '/api/v1/leads/trigger',
        headers: HEADERS,
        body: JSON.stringify(lead),
      });
      await response.body.dump({ limit: Number.MAX_SAFE_INTEGER });
      return { n, email, sentAt, answeredAt: response.statusCode === 201 ? performance.now() : undefined };
    } catch {
      return { n, email, sentAt, answeredAt: undefined };
    }
  };
  try {
    const started = performance.now();
    const count = Math.round(perSecond * seconds);
    const pending: Promise<SentAuctionLead>[] = [];
    for (let turn = 0; turn < count; turn++) {
      // One reading of the clock: read twice, the second can be past the lead's turn, and the wait negative.
      const early = started + (turn * 1000) / perSecond - performance.now();
      if (early > 0) await wait(early);
      pending.push(send(from + turn));
    }
    return await Promise.all(pending);
  } finally {
    await pool.close();
  }
}
