/**
 * Lead delivery on pg-boss, in the server's own database: intake queues a job in its transaction, workers deliver.
 * Without a lender (LEAD_FORWARD_URL unset) jobs are queued and wait, unworked, until a server starts with one.
 */
import type { PGlite } from '@electric-sql/pglite';
import { fromPglite, PgBoss, type ConstructorOptions, type QueueOptions } from 'pg-boss';
import type { Database, Queryable } from '../db/types.ts';
import type { LenderClient } from './lender-client.ts';
import type { DeliveryQueue } from './queue.ts';
import { attemptDelivery, type DeliveryJob, type DeliveryLog } from './worker.ts';

export const DELIVERY_QUEUE = 'lead-delivery';
/** Where a job goes after its last failed attempt; nothing works it. An operator can redrive it from there. */
export const DEAD_LETTER_QUEUE = 'lead-delivery-dead';

export interface RetryPolicy {
  /** Retries after the first attempt. */
  limit: number;
  delaySeconds: number;
  /** Double the pause after each failure (with jitter), up to maxDelaySeconds. */
  backoff: boolean;
  maxDelaySeconds?: number;
}

/**
 * 13 attempts. pg-boss waits delay × 2^n × (1 + random) after the n-th failed retry (n from 0), capped: 1-2 min,
 * 2-4 min, ... up to 4 h, so the last attempt comes 20 to 24 hours after the first.
 */
export const DAY_OF_RETRIES: RetryPolicy = { limit: 12, delaySeconds: 60, backoff: true, maxDelaySeconds: 4 * 60 * 60 };

/**
 * How long a job may wait, queued or for its next retry, before pg-boss deletes it: long enough for an operator to
 * notice LEAD_FORWARD_URL is unset (or the lender is gone) and fix it. Dead-lettered jobs are kept as long.
 */
export const RETENTION_SECONDS = 30 * 24 * 60 * 60;

/** Seconds an attempt may stay active beyond the request timeout before pg-boss takes it for a crashed worker. */
const ACTIVE_MARGIN_SECONDS = 60;

/** Attempts running at once per server: one slow lender answer must not hold up every other lead. */
const CONCURRENCY = 4;

/** How long stopping waits for running attempts before failing them (they are retried later). */
const STOP_TIMEOUT_MS = 5_000;

/** Where pg-boss keeps its tables: in the embedded database itself, or in the PostgreSQL at this URL. */
export type BossConnection = { pglite: PGlite } | { connectionString: string };

export interface LeadDeliveryOptions {
  /** The server's database: leads are read and attempts recorded through it. */
  db: Database;
  connection: BossConnection;
  /** Absent when LEAD_FORWARD_URL is unset: jobs are queued and not worked. */
  lender: LenderClient | undefined;
  /** LEAD_FORWARD_TIMEOUT_MS: how long one attempt may wait for the lender. */
  timeoutMs: number;
  /** Default: DAY_OF_RETRIES. */
  retry?: RetryPolicy;
  /** How often an idle worker looks for jobs, in seconds; default 2 (pg-boss's minimum is 0.5). */
  pollingIntervalSeconds?: number;
  /** pg-boss's schema; default "pgboss". */
  schema?: string;
}

export interface LeadDelivery {
  /** For intake (buildApp's `delivery`); usable once started. */
  readonly queue: DeliveryQueue;
  /** Installs or migrates pg-boss's schema, creates the queues and, with a lender, starts the workers. */
  start(log: DeliveryLog): Promise<void>;
  /** Waits briefly for running attempts, then stops; closes pg-boss's own PostgreSQL connections. */
  stop(): Promise<void>;
}

function bossOptions(connection: BossConnection, schema: string | undefined): ConstructorOptions {
  const common = schema === undefined ? {} : { schema };
  if ('pglite' in connection) return { ...common, db: fromPglite(connection.pglite), backend: 'pglite' };
  return { ...common, connectionString: connection.connectionString, application_name: 'fundflow-delivery', max: 5 };
}

/** Creates the queue if it is new and applies today's options either way (createQueue keeps an existing one as is). */
async function ensureQueue(boss: PgBoss, name: string, options: QueueOptions & { deadLetter?: string }): Promise<void> {
  await boss.createQueue(name, options);
  await boss.updateQueue(name, options);
}

export function createLeadDelivery(options: LeadDeliveryOptions): LeadDelivery {
  const { db, lender, timeoutMs } = options;
  const retry = options.retry ?? DAY_OF_RETRIES;
  const boss = new PgBoss(bossOptions(options.connection, options.schema));

  return {
    queue: {
      async enqueue(tx: Queryable, leadIds: readonly string[]) {
        const jobs = leadIds.map((leadId): { data: DeliveryJob } => ({ data: { leadId } }));
        // One statement for all the jobs, through the intake's transaction, so they commit or roll back with the
        // leads. Like send() without options, insert() takes the retry and retention settings from the queue.
        await boss.insert(DELIVERY_QUEUE, jobs, {
          db: { executeSql: (text, values) => tx.query(text, values ?? []) },
        });
      },
    },

    async start(log) {
      boss.on('error', (error) => log.error({ err: error }, 'lead delivery queue error'));
      await boss.start();
      await ensureQueue(boss, DEAD_LETTER_QUEUE, { retentionSeconds: RETENTION_SECONDS });
      await ensureQueue(boss, DELIVERY_QUEUE, {
        deadLetter: DEAD_LETTER_QUEUE,
        retentionSeconds: RETENTION_SECONDS,
        expireInSeconds: Math.ceil(timeoutMs / 1000) + ACTIVE_MARGIN_SECONDS,
        retryLimit: retry.limit,
        retryDelay: retry.delaySeconds,
        retryBackoff: retry.backoff,
        ...(retry.maxDelaySeconds === undefined ? {} : { retryDelayMax: retry.maxDelaySeconds }),
      });
      // send() looks the queue up in pg-boss's cache and, on a miss, queries outside the caller's transaction. The
      // embedded database has one connection, held by that transaction: the query would wait for ever. Fill the
      // cache now (creating and updating a queue empties its entry).
      await boss.findJobs(DELIVERY_QUEUE, { key: '' });

      if (lender === undefined) {
        log.warn({}, 'LEAD_FORWARD_URL is not set: leads are stored but not delivered');
        return;
      }
      const workOptions = {
        includeMetadata: true,
        localConcurrency: CONCURRENCY,
        pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2,
      } as const;
      await boss.work<DeliveryJob, void, typeof workOptions>(DELIVERY_QUEUE, workOptions, async ([job]) => {
        if (job === undefined) return;
        await attemptDelivery(
          { db, lender, log },
          { data: job.data, signal: job.signal, isLast: job.retryCount >= job.retryLimit },
        );
      });
    },

    stop: () => boss.stop({ graceful: true, timeout: STOP_TIMEOUT_MS }),
  };
}
