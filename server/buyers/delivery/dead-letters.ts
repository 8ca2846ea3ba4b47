/**
 * The operator's view of the dead-letter queue (npm run leads -- dead | redeliver): which leads' deliveries gave up,
 * and replaying them. A replay is pg-boss's redrive of the lead's dead-lettered job back to the delivery queue, to be
 * routed again with every buyer offered the lead anew: one statement that deletes the dead letter as it queues the
 * job, so running it twice, or from two places at once, queues one delivery. An unsold lead gets a new job the same
 * way. A lead already delivered is never queued again.
 */
import { PgBoss } from 'pg-boss';
import type { Database } from '../../platform/db/types.ts';
import {
  bossOptions,
  DEAD_LETTER_QUEUE,
  redeliverOn,
  type BossConnection,
  type RedeliverResult,
} from './lead-delivery.ts';
import type { DeliveryJob } from '../routing/route-lead.ts';

export interface DeadLetter {
  leadId: string;
  /** Attempts recorded for the lead, over all its deliveries. */
  attempts: number;
  /** The last attempt's error summary (never the lead, never the buyer's free text). */
  lastError: string | null;
  lastAttemptAt: Date | null;
  /** When the job was dead-lettered. */
  deadSince: Date;
}

export type { RedeliverResult } from './lead-delivery.ts';

export interface DeadLetters {
  /** Dead-lettered deliveries, oldest first. */
  list(): Promise<DeadLetter[]>;
  redeliver(leadId: string): Promise<RedeliverResult>;
  close(): Promise<void>;
}

export interface DeadLettersOptions {
  db: Database;
  connection: BossConnection;
  /** pg-boss's schema; default "pgboss". */
  schema?: string;
}

export async function openDeadLetters(options: DeadLettersOptions): Promise<DeadLetters> {
  const { db } = options;
  // Neither maintenance nor schedules: the servers do those; this only reads and moves jobs.
  const boss = new PgBoss({ ...bossOptions(options.connection, options.schema), supervise: false, schedule: false });
  await boss.start();

  const lastAttempts = async (leadIds: string[]) => {
    const { rows } = await db.query<{ lead_id: string; attempts: number; error: string | null; attempted_at: Date }>(
      `select distinct on (lead_id) lead_id, attempt as attempts, error, attempted_at
         from delivery_attempts where lead_id = any($1::uuid[]) order by lead_id, attempt desc`,
      [leadIds],
    );
    return new Map(rows.map((row) => [row.lead_id, row]));
  };

  return {
    async list() {
      const jobs = await boss.findJobs<DeliveryJob>(DEAD_LETTER_QUEUE, { queued: true });
      const attempts = await lastAttempts(jobs.map((job) => job.data.leadId));
      return jobs
        .map((job): DeadLetter => {
          const last = attempts.get(job.data.leadId);
          return {
            leadId: job.data.leadId,
            attempts: last?.attempts ?? 0,
            lastError: last?.error ?? null,
            lastAttemptAt: last?.attempted_at ?? null,
            deadSince: job.createdOn,
          };
        })
        .sort((a, b) => a.deadSince.getTime() - b.deadSince.getTime());
    },

    redeliver: (leadId) => redeliverOn(db, boss, leadId),

    close: () => boss.stop({ graceful: false }),
  };
}
