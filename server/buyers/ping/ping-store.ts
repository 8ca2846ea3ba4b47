/**
 * The auction's record (lead_pings, migration 025): what each buyer was sent and what it answered, kept with the lead
 * so a later run of its routing reads the bids instead of pinging again, and the console shows them on its path.
 */
import type { Database, Queryable } from '../../platform/db/types.ts';
import type { PingLead } from './ping-body.ts';
import type { BuyerPing } from './ping-buyers.ts';
import type { NoBidReason } from './ping-client.ts';

/** A buyer's ping of a lead, as stored. */
export interface StoredPing {
  buyerId: string;
  pingId: string;
  /** Its bid in USD; null when it made none. */
  bid: number | null;
  noBidReason: NoBidReason | null;
}

/** The lead's consent as a ping names it; undefined when the lead has no consent evidence. */
export async function pingConsent(db: Queryable, leadId: string): Promise<PingLead['consent'] | undefined> {
  const { rows } = await db.query<{ consent_sha256: string; certificate_url: string | null }>(
    'select consent_sha256, certificate_url from consent_evidence where lead_id = $1',
    [leadId],
  );
  const row = rows[0];
  return row === undefined ? undefined : { sha256: row.consent_sha256, certificateUrl: row.certificate_url };
}

/**
 * Stores the buyers' pings of the lead, sent at `pingedAt`. A buyer whose ping is stored already (another run of the
 * lead's routing got there first) keeps the first: every run then ranks the same bids.
 */
export async function storePings(
  db: Database,
  leadId: string,
  pingedAt: Date,
  pings: readonly BuyerPing[],
): Promise<void> {
  if (pings.length === 0) return;
  await db.transaction(async (tx) => {
    for (const ping of pings) {
      const { result } = ping;
      await tx.query(
        `insert into lead_pings (lead_id, buyer_id, ping_id, pinged_at, sent, http_status, answer, bid, no_bid_reason,
            error, duration_ms)
         values ($1, $2, $3, $4, $5, $6, $7, $8::numeric, $9, $10, $11)
         on conflict (lead_id, buyer_id) do nothing`,
        [
          leadId,
          ping.buyerId,
          ping.sent.ping_id,
          pingedAt,
          JSON.stringify(ping.sent),
          ping.status,
          ping.answer,
          // As text, so the numeric column takes the exact cents.
          result.kind === 'bid' ? result.amount.toFixed(2) : null,
          result.kind === 'bid' ? null : result.reason,
          ping.error ?? null,
          ping.durationMs,
        ],
      );
    }
  });
}

export async function readPings(db: Queryable, leadId: string): Promise<StoredPing[]> {
  const { rows } = await db.query<{
    buyer_id: string;
    ping_id: string;
    bid: string | null;
    no_bid_reason: NoBidReason | null;
  }>('select buyer_id, ping_id, bid::text, no_bid_reason from lead_pings where lead_id = $1', [leadId]);
  return rows.map((row) => ({
    buyerId: row.buyer_id,
    pingId: row.ping_id,
    bid: row.bid === null ? null : Number(row.bid),
    noBidReason: row.no_bid_reason,
  }));
}
