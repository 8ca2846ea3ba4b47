/**
 * The router's reads and writes: a lead's path through the buyers (lead_routes), the buyers' cap slots
 * (buyer_cap_usage) and where the lead ends. Caps are taken with the usage row locked by the insert's conflict
 * update, so any number of servers on one PostgreSQL never give a buyer more than its cap.
 */
import type { Database, Queryable } from '../../platform/db/types.ts';

export type RouteState = 'skipped' | 'sending' | 'delivered' | 'refused' | 'failed';

export interface RouteRow {
  buyerId: string;
  position: number;
  state: RouteState;
  reason: string | null;
  attempts: number;
  capDay: string | null;
  capMonth: string | null;
  /** When its posts of this lead started failing; null while none has. */
  failingSince: Date | null;
  /** It failed for the sale's failoverSeconds and the lead moved on to the next bid or buyer. */
  movedOn: boolean;
  /** Moved on from, then opened again because no buyer after it took the lead (resumeRoute). */
  resumed: boolean;
}

export async function readRoutes(db: Queryable, leadId: string): Promise<RouteRow[]> {
  const { rows } = await db.query<{
    buyer_id: string;
    position: number;
    state: RouteState;
    reason: string | null;
    attempts: number;
    cap_day: string | null;
    cap_month: string | null;
    failing_since: Date | null;
    moved_on: boolean;
    resumed: boolean;
  }>(
    `select buyer_id, position, state, reason, attempts, cap_day, cap_month, failing_since,
        moved_on_at is not null as moved_on, resumed_at is not null as resumed
       from lead_routes where lead_id = $1 order by position`,
    [leadId],
  );
  return rows.map((row) => ({
    buyerId: row.buyer_id,
    position: row.position,
    state: row.state,
    reason: row.reason,
    attempts: row.attempts,
    capDay: row.cap_day,
    capMonth: row.cap_month,
    failingSince: row.failing_since,
    movedOn: row.moved_on,
    resumed: row.resumed,
  }));
}

/** Adds the buyer to the lead's path after the buyers before it; false when the buyer is on the path already. */
async function addRoute(
  tx: Queryable,
  leadId: string,
  buyerId: string,
  state: 'skipped' | 'sending',
  reason: string | null,
  caps: { day: string | null; month: string | null },
): Promise<boolean> {
  const { rows } = await tx.query(
    `insert into lead_routes (lead_id, buyer_id, position, state, reason, cap_day, cap_month, decided_at)
       select $1, $2, coalesce(max(position), 0) + 1, $3, $4, $5, $6, now() from lead_routes where lead_id = $1
     on conflict (lead_id, buyer_id) do nothing
     returning position`,
    [leadId, buyerId, state, reason, caps.day, caps.month],
  );
  return rows.length > 0;
}

/** Records that the buyer was not offered the lead, and why. */
export async function skipBuyer(db: Queryable, leadId: string, buyerId: string, reason: string): Promise<void> {
  await addRoute(db, leadId, buyerId, 'skipped', reason, { day: null, month: null });
}

/** A buyer's caps and the periods they are counted in now. */
export interface CapSlot {
  perDay: number | undefined;
  perMonth: number | undefined;
  day: string;
  month: string;
}

/** Takes one slot of a period's cap; false when the cap is reached. The conflict update locks the usage row. */
async function takeSlot(tx: Queryable, buyerId: string, period: 'day' | 'month', key: string, cap: number) {
  const { rows } = await tx.query(
    `insert into buyer_cap_usage (buyer_id, period, period_key, used) values ($1, $2, $3, 1)
     on conflict (buyer_id, period, period_key) do update set used = buyer_cap_usage.used + 1
      where buyer_cap_usage.used < $4
     returning used`,
    [buyerId, period, key, cap],
  );
  return rows.length > 0;
}

export type Reservation = { reserved: true } | { reserved: false; reason: string };

/**
 * Why the buyer's cap leaves no slot now, without taking one; undefined while it has room. The auction asks before it
 * pings: a buyer that could not take the lead is not asked to bid on it.
 */
export async function capReached(db: Queryable, buyerId: string, slot: CapSlot): Promise<string | undefined> {
  if (slot.perDay === undefined && slot.perMonth === undefined) return undefined;
  const { rows } = await db.query<{ period: 'day' | 'month'; used: number }>(
    `select period, used from buyer_cap_usage
      where buyer_id = $1 and ((period = 'day' and period_key = $2) or (period = 'month' and period_key = $3))`,
    [buyerId, slot.day, slot.month],
  );
  const used = (period: 'day' | 'month') => rows.find((row) => row.period === period)?.used ?? 0;
  if (slot.perDay !== undefined && used('day') >= slot.perDay) return `its cap of ${slot.perDay} a day is reached`;
  if (slot.perMonth !== undefined && used('month') >= slot.perMonth) {
    return `its cap of ${slot.perMonth} a month is reached`;
  }
  return undefined;
}

/** Gives back a slot taken in a period of the buyer's cap. */
async function giveBackSlot(tx: Queryable, buyerId: string, period: 'day' | 'month', key: string): Promise<void> {
  await tx.query(
    `update buyer_cap_usage set used = used - 1
      where buyer_id = $1 and period = $2 and period_key = $3 and used > 0`,
    [buyerId, period, key],
  );
}

/** The periods whose caps gave the buyer a slot (null: no cap in it), or why its cap has no room. */
type TakenSlots = { day: string | null; month: string | null } | { reason: string };

/** Takes a slot in each of the buyer's caps, all or none: a cap with no room gives back what was taken before it. */
async function takeSlots(tx: Queryable, buyerId: string, slot: CapSlot): Promise<TakenSlots> {
  const tookDay = slot.perDay !== undefined;
  if (tookDay && !(await takeSlot(tx, buyerId, 'day', slot.day, slot.perDay!))) {
    return { reason: `its cap of ${slot.perDay} a day is reached` };
  }
  const tookMonth = slot.perMonth !== undefined;
  if (tookMonth && !(await takeSlot(tx, buyerId, 'month', slot.month, slot.perMonth!))) {
    if (tookDay) await giveBackSlot(tx, buyerId, 'day', slot.day);
    return { reason: `its cap of ${slot.perMonth} a month is reached` };
  }
  return { day: tookDay ? slot.day : null, month: tookMonth ? slot.month : null };
}

/** Gives back the slots takeSlots took. */
async function giveBackSlots(tx: Queryable, buyerId: string, caps: { day: string | null; month: string | null }) {
  if (caps.day !== null) await giveBackSlot(tx, buyerId, 'day', caps.day);
  if (caps.month !== null) await giveBackSlot(tx, buyerId, 'month', caps.month);
}

/**
 * Reserves the buyer for the lead: a slot in each of its caps and its place on the path, in one transaction. A cap
 * reached records the buyer as skipped with that reason instead. The slot is given back when the buyer refuses the
 * lead or fails for good (closeRoute), so a cap counts leads delivered or being delivered. Nothing here throws on
 * purpose: what it took and must not keep, it gives back itself, so the transaction can share a commit with others
 * (groupTransactions).
 */
export async function reserveBuyer(db: Database, leadId: string, buyerId: string, slot: CapSlot): Promise<Reservation> {
  return db.transaction(async (tx): Promise<Reservation> => {
    const caps = await takeSlots(tx, buyerId, slot);
    if ('reason' in caps) {
      await skipBuyer(tx, leadId, buyerId, caps.reason);
      return { reserved: false, reason: caps.reason };
    }
    if (await addRoute(tx, leadId, buyerId, 'sending', null, caps)) return { reserved: true };
    // On the path already (another run of this lead's job got here first): the slots just taken go back.
    await giveBackSlots(tx, buyerId, caps);
    return { reserved: false, reason: '' };
  });
}

/**
 * Opens again, through `tx`, the step of a buyer the lead moved on from on failover, once no buyer after it took the
 * lead: it is reserved again (its cap slots taken anew, closeRoute having given them back), keeps its attempts and
 * failing_since, and its retries resume. Not reserved when its cap has no room now, or when another run of the lead
 * opened it first (reason '').
 */
export async function resumeRoute(tx: Queryable, leadId: string, route: RouteRow, slot: CapSlot): Promise<Reservation> {
  const caps = await takeSlots(tx, route.buyerId, slot);
  if ('reason' in caps) return { reserved: false, reason: caps.reason };
  const { rows } = await tx.query(
    `update lead_routes set state = 'sending', cap_day = $3, cap_month = $4, resumed_at = now(), decided_at = now(),
        reason = reason || '; no buyer after it took the lead, so its retries resumed'
      where lead_id = $1 and buyer_id = $2 and state = 'failed' and moved_on_at is not null and resumed_at is null
      returning buyer_id`,
    [leadId, route.buyerId, caps.day, caps.month],
  );
  if (rows.length > 0) return { reserved: true };
  await giveBackSlots(tx, route.buyerId, caps);
  return { reserved: false, reason: '' };
}

/** Gives back the cap slots the route took. */
async function giveBack(tx: Queryable, buyerId: string, route: RouteRow): Promise<void> {
  await giveBackSlots(tx, buyerId, { day: route.capDay, month: route.capMonth });
}

/**
 * The buyer refused the lead, failed until its retries were spent, or failed long enough for the lead to move on
 * (`movedOn`, failover): recorded with why, its cap slot given back.
 */
export async function closeRoute(
  tx: Queryable,
  leadId: string,
  route: RouteRow,
  state: 'refused' | 'failed',
  reason: string,
  movedOn = false,
): Promise<void> {
  await tx.query(
    `update lead_routes set state = $3, reason = $4, decided_at = now(),
        moved_on_at = case when $5 then now() else moved_on_at end
      where lead_id = $1 and buyer_id = $2 and state = 'sending'`,
    [leadId, route.buyerId, state, reason, movedOn],
  );
  await giveBack(tx, route.buyerId, route);
}

/**
 * One more failed attempt, made at `at`, to the route's buyer; it stays reserved for the next. The first sets when the
 * buyer started failing for this lead, which failover counts from.
 */
export async function countFailedAttempt(tx: Queryable, leadId: string, buyerId: string, at: Date): Promise<void> {
  await tx.query(
    `update lead_routes set attempts = attempts + 1, decided_at = now(), failing_since = coalesce(failing_since, $3)
      where lead_id = $1 and buyer_id = $2 and state = 'sending'`,
    [leadId, buyerId, at],
  );
}

/** What a delivery records: when, at what price, and the keys its opt-out check compares. */
export interface Delivery {
  at: Date;
  /** The buyer's price for the lead in USD, whole cents; undefined: sold at no stated price. */
  price: number | undefined;
  /** The lead's contact keys (contactKeys). */
  optOutKeys: readonly string[];
}

/**
 * The buyer took the lead: the route and the lead say so, with the price it was sold at (migration 023). Returns
 * whether the lead's visitor revoked consent or opted out meanwhile: both are checked before an attempt, so only one
 * that landed while the attempt was under way shows here, and the buyer that now has the lead must be told.
 */
export async function markDelivered(
  tx: Queryable,
  leadId: string,
  buyerId: string,
  { at, price, optOutKeys }: Delivery,
): Promise<{ consentRevoked: boolean; optedOut: boolean }> {
  // Sent as text ("42.50"), so the numeric column takes the exact amount, never a float's nearest.
  const amount = price === undefined ? null : price.toFixed(2);
  await tx.query(
    `update lead_routes set state = 'delivered', attempts = attempts + 1, decided_at = $3, delivered_at = $3,
        price = $4::numeric
      where lead_id = $1 and buyer_id = $2`,
    [leadId, buyerId, at, amount],
  );
  const { rows } = await tx.query<{ consent_revoked: boolean; opted_out: boolean }>(
    `update leads set delivered_at = $3, delivered_to = $2, delivery_reason = null, sold_price = $5::numeric
      where id = $1 and delivered_at is null
      returning held = 'consent-revoked' as consent_revoked,
        exists (select 1 from privacy_opt_outs where contact_sha256 = any($4::text[])) as opted_out`,
    [leadId, buyerId, at, optOutKeys, amount],
  );
  return { consentRevoked: rows[0]?.consent_revoked === true, optedOut: rows[0]?.opted_out === true };
}

/** Where a lead ends when no buyer took it. */
export async function markUnplaced(
  tx: Queryable,
  leadId: string,
  state: 'unsold' | 'dead-lettered',
  reason: string,
): Promise<void> {
  await tx.query(`update leads set delivery_state = $2, delivery_reason = $3 where id = $1 and delivered_at is null`, [
    leadId,
    state,
    reason,
  ]);
}

/**
 * Whether the buyer received a lead with this email or phone in the last `days` days (its dedupe window). Matched
 * as the console's search matches: the email without case, the phone by its digits (indexes of migration 009).
 */
export async function buyerHasPerson(
  db: Queryable,
  buyerId: string,
  leadId: string,
  contact: { email: string | undefined; phone: string | undefined },
  days: number,
): Promise<boolean> {
  if (contact.email === undefined && contact.phone === undefined) return false;
  const { rows } = await db.query(
    `select 1 from lead_routes r join leads l on l.id = r.lead_id
      where r.buyer_id = $1 and r.state = 'delivered' and r.delivered_at > now() - make_interval(days => $2)
        and l.id <> $3
        and (lower(l.payload->>'email') = $4 or regexp_replace(l.payload->>'phone', '[^0-9]', '', 'g') = $5)
      limit 1`,
    [buyerId, days, leadId, contact.email?.toLowerCase() ?? null, contact.phone?.replace(/\D/g, '') ?? null],
  );
  return rows.length > 0;
}

/**
 * Opens the path again for an operator's replay: every buyer may be offered the lead anew, those that refused it too
 * (a buyer changes its mind, or its filters), and bidders are pinged anew, the old bids being stale. The attempts
 * stay in delivery_attempts. Run only once the lead's row
 * says no job of it is left (redeliver's gate): a buyer still reserved then was reserved by a run that crashed, and
 * its cap slot is given back with the row.
 */
export async function reopenRoutes(tx: Queryable, leadId: string): Promise<void> {
  for (const route of await readRoutes(tx, leadId)) {
    if (route.state === 'sending') await giveBack(tx, route.buyerId, route);
  }
  await tx.query(`delete from lead_routes where lead_id = $1 and state <> 'delivered'`, [leadId]);
  await tx.query('delete from lead_pings where lead_id = $1', [leadId]);
}
