/**
 * Buyer events on pg-boss, beside lead delivery and on the same instance: one job per event, carrying only its id.
 * The retry schedule is irregular (retry-schedule.ts), so pg-boss's own retries serve only for a worker that crashed
 * or lost its database mid-attempt; a failed attempt completes its job and queues the next with startAfter.
 */
import type { Db, JobWithMetadata, PgBoss, QueueOptions } from 'pg-boss';
import type { Queryable } from '../../platform/db/types.ts';
import { sendBuyerEvent, type BuyerEventContext, type BuyerEventQueue, type EventNext } from './buyer-events.ts';

export const BUYER_EVENTS_QUEUE = 'buyer-events';

/** What a job carries: the event id. The event itself stays in buyer_events. */
interface BuyerEventJob {
  eventId: string;
}

/** Jobs kept as long as lead delivery's, far past the schedule's last attempt (about 27.5 hours). */
const RETENTION_SECONDS = 30 * 24 * 60 * 60;
/** Events are rare next to leads: a few side by side are plenty. */
const CONCURRENCY = 2;
const BATCH_SIZE = 5;

export interface BuyerEventsOptions {
  /**
   * Seconds an attempt may stay active before pg-boss takes it for a crashed worker's and runs it again: the buyer
   * client's timeout plus the reclaim margin lead delivery uses. Default 120.
   */
  expireInSeconds?: number;
  /** How often an idle worker looks for jobs; default 2. */
  pollingIntervalSeconds?: number;
}

/** pg-boss's calls run through the caller's transaction. */
function through(tx: Queryable): Db {
  return { executeSql: (text, values) => tx.query(text, values ?? []) };
}

/** Queues events through the caller's transaction; usable once startBuyerEvents has created the queue. */
export function buyerEventQueue(boss: PgBoss): BuyerEventQueue {
  return {
    async enqueue(tx, eventIds) {
      if (eventIds.length === 0) return;
      const jobs = eventIds.map((eventId): { data: BuyerEventJob } => ({ data: { eventId } }));
      await boss.insert(BUYER_EVENTS_QUEUE, jobs, { db: through(tx) });
    },
  };
}

/**
 * Completes this job and queues the event's next attempt `seconds` from now, in one transaction. Fenced to this
 * attempt: a job pg-boss already took back (expired) is left alone, and no second job is queued.
 */
async function deferNext(
  boss: PgBoss,
  context: BuyerEventContext,
  job: JobWithMetadata<BuyerEventJob>,
  seconds: number,
) {
  await context.db.transaction(async (tx) => {
    // pg-boss's types declare CommandResponse empty; it carries the count of jobs settled.
    const completed = await boss.complete(BUYER_EVENTS_QUEUE, job, { retryInSeconds: seconds }, { db: through(tx) });
    if ((completed as { affected: number }).affected === 0) return;
    await boss.insert(BUYER_EVENTS_QUEUE, [{ data: job.data, startAfter: `${seconds} seconds` }], {
      db: through(tx),
    });
  });
}

/** How pg-boss settles the job. */
type JobStatus = { status: 'completed' | 'failed'; output?: { message: string } };

async function attempt(
  boss: PgBoss,
  context: BuyerEventContext,
  job: JobWithMetadata<BuyerEventJob>,
): Promise<JobStatus> {
  const { eventId } = job.data;
  let next: EventNext;
  try {
    next = await sendBuyerEvent(context, eventId, job.signal);
  } catch (error) {
    // The code only: a database's message can quote the values of a row. pg-boss runs the job again.
    const code = (error as { code?: unknown }).code ?? (error as Error).name;
    context.log.error({ eventId, code }, 'buyer event attempt could not be completed; it will be run again');
    return { status: 'failed', output: { message: 'the attempt could not be completed' } };
  }
  if (next.next === 'retry') await deferNext(boss, context, job, next.seconds);
  // Given up: the event keeps its attempts and last error; the job ends with the reason.
  return next.next === 'give-up' ? { status: 'completed', output: { message: next.error } } : { status: 'completed' };
}

/**
 * Creates the queue (or applies today's options to it) and, when there are senders, starts its worker. Call after
 * `boss.start()`; without senders (no buyers configured) events are queued and wait for a server that has them.
 */
export async function startBuyerEvents(
  boss: PgBoss,
  context: BuyerEventContext,
  options: BuyerEventsOptions = {},
): Promise<void> {
  const queueOptions: QueueOptions = {
    retentionSeconds: RETENTION_SECONDS,
    expireInSeconds: options.expireInSeconds ?? 120,
    retryLimit: 5,
    retryDelay: 60,
    retryBackoff: true,
  };
  await boss.createQueue(BUYER_EVENTS_QUEUE, queueOptions);
  await boss.updateQueue(BUYER_EVENTS_QUEUE, queueOptions);
  // insert() looks the queue up in pg-boss's cache and, on a miss, queries outside the caller's transaction: with the
  // embedded database's one connection held by that transaction, it would wait for ever. Fill the cache now.
  await boss.findJobs(BUYER_EVENTS_QUEUE, { key: '' });
  if (context.senders.size === 0) return;

  const workOptions = {
    includeMetadata: true,
    perJobResults: true,
    localConcurrency: CONCURRENCY,
    batchSize: BATCH_SIZE,
    pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2,
  } as const;
  await boss.work<BuyerEventJob, void, typeof workOptions>(BUYER_EVENTS_QUEUE, workOptions, (jobs) =>
    Promise.all(
      jobs.map(async (job) => {
        // One job's failure (the database briefly away) must not fail the others of its batch.
        const settled = await attempt(boss, context, job).catch((): JobStatus => ({
          status: 'failed',
          output: { message: 'the attempt could not be completed' },
        }));
        return { id: job.id, ...settled };
      }),
    ),
  );
}
