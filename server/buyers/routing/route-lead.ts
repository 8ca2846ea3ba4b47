/**
 * One run of a lead's routing job: offer the lead to the eligible buyers in priority order until one takes it
 * (docs/decisions/070-participating-lenders.md). A buyer that refuses is recorded and the next one is offered the lead
 * in the same run; a buyer that fails keeps its reservation and the job comes back after the retry schedule's pause;
 * once its attempts are spent the lead moves on. The lead's path lives in lead_routes, so a run after a crash, a
 * retry or a replay takes up where the last one left off.
 */
import type { Database, Queryable } from '../../platform/db/types.ts';
import { endJobIfHeld, readLead, recordAttempt, type StoredLead } from '../delivery/attempts.ts';
import type { DeliveryLog } from '../delivery/delivery-log.ts';
import type { HandOverOutcome } from '../delivery/buyer-client.ts';
import { contactKeys, holdIfOptedOut } from '../../privacy/index.ts';
import type { RoutableLead, RoutedBuyer } from '../buyer.ts';
import { queueRevocations, type BuyerEventQueue } from '../events/buyer-events.ts';
import { capPeriods } from './cap-periods.ts';
import { whyNotEligible } from './eligibility.ts';
import { nextRetryPause } from './retry-schedule.ts';
import { routableLead } from './routable-lead.ts';
import {
  buyerHasPerson,
  closeRoute,
  countFailedAttempt,
  markDelivered,
  markUnplaced,
  readRoutes,
  reserveBuyer,
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

/** The contact a buyer's dedupe window compares. */
function contactOf(payload: Readonly<Record<string, unknown>>) {
  const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);
  return { email: text(payload.email), phone: text(payload.phone) };
}

/**
 * Reserves the next buyer on the lead's path: each buyer not yet on it, in priority order, is either skipped with the
 * reason (its filters, schedule, dedupe window or cap) or reserved. Undefined when no buyer is left.
 */
async function reserveNext(
  context: RouteContext,
  leadId: string,
  lead: StoredLead,
  routable: RoutableLead,
  routes: readonly RouteRow[],
): Promise<RouteRow | undefined> {
  const { db } = context;
  const now = context.now?.() ?? new Date();
  const onPath = new Set(routes.map((route) => route.buyerId));
  for (const buyer of context.buyers) {
    if (onPath.has(buyer.id)) continue;
    let reason = whyNotEligible(buyer, routable, now);
    if (
      reason === undefined &&
      buyer.dedupeDays !== undefined &&
      (await buyerHasPerson(db, buyer.id, leadId, contactOf(lead.payload), buyer.dedupeDays))
    ) {
      reason = `it received this email or phone within ${buyer.dedupeDays} days`;
    }
    if (reason !== undefined) {
      const skipped = reason;
      await db.transaction((tx) => skipBuyer(tx, leadId, buyer.id, skipped));
      continue;
    }
    const periods = capPeriods(buyer.timeZone, now);
    const slot = { perDay: buyer.caps.perDay, perMonth: buyer.caps.perMonth, ...periods };
    const reservation = await reserveBuyer(db, leadId, buyer.id, slot);
    if (reservation.reserved) {
      return {
        buyerId: buyer.id,
        position: 0,
        state: 'sending',
        reason: null,
        attempts: 0,
        capDay: buyer.caps.perDay === undefined ? null : periods.day,
        capMonth: buyer.caps.perMonth === undefined ? null : periods.month,
      };
    }
    // Another run of this lead's job reserved the buyer first: go on from what it recorded.
    if (reservation.reason === '') return (await readRoutes(db, leadId)).find((route) => route.state === 'sending');
  }
  return undefined;
}

/** Why the buyer refused, for the path: its reason code when it gave one. */
function refusal(outcome: Extract<HandOverOutcome, { outcome: 'rejected' }>): string {
  return outcome.error.replace(/^lender /, '');
}

type Step = 'settled' | 'next';

/** One attempt to the reserved buyer, recorded with what follows from it. */
async function attempt(
  context: RouteContext,
  job: RouteJob,
  lead: StoredLead,
  buyer: RoutedBuyer,
  route: RouteRow,
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
          price: buyer.price,
          optOutKeys: keys,
        });
        // Opted out or revoked while this attempt was under way: the buyer that now has the lead is told at once.
        const cause = meanwhile.consentRevoked ? 'consent-revoked' : meanwhile.optedOut ? 'opt-out' : undefined;
        if (cause !== undefined && context.buyerEvents !== undefined) {
          await queueRevocations(tx, [leadId], cause, context.buyerEvents);
        }
      });
      log.info({ leadId, buyerId, attempt: made, httpStatus: outcome.httpStatus }, 'lead delivered');
      return 'settled';
    case 'rejected':
      await db.transaction(async (tx) => {
        await record(tx);
        await closeRoute(tx, leadId, route, 'refused', refusal(outcome));
      });
      log.info({ leadId, buyerId, error: outcome.error }, 'the buyer refused the lead: it goes to the next buyer');
      return 'next';
    case 'failed': {
      const pause = nextRetryPause(made, outcome.retryAfterSeconds, context.retryPausesSeconds);
      if (pause !== undefined) {
        // The attempt and the next run commit together: a crash leaves both or neither.
        await db.transaction(async (tx) => {
          await record(tx);
          await countFailedAttempt(tx, leadId, buyerId);
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
  const counts = [
    ['failed until their retries were spent', routes.filter((route) => route.state === 'failed').length],
    ['refused', routes.filter((route) => route.state === 'refused').length],
    ['not eligible', routes.filter((route) => route.state === 'skipped').length],
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
    log.error(
      { leadId, reason },
      'lead undelivered: a buyer failed until its retries were spent; replay it once fixed',
    );
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
  const buyers = new Map(context.buyers.map((buyer) => [buyer.id, buyer]));
  let routes = await readRoutes(db, leadId);
  for (;;) {
    const current =
      routes.find((route) => route.state === 'sending') ?? (await reserveNext(context, leadId, lead, routable, routes));
    if (current === undefined) return finish(context, job, leadId);
    const buyer = buyers.get(current.buyerId);
    if (buyer === undefined) {
      // Reserved before a restart that removed the buyer from BUYERS_FILE.
      await db.transaction((tx) => closeRoute(tx, leadId, current, 'failed', 'the buyer is no longer configured'));
    } else if ((await attempt(context, job, lead, buyer, current)) === 'settled') {
      return { status: 'completed' };
    }
    routes = await readRoutes(db, leadId);
  }
}
