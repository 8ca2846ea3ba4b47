/**
 * The operator's view of the dead letters (npm run leads -- dead | redeliver): which leads' deliveries gave up, and
 * replaying them. Both read the leads' own rows, so a lead is listed and replayed for as long as it is kept, after
 * pg-boss has deleted its dead-lettered job (30 days) too. A replay routes the lead again with every buyer offered it
 * anew; the lead's row decides which of two replays at once queues it, so running it twice, or from two places at
 * once, queues one delivery (redeliverOn). An unsold lead is replayed the same way. A lead already delivered is never
 * queued again.
 */
import { PgBoss } from 'pg-boss';
import type { Database } from '../../platform/db/types.ts';
import { markDeadLettered } from './dead-letter-state.ts';
import {
  bossOptions,
  DEAD_LETTER_QUEUE,
  fillQueueCache,
  redeliverOn,
  type BossConnection,
  type RedeliverResult,
} from './lead-delivery.ts';

export interface DeadLetter {
  leadId: string;
  /** Attempts recorded for the lead, over all its deliveries. */
  attempts: number;
  /** The last attempt's error summary (never the lead, never the buyer's free text). */
  lastError: string | null;
  lastAttemptAt: Date | null;
}

export type { RedeliverResult } from './lead-delivery.ts';

export interface DeadLetters {
  /** The dead-lettered leads not yet delivered, in the order they were received. */
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
  const { db, schema } = options;
  // Neither maintenance nor schedules: the servers do those; this only reads and queues jobs.
  const boss = new PgBoss({ ...bossOptions(options.connection, schema), supervise: false, schedule: false });
  await boss.start();
  await fillQueueCache(boss);

  return {
    async list() {
      // Leads whose run crashed on its last attempt, dead-lettered by pg-boss while no server caught them up.
      await markDeadLettered(db, DEAD_LETTER_QUEUE, schema);
      const { rows } = await db.query<{
        id: string;
        attempts: number | null;
        error: string | null;
        attempted_at: Date | null;
      }>(
        `select l.id, a.attempt as attempts, a.error, a.attempted_at
           from leads l
           left join lateral (
             select attempt, error, attempted_at from delivery_attempts
              where lead_id = l.id order by attempt desc limit 1
           ) a on true
          where l.delivery_state = 'dead-lettered' and l.delivered_at is null
          order by l.received_at, l.id`,
      );
      return rows.map((row): DeadLetter => ({
        leadId: row.id,
        attempts: row.attempts ?? 0,
        lastError: row.error,
        lastAttemptAt: row.attempted_at,
      }));
    },

    redeliver: (leadId) => redeliverOn(db, boss, leadId, schema),

    close: () => boss.stop({ graceful: false }),
  };
}
