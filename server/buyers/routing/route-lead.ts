/**
 * One run of a lead's routing job: the auction first, where buyers bid (auction.ts), then the lead is offered to the
 * bids highest first and to the other eligible buyers in priority order until one takes it
 * (docs/decisions/070-participating-lenders.md, 146-auction-in-routing.md). A buyer that refuses is recorded and the
 * next one is offered the lead in the same run; a buyer that fails keeps its reservation and the job comes back after
 * the retry schedule's pause; once it has failed for the sale's failoverSeconds, or its attempts are spent, the lead
 * moves on (after failover it comes back to that buyer's remaining retries when no buyer after it takes the lead).
 * The lead's path lives in lead_routes and its bids in lead_pings, so a run after a crash, a retry or a replay takes
 * up where the last one left off.
 */
import type { Database, Queryable } from '../../platform/db/types.ts';
import { endJobIfHeld, readLead, recordAttempt, type StoredLead } from '../delivery/attempts.ts';
import type { DeliveryLog } from '../delivery/delivery-log.ts';
import type { HandOverOutcome } from '../delivery/buyer-client.ts';
import { contactKeys, holdIfOptedOut } from '../../privacy/index.ts';
import type { RoutableLead, RoutedBuyer, SaleSettings } from '../buyer.ts';
import { queueRevocations, type BuyerEventQueue } from '../events/buyer-events.ts';
import { DEFAULT_SALE_SETTINGS } from '../file/buyers-file.ts';
import { lostAuction, offerOrder, whyNotOffered, type OfferedBuyer } from './auction.ts';
import { capSlot } from './cap-periods.ts';
import { nextRetryPause } from './retry-schedule.ts';
import { routableLead } from './routable-lead.ts';
import {
  closeRoute,
  countFailedAttempt,
  markDelivered,
  markUnplaced,
  readRoutes,
  reserveBuyer,
  resumeRoute,
  skipBuyer,
  type RouteRow,
} from './route-store.ts';

/** What a routing job carries: only the lead id. The lead itself stays in `leads`, its path in `lead_routes`. */
export interface DeliveryJob {
  leadId: string;
}

/**
 * How the queue settles the job after a run: `completed` (delivered, nothing left to do, or the job settled by the
 * run itself), `failed` (the run could not finish: run again after the queue's pause).
 */
export type Settlement = { status: 'completed' } | { status: 'failed'; error: string };

export interface RouteContext {
  /** Its transactions are best grouped (groupTransactions): a batch of leads then shares its commits. */
  db: Database;
  /** The buyers, in the order they are offered a lead (inPriorityOrder). */
  buyers: readonly RoutedBuyer[];
  log: DeliveryLog;
  /** Pauses between attempts to one buyer; default the Standard Webhooks schedule (retry-schedule.ts). */
  retryPausesSeconds?: readonly number[] | undefined;
  /** Where a lead revoked while it was being delivered tells its buyer so; without it, no event. */
  buyerEvents?: BuyerEventQueue | undefined;
  /** The clock of eligibility (schedules) and caps' periods; default: now. */
  now?: (() => Date) | undefined;
  /** BUYERS_FILE's floorPrice, maxBid and failoverSeconds; default DEFAULT_SALE_SETTINGS. */
  sale?: SaleSettings | undefined;
}

export interface RouteJob {
  data: DeliveryJob;
  /** Set when the worker is stopping, to cut a slow request short. */
  signal?: AbortSignal | undefined;
  /** Settles this job and queues the lead's next run `seconds` from now, through the transaction `tx`. */
  deferNext(tx: Queryable, seconds: number): Promise<void>;
  /**
   * Settles this job through `tx`, the lead's delivery ended; with `deadLetter` (why), into the dead-letter queue.
   * False when the job is no longer this run's (pg-boss took it back): the run that has it now decides.
   */
  end(tx: Queryable, deadLetter?: string): Promise<boolean>;
}

/**
 * Reserves the next buyer on the lead's path: each buyer of `order` not yet on it is either skipped with the reason
 * (its filters, schedule, dedupe window or cap) or reserved. Undefined when no buyer is left.
 */
async function reserveNext(
  context: RouteContext,
  leadId: string,
  lead: StoredLead,
  routable: RoutableLead,
  order: readonly OfferedBuyer[],
): Promise<RouteRow | undefined> {
  const { db } = context;
  const now = context.now?.() ?? new Date();
  const onPath = new Set((await readRoutes(db, leadId)).map((route) => route.buyerId));
  for (const { buyer } of order) {
    if (onPath.has(buyer.id)) continue;
    const reason = await whyNotOffered(db, buyer, leadId, lead, routable, now);
    if (reason !== undefined) {
      await db.transaction((tx) => skipBuyer(tx, leadId, buyer.id, reason));
      continue;
    }
    const slot = capSlot(buyer, now);
    const reservation = await reserveBuyer(db, leadId, buyer.id, slot);
    if (reservation.reserved) {
      return {
        buyerId: buyer.id,
        position: 0,
        state: 'sending',
        reason: null,
        attempts: 0,
        capDay: buyer.caps.perDay === undefined ? null : slot.day,
        capMonth: buyer.caps.perMonth === undefined ? null : slot.month,
        failingSince: null,
        movedOn: false,
        resumed: false,
      };
    }
    // Another run of this lead's job reserved the buyer first: go on from what it recorded.
    if (reservation.reason === '') return lastSending(await readRoutes(db, leadId));
  }
  return undefined;
}

/**
 * The buyer the lead is being sent to: the last reserved. Two are reserved only when a run stopped between reserving
 * the next buyer on failover and closing the failing one's step; the later stands.
 */
function lastSending(routes: readonly RouteRow[]): RouteRow | undefined {
  return routes.filter((route) => route.state === 'sending').at(-1);
}

/** Why the buyer refused, for the path: its reason code when it gave one. */
function refusal(outcome: Extract<HandOverOutcome, { outcome: 'rejected' }>): string {
  return outcome.error.replace(/^lender /, '');
}

type Step = 'settled' | 'next';

/** Whole seconds the route's buyer has failed for, at `now`; 0 before its first failure. */
function failingFor(route: RouteRow, now: Date): number {
  return route.failingSince === null ? 0 : Math.max(0, (now.getTime() - route.failingSince.getTime()) / 1000);
}

/** Whether a buyer of `order` is not on the path yet: one the lead could move on to. */
function othersLeft(order: readonly OfferedBuyer[], routes: readonly RouteRow[]): boolean {
  const onPath = new Set(routes.map((route) => route.buyerId));
  return order.some(({ buyer }) => !onPath.has(buyer.id));
}

/** One attempt to the reserved buyer, recorded with what follows from it. */
async function attempt(
  context: RouteContext,
  job: RouteJob,
  lead: StoredLead,
  { buyer, sale }: OfferedBuyer,
  route: RouteRow,
  canMoveOn: boolean,
): Promise<Step> {
  const { db, log } = context;
  const { leadId } = job.data;
  const attemptedAt = new Date();
  const started = performance.now();
  const { payload, receivedAt } = lead;
  const outcome = await buyer.client.handOver({
    messageId: leadId,
    payload,
    receivedAt,
    attemptedAt,
    sale,
    signal: job.signal,
  });
  const durationMs = performance.now() - started;
  const made = route.attempts + 1;
  const buyerId = buyer.id;
  const record = (tx: Queryable) => recordAttempt(tx, leadId, buyerId, attemptedAt, durationMs, outcome);

  switch (outcome.outcome) {
    case 'delivered':
      await db.transaction(async (tx) => {
        await record(tx);
        const keys = contactKeys(payload).map((key) => key.sha256);
        const meanwhile = await markDelivered(tx, leadId, buyerId, {
          at: attemptedAt,
          price: sale?.price,
          optOutKeys: keys,
        });
        // Opted out or revoked while this attempt was under way: the buyer that now has the lead is told at once.
        const cause = meanwhile.consentRevoked ? 'consent-revoked' : meanwhile.optedOut ? 'opt-out' : undefined;
        if (cause !== undefined && context.buyerEvents !== undefined) {
          await queueRevocations(tx, [leadId], cause, context.buyerEvents);
        }
      });
      log.info(
        { leadId, buyerId, attempt: made, httpStatus: outcome.httpStatus, price: sale?.price },
        'lead delivered',
      );
      return 'settled';
    case 'rejected':
      await db.transaction(async (tx) => {
        await record(tx);
        await closeRoute(tx, leadId, route, 'refused', refusal(outcome));
      });
      log.info({ leadId, buyerId, error: outcome.error }, 'the buyer refused the lead: it goes to the next buyer');
      return 'next';
    case 'failed': {
      const scheduled = nextRetryPause(made, outcome.retryAfterSeconds, context.retryPausesSeconds);
      if (scheduled !== undefined) {
        // With a buyer to move on to, the next run comes no later than the end of the failover window, when it does.
        const failover = (context.sale ?? DEFAULT_SALE_SETTINGS).failoverSeconds;
        const since = route.failingSince ?? attemptedAt;
        const left = Math.ceil(failover - (Date.now() - since.getTime()) / 1000);
        const pause = canMoveOn ? Math.max(0, Math.min(scheduled, left)) : scheduled;
        // The attempt and the next run commit together: a crash leaves both or neither.
        await db.transaction(async (tx) => {
          await record(tx);
          await countFailedAttempt(tx, leadId, buyerId, attemptedAt);
          await job.deferNext(tx, pause);
        });
        log.warn(
          { leadId, buyerId, attempt: made, error: outcome.error, retryInSeconds: pause },
          'lead delivery failed; it will be retried',
        );
        return 'settled';
      }
      await db.transaction(async (tx) => {
        await record(tx);
        await closeRoute(tx, leadId, route, 'failed', `${outcome.error}, ${made} attempts`);
      });
      log.warn(
        { leadId, buyerId, attempts: made, error: outcome.error },
        "the buyer's retries are spent: the lead goes to the next buyer",
      );
      return 'next';
    }
  }
}

/** "2 refused, 1 not eligible": how the buyers on a path answered. */
function tally(routes: readonly RouteRow[]): string {
  const failed = routes.filter((route) => route.state === 'failed');
  const skipped = routes.filter((route) => route.state === 'skipped');
  const counts = [
    ['failed until their retries were spent', failed.filter((route) => !route.movedOn || route.resumed).length],
    ['failed until the lead moved on', failed.filter((route) => route.movedOn && !route.resumed).length],
    ['refused', routes.filter((route) => route.state === 'refused').length],
    ['made no bid that could win', skipped.filter((route) => lostAuction(route.reason)).length],
    ['not eligible', skipped.filter((route) => !lostAuction(route.reason)).length],
  ] as const;
  return counts
    .filter(([, count]) => count > 0)
    .map(([what, count]) => `${count} ${what}`)
    .join(', ');
}

/**
 * No buyer took the lead: unsold when each refused or was not eligible, dead-lettered when one failed for good. The
 * lead's state and the end of its job commit together, so a Redeliver that finds the lead unsold or dead-lettered
 * finds no job of it left.
 */
async function finish(context: RouteContext, job: RouteJob, leadId: string): Promise<Settlement> {
  const { db, log } = context;
  const routes = await readRoutes(db, leadId);
  const end = (state: 'unsold' | 'dead-lettered', reason: string) =>
    db.transaction(async (tx) => {
      if (await job.end(tx, state === 'dead-lettered' ? reason : undefined)) {
        await markUnplaced(tx, leadId, state, reason);
      }
    });
  if (routes.length === 0) {
    await end('unsold', 'no buyer is configured');
    log.warn({ leadId }, 'lead unsold: no buyer is configured');
    return { status: 'completed' };
  }
  const reason = tally(routes);
  if (routes.some((route) => route.state === 'failed')) {
    await end('dead-lettered', reason);
    log.error({ leadId, reason }, 'lead undelivered: a buyer failed and no other took it; replay it once fixed');
    return { status: 'completed' };
  }
  await end('unsold', reason);
  log.info({ leadId, reason }, 'lead unsold: no buyer took it');
  return { status: 'completed' };
}

/** Whether the run has nothing to do: the lead is gone, delivered, erased or held. */
async function settledAlready(
  context: RouteContext,
  job: RouteJob,
  leadId: string,
  lead: StoredLead,
): Promise<boolean> {
  const { db, log } = context;
  // A crash between recording the delivery and completing the job, or a replay of a delivered lead, runs the job
  // again: do not send twice.
  if (lead.deliveredAt !== null) return true;
  if (lead.purgedAt !== null) {
    log.error({ leadId }, 'lead delivery: retention has erased the lead (LEAD_RETENTION_DAYS); nothing to deliver');
    return true;
  }
  // Held while its job waited (an operator's hold): the job ends here, and the lead is marked as having none, in one
  // statement committed with the job's end, so a release at the same moment either finds that mark and queues a new
  // job (this one gone) or comes first and lets this one deliver.
  if (lead.held !== null && (await db.transaction(async (tx) => (await endJobIfHeld(tx, leadId)) && job.end(tx)))) {
    log.info({ leadId, held: lead.held }, 'lead held back from buyers: it is not delivered');
    return true;
  }
  // Checked at every run rather than at intake: a lead stored before its visitor opted out is held back too.
  if (await holdIfOptedOut(db, leadId, lead.payload)) {
    log.info({ leadId }, 'lead held: its email or phone opted out of sale ("Do Not Sell"); it is not delivered');
    return true;
  }
  return false;
}

/**
 * Moves the lead on from a buyer that has failed for the sale's failoverSeconds: the next buyer is reserved first,
 * then the failing one's step closed, so its retries stop. False, the failing buyer kept, when no buyer is left to
 * take the lead: it goes on with its retries.
 */
async function moveOn(
  context: RouteContext,
  leadId: string,
  lead: StoredLead,
  routable: RoutableLead,
  order: readonly OfferedBuyer[],
  failing: RouteRow,
): Promise<boolean> {
  const next = await reserveNext(context, leadId, lead, routable, order);
  if (next === undefined || next.buyerId === failing.buyerId) return false;
  const seconds = Math.round(failingFor(failing, new Date()));
  await context.db.transaction((tx) =>
    closeRoute(
      tx,
      leadId,
      failing,
      'failed',
      `failed for ${seconds} s over ${failing.attempts} attempts: the lead moved on`,
      true,
    ),
  );
  context.log.warn(
    { leadId, buyerId: failing.buyerId, failingSeconds: seconds, next: next.buyerId },
    'the buyer has failed for its failover time: the lead goes to the next bid or buyer',
  );
  return true;
}

/** When the buyer's last post of the lead was made; undefined before any. */
async function lastAttemptAt(db: Queryable, leadId: string, buyerId: string): Promise<Date | undefined> {
  const { rows } = await db.query<{ at: Date | null }>(
    'select max(attempted_at) as at from delivery_attempts where lead_id = $1 and buyer_id = $2',
    [leadId, buyerId],
  );
  return rows[0]?.at ?? undefined;
}

/**
 * The path has ended with no buyer taking the lead: a buyer the lead moved on from on failover gets it back, its
 * retries resuming where its schedule stood (the highest bid first, when several). Only one buyer at a time is ever
 * being sent the lead, so it cannot be sold twice. 'later': reopened, the job comes back when its next retry is due;
 * 'now': reopened (by this run or another) and to be sent at once; 'none': no buyer to go back to (none moved on
 * from, each reopened once already, or its cap full now).
 */
async function resumeMovedOn(
  context: RouteContext,
  job: RouteJob,
  leadId: string,
  offers: ReadonlyMap<string, OfferedBuyer>,
): Promise<'later' | 'now' | 'none'> {
  const { db, log } = context;
  const routes = await readRoutes(db, leadId);
  const movedFrom = routes.filter(
    (route) => route.state === 'failed' && route.movedOn && !route.resumed && offers.has(route.buyerId),
  );
  for (const route of movedFrom) {
    const { buyer } = offers.get(route.buyerId)!;
    const slot = capSlot(buyer, context.now?.() ?? new Date());
    const scheduled = nextRetryPause(route.attempts, undefined, context.retryPausesSeconds) ?? 0;
    const last = await lastAttemptAt(db, leadId, route.buyerId);
    const since = last === undefined ? scheduled : (Date.now() - last.getTime()) / 1000;
    const pause = Math.max(0, Math.ceil(scheduled - since));
    const reservation = await db.transaction(async (tx) => {
      const resumed = await resumeRoute(tx, leadId, route, slot);
      // Reopened and the job's next run committed together: a crash leaves both or neither.
      if (resumed.reserved && pause > 0) await job.deferNext(tx, pause);
      return resumed;
    });
    if (reservation.reserved) {
      log.warn(
        { leadId, buyerId: route.buyerId, retryInSeconds: pause },
        'no buyer took the lead after the one it moved on from: that buyer gets it back, its retries resuming',
      );
      return pause > 0 ? 'later' : 'now';
    }
    // Another run of this lead's job reopened it first: go on from what it recorded.
    if (reservation.reason === '') return 'now';
    log.info({ leadId, buyerId: route.buyerId, reason: reservation.reason }, 'the buyer moved on from cannot resume');
  }
  return 'none';
}

export async function routeLead(context: RouteContext, job: RouteJob): Promise<Settlement> {
  const { db } = context;
  const { leadId } = job.data;
  const lead = await readLead(db, leadId);
  if (lead === undefined) {
    context.log.error({ leadId }, 'lead delivery: the lead is not in the database; nothing to deliver');
    return { status: 'completed' };
  }
  if (await settledAlready(context, job, leadId, lead)) return { status: 'completed' };
  const routable = routableLead(lead.payload, lead.flowVersion, lead.receivedAt);
  const sale = context.sale ?? DEFAULT_SALE_SETTINGS;
  const order = await offerOrder({
    db,
    buyers: context.buyers,
    sale,
    log: context.log,
    now: context.now?.() ?? new Date(),
    leadId,
    lead,
    routable,
    routes: await readRoutes(db, leadId),
  });
  const offers = new Map(order.map((offered) => [offered.buyer.id, offered]));
  let routes = await readRoutes(db, leadId);
  for (;;) {
    // Left by a run that stopped between reserving the next buyer on failover and closing the failing one's step.
    for (const stale of routes.filter((route) => route.state === 'sending').slice(0, -1)) {
      await db.transaction((tx) => closeRoute(tx, leadId, stale, 'failed', 'failed until the lead moved on', true));
    }
    const current = lastSending(routes) ?? (await reserveNext(context, leadId, lead, routable, order));
    if (current === undefined) {
      const resumed = await resumeMovedOn(context, job, leadId, offers);
      if (resumed === 'none') return finish(context, job, leadId);
      if (resumed === 'later') return { status: 'completed' };
      routes = await readRoutes(db, leadId);
      continue;
    }
    const offered = offers.get(current.buyerId);
    routes = await readRoutes(db, leadId);
    const canMoveOn = othersLeft(order, routes);
    if (offered === undefined) {
      // Reserved before a restart that removed the buyer from BUYERS_FILE.
      await db.transaction((tx) => closeRoute(tx, leadId, current, 'failed', 'the buyer is no longer configured'));
    } else {
      const failedOver =
        canMoveOn &&
        failingFor(current, new Date()) >= sale.failoverSeconds &&
        (await moveOn(context, leadId, lead, routable, order, current));
      if (!failedOver && (await attempt(context, job, lead, offered, current, canMoveOn)) === 'settled') {
        return { status: 'completed' };
      }
    }
    routes = await readRoutes(db, leadId);
  }
}
