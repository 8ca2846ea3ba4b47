/** One delivery attempt for one queued lead: read it, hand it to the lender, record what happened. */
import type { Database, Queryable } from '../db/types.ts';
import { holdIfOptedOut } from '../privacy/opt-outs.ts';
import { endJobIfHeld, markDeliveryState, readLead, recordAttempt } from './attempts.ts';
import type { LenderClient } from './lender-client.ts';

/** What a delivery job carries: only the lead id. The lead itself stays in `leads`. */
export interface DeliveryJob {
  leadId: string;
}

/** Pino's call shape, so the Fastify logger fits and a test can pass its own. */
type LogFn = (fields: Record<string, unknown>, message: string) => void;

export interface DeliveryLog {
  info: LogFn;
  warn: LogFn;
  error: LogFn;
}

/**
 * How the queue settles the job after an attempt: `completed` (delivered, nothing left to do, or the next attempt
 * already scheduled), `failed` (retried after the queue's pause, or dead-lettered after the last one), `deadletter`
 * (rejected by the lender: dead-lettered at once, no retry).
 */
export type Settlement = { status: 'completed' } | { status: 'failed' | 'deadletter'; error: string };

export interface AttemptContext {
  db: Database;
  lender: LenderClient;
  log: DeliveryLog;
}

export interface AttemptJob {
  data: DeliveryJob;
  /** Set when the worker is stopping, to cut a slow request short. */
  signal?: AbortSignal | undefined;
  /** No retry follows a failure of this attempt: the job goes to the dead-letter queue. */
  isLast: boolean;
  /**
   * The pause before the next attempt when the lender asks for `retryAfterSeconds` (Retry-After) and that is longer
   * than the queue's own pause would surely be; undefined when the queue's pause already honours it.
   */
  longerPause(retryAfterSeconds: number): number | undefined;
  /** Settles this job and queues the next attempt `seconds` from now, through the transaction `tx`. */
  deferNext(tx: Queryable, seconds: number): Promise<void>;
}

export async function attemptDelivery(context: AttemptContext, job: AttemptJob): Promise<Settlement> {
  const { db, lender, log } = context;
  const { leadId } = job.data;
  const lead = await readLead(db, leadId);
  if (lead === undefined) {
    log.error({ leadId }, 'lead delivery: the lead is not in the database; nothing to deliver');
    return { status: 'completed' };
  }
  // A crash between recording the delivery and completing the job, or a replay of a delivered lead, runs the job
  // again: do not send twice.
  if (lead.deliveredAt !== null) return { status: 'completed' };
  if (lead.purgedAt !== null) {
    log.error({ leadId }, 'lead delivery: retention has erased the lead (LEAD_RETENTION_DAYS); nothing to deliver');
    return { status: 'completed' };
  }
  // Held while its job waited (an operator's hold): the job ends here, and the lead is marked as having none, in one
  // statement, so a release at the same moment either finds that mark and queues a new job or comes first and lets
  // this one deliver.
  if (lead.held !== null && (await endJobIfHeld(db, leadId))) {
    log.info({ leadId, held: lead.held }, 'lead held back from lenders: it is not delivered');
    return { status: 'completed' };
  }
  // Checked at every attempt rather than at intake: a lead stored before its visitor opted out is held back too.
  if (await holdIfOptedOut(db, leadId, lead.payload)) {
    log.info({ leadId }, 'lead held: its email or phone opted out of sale ("Do Not Sell"); it is not delivered');
    return { status: 'completed' };
  }

  const attemptedAt = new Date();
  const started = performance.now();
  const { payload, receivedAt } = lead;
  const outcome = await lender.handOver({ messageId: leadId, payload, receivedAt, attemptedAt, signal: job.signal });
  const durationMs = performance.now() - started;
  const pause =
    outcome.outcome === 'failed' && outcome.retryAfterSeconds !== undefined && !job.isLast
      ? job.longerPause(outcome.retryAfterSeconds)
      : undefined;
  const deadLettered = outcome.outcome === 'rejected' || (outcome.outcome === 'failed' && job.isLast);
  // The attempt's record and, when the lender asked for a longer pause, the job's next attempt commit together: a
  // crash leaves either both or neither.
  const attempt = await db.transaction(async (tx) => {
    const number = await recordAttempt(tx, leadId, attemptedAt, durationMs, outcome);
    if (pause !== undefined) await job.deferNext(tx, pause);
    if (deadLettered) await markDeliveryState(tx, [leadId], 'dead-lettered');
    return number;
  });

  switch (outcome.outcome) {
    case 'delivered':
      log.info({ leadId, attempt, httpStatus: outcome.httpStatus }, 'lead delivered');
      return { status: 'completed' };
    case 'rejected':
      log.error(
        { leadId, attempt, error: outcome.error },
        'the lender rejected the lead: it is not retried; its job is in the dead-letter queue',
      );
      return { status: 'deadletter', error: outcome.error };
    case 'failed':
      if (pause !== undefined) {
        log.warn(
          { leadId, attempt, error: outcome.error, retryAfterSeconds: pause },
          'lead delivery failed; the lender asked to wait: it will be retried after that',
        );
        return { status: 'completed' };
      }
      if (job.isLast) {
        log.error(
          { leadId, attempt, error: outcome.error },
          'lead delivery failed for the last time: the lead stays undelivered and its job is in the dead-letter queue',
        );
      } else {
        log.warn({ leadId, attempt, error: outcome.error }, 'lead delivery failed; it will be retried');
      }
      return { status: 'failed', error: outcome.error };
  }
}
