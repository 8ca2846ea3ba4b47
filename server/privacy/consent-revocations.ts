/**
 * A visitor's consent to be contacted, revoked: told to an operator (the console's lead action) or given on the
 * "Stop contacting me" page. Each lead not yet delivered is held back for good ('consent-revoked', which no one may
 * release), and every buyer that received one is told, in the transaction that holds them, so the buyers' events are
 * never queued for a revocation that was not recorded.
 */
import type { Queryable } from '../platform/db/types.ts';

/** Why the buyers are told, in the words of their `lead.revoked` event. */
export type RevocationCause = 'opt-out' | 'consent-revoked';

/**
 * Tells every buyer that received one of these leads that the visitor withdrew it, from inside the transaction that
 * records why; answers how many were told. The buyers' side provides it (its `lead.revoked` events), so privacy holds
 * no knowledge of buyers.
 */
export type RevokeFromBuyers = (tx: Queryable, leadIds: readonly string[], cause: RevocationCause) => Promise<number>;

/** A visitor's own "Do Not Sell" hold says the same and says it first: it stays. Every other hold gives way. */
const KEPT_HOLDS: readonly string[] = ['opted-out', 'consent-revoked'];

export interface RevokedLead {
  id: string;
  /** Held back by this revocation: not delivered, and not held already for the same reason. */
  heldNow: boolean;
  /** The hold it had already that says as much ('opted-out' or 'consent-revoked'), else null. */
  heldAlready: string | null;
}

export interface ConsentRevoked {
  /** The leads found, in id order: an id that is no lead is left out. */
  leads: RevokedLead[];
  /** How many buyers were told, one per lead and buyer that received it. */
  buyersTold: number;
}

/** Records the revocation on each of the leads; without `revoke` (no delivery configured) no buyer is told. */
export async function revokeConsentOf(
  tx: Queryable,
  leadIds: readonly string[],
  revoke: RevokeFromBuyers | undefined,
): Promise<ConsentRevoked> {
  if (leadIds.length === 0) return { leads: [], buyersTold: 0 };
  // Locks the leads (in one order, so two revocations cannot deadlock), so a delivery recorded at the same moment
  // comes either before (and its buyer is told) or after (and finds the lead held).
  const { rows } = await tx.query<{ id: string; delivered: boolean; held: string | null }>(
    `select id, delivered_at is not null as delivered, held from leads
      where id = any($1::uuid[]) order by id for update`,
    [leadIds],
  );
  const leads = rows.map(({ id, delivered, held }) => {
    const kept = held !== null && KEPT_HOLDS.includes(held);
    return { id, heldNow: !delivered && !kept, heldAlready: kept ? held : null };
  });
  const holding = leads.filter((lead) => lead.heldNow).map((lead) => lead.id);
  if (holding.length > 0) {
    await tx.query(`update leads set held = 'consent-revoked' where id = any($1::uuid[])`, [holding]);
  }
  const found = leads.map((lead) => lead.id);
  const buyersTold = revoke === undefined ? 0 : await revoke(tx, found, 'consent-revoked');
  return { leads, buyersTold };
}
