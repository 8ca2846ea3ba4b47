/**
 * Lead delivery on pg-boss, in the server's own database: intake queues a job in its transaction, workers route each
 * lead to the buyers (server/buyers/routing/route-lead.ts). pg-boss's LISTEN/NOTIFY wakes a worker the moment a job is
 * queued, on any server sharing the database, so a lead's first attempt starts without a polling pause. Without a
 * buyer (neither BUYERS_FILE nor BUYER_URL set) jobs are queued and wait, unworked, until a server starts
 * with one.
 */
import type { PGlite } from '@electric-sql/pglite';
import { fromPglite, PgBoss, type ConstructorOptions, type Db, type JobWithMetadata, type Queue } from 'pg-boss';
import { groupTransactions } from '../../platform/db/grouped-transactions.ts';
import type { Database, Queryable } from '../../platform/db/types.ts';
import type { RoutedBuyer, SaleSettings } from '../buyer.ts';
import type { BuyerEventQueue } from '../events/buyer-events.ts';
import { buyerEventQueue, startBuyerEvents } from '../events/buyer-events-queue.ts';
import { routeLead, type DeliveryJob, type RouteJob, type Settlement } from '../routing/route-lead.ts';
import { reopenRoutes } from '../routing/route-store.ts';
import { markDeliveryState, readLead } from './attempts.ts';
import type { DeliveryLog } from './delivery-log.ts';
import { clearDeadLetters, markDeadLettered } from './dead-letter-state.ts';
import type { DeliveryQueue } from '../../intake/index.ts';

/**
 * The routing jobs, one at most per lead: pg-boss's `exclusive` policy keeps a single created, retrying or active job
 * per singleton key, and every job's key is its lead id. A policy is fixed when a queue is made, so this is a queue of
 * its own beside the former one.
 */
export const DELIVERY_QUEUE = 'lead-routing';
/**
 * The queue of routing jobs before they were one per lead. Servers work what is left in it (jobs queued before an
 * upgrade, or by a server of the former version while both run); nothing new is queued there.
 */
export const FORMER_DELIVERY_QUEUE = 'lead-delivery';
/**
 * Where a job goes when buyers failed until their retries were spent, or its own runs kept failing; nothing works
 * it. An operator replays it from there (npm run leads -- redeliver, or the console).
 */
export const DEAD_LETTER_QUEUE = 'lead-delivery-dead';

/** pg-boss's retries of a job whose run could not finish (the database away, the server died mid-run). */
export interface RetryPolicy {
  /** Retries after the first run. */
  limit: number;
  delaySeconds: number;
  /** Double the pause after each failure (with jitter), up to maxDelaySeconds. */
  backoff: boolean;
  maxDelaySeconds?: number;
}

/**
 * 16 runs. pg-boss waits delay × 2^n × (1 + random) after the n-th failed retry (n from 0), capped: 5-10 s, 10-20 s,
 * ... up to 4 h, so the last run comes 18 to 22 hours after the first: a database away for most of a day still
 * leaves the job a run after it is back. A buyer's own
 * failures follow the retry schedule of server/buyers/routing/retry-schedule.ts instead.
 */
export const RUN_RETRIES: RetryPolicy = { limit: 15, delaySeconds: 5, backoff: true, maxDelaySeconds: 4 * 60 * 60 };

/**
 * How long a job may wait, queued or for its next retry, before pg-boss deletes it: long enough for an operator to
 * notice BUYER_URL is unset (or the buyer is gone) and fix it. Dead-lettered jobs are kept as long.
 */
export const RETENTION_SECONDS = 30 * 24 * 60 * 60;

/**
 * Default for BUYER_RECLAIM_SECONDS: seconds an attempt may stay active beyond the request timeout before
 * pg-boss takes it for a crashed worker's and retries it; pg-boss also looks for such attempts this often.
 */
export const RECLAIM_SECONDS = 60;

/**
 * How many leads a server routes at once: workers (each with its own fetches, so one slow buyer's answer does not
 * hold up every other lead) × the jobs each fetches and routes side by side. While fetches come back full a worker
 * fetches again at once (burst), so a backlog drains at the speed of the database and the buyers, not of a polling
 * pause. PostgreSQL does the work in processes of its own and gains from more at once. The embedded database runs one
 * statement at a time on the server's own thread, in the order they come: fewer at once keeps a visitor's lead from
 * queueing behind a hundred routing statements (bench, 50 clients: intake 874 leads/s with a p99 of 143 ms at 2 × 10,
 * against 301 and 842 ms at 4 × 25, delivery 274 and 330 leads/s from a backlog).
 */
const IN_FLIGHT = {
  pglite: { workers: 2, batchSize: 10 },
  postgres: { workers: 4, batchSize: 25 },
} as const;

/** How long stopping waits for running attempts before failing them (they are retried later). */
const STOP_TIMEOUT_MS = 5_000;

/** Where pg-boss keeps its tables: in the embedded database itself, or in the PostgreSQL at this URL. */
export type BossConnection = { pglite: PGlite } | { connectionString: string };

export interface LeadDeliveryOptions {
  /** The server's database: leads are read and attempts recorded through it. */
  db: Database;
  connection: BossConnection;
  /** In the order they are offered a lead; empty: jobs are queued and not worked. */
  buyers: readonly RoutedBuyer[];
  /** BUYER_TIMEOUT_MS: how long one attempt may wait for a buyer. */
  timeoutMs: number;
  /** BUYERS_FILE's terms of a sale (floorPrice, maxBid, failoverSeconds); default: DEFAULT_SALE_SETTINGS. */
  sale?: SaleSettings;
  /** Retries of a run that could not finish; default: RUN_RETRIES. */
  retry?: RetryPolicy;
  /** Pauses between attempts to one buyer; default: the Standard Webhooks schedule. */
  retryPausesSeconds?: readonly number[];
  /** BUYER_RECLAIM_SECONDS; default RECLAIM_SECONDS. */
  reclaimSeconds?: number;
  /**
   * How often an idle worker looks for jobs, in seconds; default 2 (pg-boss's minimum is 0.5). New jobs wake the
   * workers at once; this is for retries coming due, and the backstop should a notification be missed.
   */
  pollingIntervalSeconds?: number;
  /** pg-boss's schema; default "pgboss". */
  schema?: string;
}

/** What a replay did; 'not dead-lettered': the lead is neither dead-lettered nor unsold (held back, say). */
export type RedeliverResult = 'queued' | 'delivered already' | 'queued already' | 'not dead-lettered' | 'no such lead';

/** A routing job of the lead, keyed by it: the queue never holds two of one lead at once. */
export function routingJob(leadId: string): { data: DeliveryJob; singletonKey: string } {
  return { data: { leadId }, singletonKey: leadId };
}

/** What the console does to a lead's delivery (buildApp's `deliveryControl`); usable once started. */
export interface DeliveryControl {
  /**
   * Routes a dead-lettered or unsold lead again, as `npm run leads -- redeliver` does: every buyer may be offered it
   * anew.
   */
  redeliver(leadId: string): Promise<RedeliverResult>;
}

export interface LeadDelivery {
  /** For intake (buildApp's `delivery`); usable once started. */
  readonly queue: DeliveryQueue;
  /** Where lead.revoked events to buyers are queued (buildApp's `buyerEvents`); usable once started. */
  readonly buyerEvents: BuyerEventQueue;
  readonly control: DeliveryControl;
  /** Installs or migrates pg-boss's schema, creates the queues and, with a buyer, starts the workers. */
  start(log: DeliveryLog): Promise<void>;
  /** Waits briefly for running attempts, then stops; closes pg-boss's own PostgreSQL connections. */
  stop(): Promise<void>;
}

/** pg-boss's constructor options for the connection; retention's own instance starts from them too. */
export function bossOptions(
  connection: BossConnection,
  schema: string | undefined,
  reclaimSeconds = RECLAIM_SECONDS,
): ConstructorOptions {
  // Expired attempts are found by pg-boss's supervisor, in its monitoring pass: both run as often as an attempt may
  // overstay, so a crashed server's attempt is retried within about twice that after its timeout.
  const common = {
    superviseIntervalSeconds: reclaimSeconds,
    monitorIntervalSeconds: reclaimSeconds,
    ...(schema === undefined ? {} : { schema }),
  };
  if ('pglite' in connection) return { ...common, db: fromPglite(connection.pglite), backend: 'pglite' };
  return { ...common, connectionString: connection.connectionString, application_name: 'fundflow-delivery', max: 5 };
}

/** pg-boss's calls run through the caller's transaction. */
function through(tx: Queryable): Db {
  return { executeSql: (text, values) => tx.query(text, values ?? []) };
}

/**
 * The run's view of its job. A buyer's retry comes after the retry schedule's pause, which pg-boss's own backoff
 * cannot follow, so it is made by completing this job and queueing the lead's next run with startAfter, in the
 * transaction that records the attempt. A run that ends the lead's delivery settles its job in the transaction that
 * records why, so no moment exists where the lead looks unsold, dead-lettered or held while its job still runs.
 */
function routeJob(boss: PgBoss, job: JobWithMetadata<DeliveryJob>): RouteJob {
  // Fenced to this run: a job pg-boss already took back (expired) is left alone. pg-boss's types declare
  // CommandResponse empty; it carries the count of jobs settled.
  const complete = async (tx: Queryable, output: object | undefined) => {
    const completed = await boss.complete(job.name, job, output, { db: through(tx) });
    return (completed as { affected: number }).affected > 0;
  };
  return {
    data: job.data,
    signal: job.signal,
    async deferNext(tx, seconds) {
      if (!(await complete(tx, { deferredSeconds: seconds }))) return;
      await boss.insert(DELIVERY_QUEUE, [{ ...routingJob(job.data.leadId), startAfter: `${seconds} seconds` }], {
        db: through(tx),
      });
    },
    async end(tx, deadLetter) {
      if (deadLetter === undefined) return complete(tx, undefined);
      // The failure's summary is the job's output; the dead letter holds the lead id, as pg-boss's own copy does.
      if (!(await complete(tx, { message: deadLetter }))) return false;
      await boss.insert(DEAD_LETTER_QUEUE, [routingJob(job.data.leadId)], { db: through(tx) });
      return true;
    },
  };
}

/** Creates the queue if it is new and applies today's options either way (createQueue keeps an existing one as is). */
async function ensureQueue(boss: PgBoss, name: string, options: Omit<Queue, 'name'>): Promise<void> {
  await boss.createQueue(name, options);
  await boss.updateQueue(name, options);
}

export function createLeadDelivery(options: LeadDeliveryOptions): LeadDelivery {
  const { db, buyers, timeoutMs } = options;
  const retry = options.retry ?? RUN_RETRIES;
  const reclaimSeconds = options.reclaimSeconds ?? RECLAIM_SECONDS;
  const boss = new PgBoss({
    ...bossOptions(options.connection, options.schema, reclaimSeconds),
    useListenNotify: true,
  });
  let catchingUp: NodeJS.Timeout | undefined;
  const buyerEvents = buyerEventQueue(boss);

  return {
    buyerEvents,

    queue: {
      async enqueue(tx: Queryable, leadIds: readonly string[]) {
        // One statement for all the jobs, through the intake's transaction, so they commit or roll back with the
        // leads. Like send() without options, insert() takes the retry and retention settings from the queue.
        await boss.insert(DELIVERY_QUEUE, leadIds.map(routingJob), { db: through(tx) });
        await markDeliveryState(tx, leadIds, 'queued');
      },
    },

    control: {
      redeliver: (leadId) => redeliverOn(db, boss, leadId, options.schema),
    },

    async start(log) {
      boss.on('error', (error) => log.error({ err: error }, 'lead delivery queue error'));
      await boss.start();
      await ensureQueue(boss, DEAD_LETTER_QUEUE, { retentionSeconds: RETENTION_SECONDS });
      const routing = {
        // Wakes the workers of every server on this database the moment intake commits a lead.
        notify: true,
        deadLetter: DEAD_LETTER_QUEUE,
        retentionSeconds: RETENTION_SECONDS,
        expireInSeconds: Math.ceil(timeoutMs / 1000) + reclaimSeconds,
        retryLimit: retry.limit,
        retryDelay: retry.delaySeconds,
        retryBackoff: retry.backoff,
        ...(retry.maxDelaySeconds === undefined ? {} : { retryDelayMax: retry.maxDelaySeconds }),
      };
      await boss.createQueue(DELIVERY_QUEUE, { ...routing, policy: 'exclusive' });
      await boss.updateQueue(DELIVERY_QUEUE, routing);
      const former = (await boss.getQueue(FORMER_DELIVERY_QUEUE)) !== null;
      if (former) await boss.updateQueue(FORMER_DELIVERY_QUEUE, routing);
      await fillQueueCache(boss);
      // Before the check for buyers: without them events are still queued (and wait), as leads are.
      await startBuyerEvents(
        boss,
        { db, senders: new Map(buyers.map((buyer) => [buyer.id, buyer.client])), log },
        {
          expireInSeconds: Math.ceil(timeoutMs / 1000) + reclaimSeconds,
          pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2,
        },
      );

      if (buyers.length === 0) {
        log.warn({}, 'no buyer (BUYERS_FILE or BUYER_URL): leads are stored but not delivered');
        return;
      }
      const polling = options.pollingIntervalSeconds ?? 2;
      const workOptions = {
        includeMetadata: true,
        perJobResults: true,
        localConcurrency: IN_FLIGHT[db.kind].workers,
        batchSize: IN_FLIGHT[db.kind].batchSize,
        burstWhenBatchFull: true,
        pollingIntervalSeconds: polling,
        notifyPollingIntervalSeconds: polling,
      } as const;
      // The leads of a batch are routed side by side: their writes share commits, so a burst costs the embedded
      // database one sync per group rather than two per lead, and intake keeps its share of the thread.
      const context = {
        db: groupTransactions(db),
        buyers,
        log,
        retryPausesSeconds: options.retryPausesSeconds,
        buyerEvents,
        sale: options.sale,
      };
      // pg-boss's supervisor dead-letters a crashed worker's last attempt as often as this: the leads follow.
      const catchUp = () =>
        markDeadLettered(db, DEAD_LETTER_QUEUE, options.schema).catch((error: unknown) =>
          log.error({ code: (error as { code?: unknown }).code }, 'dead-lettered leads could not be marked'),
        );
      catchingUp = setInterval(() => void catchUp(), reclaimSeconds * 1000).unref();
      await catchUp();
      const work = (jobs: JobWithMetadata<DeliveryJob>[]) =>
        Promise.all(
          jobs.map(async (job) => {
            // One job's failure (the database briefly away) must not fail the others of its batch.
            const settlement = await routeLead(context, routeJob(boss, job)).catch(
              async (error: unknown): Promise<Settlement> => {
                // The code only: a database's message can quote the values of a row.
                const code = (error as { code?: unknown }).code ?? (error as Error).name;
                log.error({ leadId: job.data.leadId, code }, 'lead routing failed; it will be run again');
                // Its last attempt: pg-boss dead-letters the job. Marked as best it can be: the database may be away.
                if (job.retryCount >= job.retryLimit) {
                  await markDeliveryState(db, [job.data.leadId], 'dead-lettered').catch(() => undefined);
                }
                return { status: 'failed', error: 'the attempt could not be completed' };
              },
            );
            // A failure's summary is the job's output, where pg-boss keeps it (and the dead-letter copy its
            // source_output).
            const output = settlement.status === 'completed' ? undefined : { message: settlement.error };
            return { id: job.id, status: settlement.status, output };
          }),
        );
      await boss.work<DeliveryJob, void, typeof workOptions>(DELIVERY_QUEUE, workOptions, work);
      if (former) await boss.work<DeliveryJob, void, typeof workOptions>(FORMER_DELIVERY_QUEUE, workOptions, work);
    },

    stop() {
      clearInterval(catchingUp);
      return boss.stop({ graceful: true, timeout: STOP_TIMEOUT_MS });
    },
  };
}

/**
 * pg-boss's insert() looks the queue up in its cache and, on a miss, queries outside the caller's transaction. The
 * embedded database has one connection, held by that transaction: the query would wait for ever. Fill the cache of
 * the queues jobs are inserted into through a transaction (creating and updating a queue empties its entry).
 */
export async function fillQueueCache(boss: PgBoss): Promise<void> {
  await boss.findJobs(DELIVERY_QUEUE, { key: '' });
  await boss.findJobs(DEAD_LETTER_QUEUE, { key: '' });
}

/** The lead's queue was refused the job: one of the lead's jobs is still live. The transaction rolls back. */
class LiveJob extends Error {}

/**
 * The replay of a dead-lettered or unsold lead through a started pg-boss: the command's and the console's. The lead's
 * own row decides, in one statement: the request whose update moves it from unsold or dead-lettered to queued replays
 * it, and any other, at the same moment or later, finds it queued. Only then, in the same transaction, are its dead
 * letter and the undecided part of its path cleared and a job queued, so a lead kept longer than pg-boss keeps its
 * dead letter (30 days) is replayed all the same.
 */
export async function redeliverOn(
  db: Database,
  boss: PgBoss,
  leadId: string,
  schema?: string,
): Promise<RedeliverResult> {
  // A job pg-boss dead-lettered on its own (its run crashed) whose lead the servers have not caught up with yet.
  await markDeadLettered(db, DEAD_LETTER_QUEUE, schema, leadId);
  try {
    const replayed = await db.transaction(async (tx) => {
      const { rows } = await tx.query(
        `update leads set delivery_state = 'queued'
          where id = $1 and delivery_state in ('unsold', 'dead-lettered') and delivered_at is null
          returning id`,
        [leadId],
      );
      if (rows.length === 0) return false;
      await clearDeadLetters(tx, DEAD_LETTER_QUEUE, leadId, schema);
      await reopenRoutes(tx, leadId);
      const queued = await boss.insert(DELIVERY_QUEUE, [routingJob(leadId)], { db: through(tx), returnId: true });
      if (queued === null) throw new LiveJob();
      return true;
    });
    if (replayed) return 'queued';
  } catch (error) {
    if (!(error instanceof LiveJob)) throw error;
  }
  const lead = await readLead(db, leadId);
  if (lead === undefined) return 'no such lead';
  if (lead.deliveredAt !== null) return 'delivered already';
  return lead.deliveryState === 'queued' || lead.deliveryState === 'unsold' || lead.deliveryState === 'dead-lettered'
    ? 'queued already'
    : 'not dead-lettered';
}
