/**
 * What the auction tests share: bidding buyers (a ping endpoint beside a post endpoint, both real local servers),
 * leads stored with their consent evidence as intake stores them, and reads of a lead's pings.
 */
import { createHash, randomUUID } from 'node:crypto';
import { onTestFinished } from 'vitest';
import type { BuyerRules, RoutedBuyer } from '../../../../server/buyers/buyer.ts';
import type { LeadDelivery } from '../../../../server/buyers/delivery/lead-delivery.ts';
import type { Database } from '../../../../server/platform/db/index.ts';
import { buyerAt, SIGNING_KEY } from '../../../support/delivery-setup.ts';
import { validLead } from '../../../support/lead-fixture.ts';
import type { TestBuyer } from '../../../support/test-buyer.ts';
import { startBiddingBuyer, type BiddingBuyer, type PingHandler } from '../ping/bidding-buyer.ts';

export { answer } from '../ping/bidding-buyer.ts';

/** A ping endpoint answering as `handle` says, closed when the test ends. */
export async function startBidder(handle: PingHandler): Promise<BiddingBuyer> {
  const bidder = await startBiddingBuyer(handle);
  onTestFinished(() => bidder.close());
  return bidder;
}

/** A buyer posted to at `posts` and pinged at `pings`, both signed with SIGNING_KEY. */
export function biddingBuyer(
  posts: TestBuyer,
  pings: BiddingBuyer,
  rules: Partial<BuyerRules>,
  pingTimeoutMs = 750,
): RoutedBuyer {
  return { ...buyerAt(posts, rules), ping: { pingEndpoint: pings.url, signingKeys: [SIGNING_KEY], pingTimeoutMs } };
}

/** The personal data of validLead(), none of which may reach a ping. */
export const PERSONAL = [
  'Maria',
  'Rivera',
  'maria.rivera@example.com',
  '3105550147',
  '9500 Wilshire',
  'Beverly Hills',
  '90210',
  '203.0.113.7',
  'cert.trustedform.com',
  'funding.example.com',
];

/**
 * Stores a full lead with its consent evidence and queues its routing, in one transaction, as intake does; without
 * `delivery`, no job is queued.
 */
export async function storeConsentedLead(
  db: Database,
  delivery: LeadDelivery | undefined,
  overrides: Record<string, unknown> = {},
): Promise<string> {
  const id = randomUUID();
  const payload = validLead(overrides);
  const consentText = 'By clicking, I agree to be contacted by the lenders listed.';
  await db.transaction(async (tx) => {
    await tx.query(`insert into leads (id, flow, flow_version, payload) values ($1, 'business-funding', 'v1', $2)`, [
      id,
      JSON.stringify(payload),
    ]);
    await tx.query(
      `insert into consent_evidence (lead_id, consent_version, consent_text, consent_sha256, consented_at, ip,
          certificate_url)
       values ($1, 'v1', $2, $3, now(), $4, $5)`,
      [
        id,
        consentText,
        createHash('sha256').update(consentText).digest('hex'),
        payload.client_ip,
        payload.trustedform_cert_url,
      ],
    );
    await delivery?.queue.enqueue(tx, [id]);
  });
  return id;
}

export interface PingRow {
  buyer_id: string;
  ping_id: string;
  http_status: number | null;
  answer: string;
  bid: string | null;
  no_bid_reason: string | null;
  sent: Record<string, unknown>;
}

/** The lead's pings as stored, by buyer. */
export async function pingsOf(db: Database, leadId: string): Promise<Map<string, PingRow>> {
  const { rows } = await db.query<PingRow>(
    `select buyer_id, ping_id, http_status, answer, bid::text, no_bid_reason, sent from lead_pings where lead_id = $1`,
    [leadId],
  );
  return new Map(rows.map((row) => [row.buyer_id, row]));
}

/** The lead's buyer and price, and its path with each step's price. */
export async function saleOf(db: Database, leadId: string) {
  const lead = await db.query<{ delivered_to: string | null; sold_price: string | null }>(
    'select delivered_to, sold_price::text from leads where id = $1',
    [leadId],
  );
  const path = await db.query<{ buyer_id: string; state: string; reason: string | null; price: string | null }>(
    'select buyer_id, state, reason, price::text from lead_routes where lead_id = $1 order by position',
    [leadId],
  );
  return { ...lead.rows[0]!, path: path.rows };
}
