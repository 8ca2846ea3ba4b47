/**
 * Runs the retention purge (purge.ts) at start and then daily, as a pg-boss schedule in the server's database: with
 * several servers on one PostgreSQL each registers the same schedule, and pg-boss sends one job per day, which one
 * of them works. Logs counts only.
 */
import { PgBoss } from 'pg-boss';
import type { Database } from '../platform/db/types.ts';
import { type BossConnection, bossOptions, type DeliveryLog } from '../buyers/index.ts';
import { purgeExpired } from './purge.ts';

export const RETENTION_QUEUE = 'lead-retention';
/** Every day at 03:17 UTC: a quiet hour for US visitors, off the hour when other schedules crowd. */
export const RETENTION_CRON = '17 3 * * *';

/** A daily job need not be picked up within seconds; fewer polls leave the embedded database's one connection free. */
const POLLING_INTERVAL_SECONDS = 60;
const STOP_TIMEOUT_MS = 5_000;

type RetentionLog = Pick<DeliveryLog, 'info' | 'error'>;

export interface RetentionJobOptions {
  db: Database;
  connection: BossConnection;
  /** LEAD_RETENTION_DAYS. */
  leadRetentionDays: number;
  /** pg-boss's schema; default "pgboss". */
  schema?: string;
  /** How often the worker looks for the day's job, in seconds; default 60. */
  pollingIntervalSeconds?: number;
}

export interface RetentionJob {
  /** Purges once, then registers the daily schedule and its worker. A failed purge is logged, not thrown. */
  start(log: RetentionLog): Promise<void>;
  stop(): Promise<void>;
}

export function createRetentionJob(options: RetentionJobOptions): RetentionJob {
  const { db, leadRetentionDays } = options;
  // Its own small pool on PostgreSQL (ignored on the embedded database): one purge at a time needs little.
  const boss = new PgBoss({
    ...bossOptions(options.connection, options.schema),
    application_name: 'fundflow-retention',
    max: 2,
  });

  async function purge(log: RetentionLog): Promise<void> {
    const counts = await purgeExpired(db, leadRetentionDays);
    log.info({ ...counts, leadRetentionDays }, 'retention purge done');
  }

  return {
    async start(log) {
      boss.on('error', (error) => log.error({ err: error }, 'retention queue error'));
      await purge(log).catch((error: unknown) => log.error({ err: error }, 'retention purge failed'));
      await boss.start();
      await boss.createQueue(RETENTION_QUEUE);
      // An upsert: every server registers the same schedule, and a changed time replaces the old one.
      await boss.schedule(RETENTION_QUEUE, RETENTION_CRON, null, { tz: 'UTC' });
      const pollingIntervalSeconds = options.pollingIntervalSeconds ?? POLLING_INTERVAL_SECONDS;
      await boss.work(RETENTION_QUEUE, { pollingIntervalSeconds }, async () => {
        // Thrown on so that pg-boss retries the job; it records the failure in the job but logs nothing.
        await purge(log).catch((error: unknown) => {
          log.error({ err: error }, 'retention purge failed');
          throw error;
        });
      });
    },

    stop: () => boss.stop({ graceful: true, timeout: STOP_TIMEOUT_MS }),
  };
}
