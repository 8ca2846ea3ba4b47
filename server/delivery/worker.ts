/** One delivery attempt for one queued lead: read it, hand it to the lender, record what happened. */
import type { Database } from '../db/types.ts';
import { readLead, recordAttempt } from './attempts.ts';
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

/** Thrown to have the queue retry the job; the message is the attempt's error summary (no personal data). */
export class DeliveryFailed extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DeliveryFailed';
  }
}

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
}

/** Resolves when the lead is delivered (or there is nothing left to deliver); throws DeliveryFailed otherwise. */
export async function attemptDelivery(context: AttemptContext, job: AttemptJob): Promise<void> {
  const { db, lender, log } = context;
  const { leadId } = job.data;
  const lead = await readLead(db, leadId);
  if (lead === undefined) {
    log.error({ leadId }, 'lead delivery: the lead is not in the database; nothing to deliver');
    return;
  }
  // A crash between recording the delivery and completing the job runs the job again: do not send twice.
  if (lead.deliveredAt !== null) return;

  const attemptedAt = new Date();
  const outcome = await lender.handOver({ messageId: leadId, payload: lead.payload, attemptedAt, signal: job.signal });
  const attempt = await recordAttempt(db, leadId, attemptedAt, outcome);
  if (outcome.delivered) {
    log.info({ leadId, attempt, httpStatus: outcome.httpStatus }, 'lead delivered');
    return;
  }
  if (job.isLast) {
    log.error(
      { leadId, attempt, error: outcome.error },
      'lead delivery failed for the last time: the lead stays undelivered and its job is in the dead-letter queue',
    );
  } else {
    log.warn({ leadId, attempt, error: outcome.error }, 'lead delivery failed; it will be retried');
  }
  throw new DeliveryFailed(outcome.error);
}
