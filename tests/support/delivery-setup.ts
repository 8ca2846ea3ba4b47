/**
 * What the lead delivery tests share: a migrated database of each kind with its own pg-boss schema, delivery started
 * against a test buyer, leads stored as intake stores them, and reads of attempts and jobs.
 */
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { onTestFinished } from 'vitest';
import { migrate, type Database, type PgliteDatabase } from '../../server/platform/db/index.ts';
import {
  createLeadDelivery,
  type BossConnection,
  type LeadDelivery,
  type RetryPolicy,
} from '../../server/buyers/delivery/lead-delivery.ts';
import { httpBuyerClient } from '../../server/buyers/delivery/buyer-client.ts';
import { SINGLE_BUYER_ID, type BuyerRules, type RoutedBuyer, type SaleSettings } from '../../server/buyers/buyer.ts';
import { DEFAULT_BUYER_NAME } from '../../server/platform/config/settings.ts';
import type { DeliveryLog } from '../../server/buyers/delivery/delivery-log.ts';
import { startTestBuyer, type TestBuyer } from './test-buyer.ts';
import type { DatabaseKind } from './server-harness.ts';

// The key deliveries are signed with, and the secret the buyer holds for it.
export const SIGNING_KEY = Buffer.from('delivery-test-signing-key-32-bytes');
export const SECRET = `whsec_${SIGNING_KEY.toString('base64')}`;
/** Three attempts to a buyer, one second apart: the retry schedule, kept short. */
export const QUICK_PAUSES: readonly number[] = [1, 1];
/** A run that could not finish is run again a second later, twice. */
export const QUICK_RUN_RETRIES: RetryPolicy = { limit: 2, delaySeconds: 1, backoff: false };
export const WAIT = { timeout: 20_000, interval: 100 };

export interface LogLine {
  level: keyof DeliveryLog;
  fields: Record<string, unknown>;
  message: string;
}

export function captureLog(): { log: DeliveryLog; lines: LogLine[] } {
  const lines: LogLine[] = [];
  const at = (level: LogLine['level']) => (fields: Record<string, unknown>, message: string) =>
    void lines.push({ level, fields, message });
  return { log: { info: at('info'), warn: at('warn'), error: at('error') }, lines };
}

export interface Setup {
  db: Database;
  /** pg-boss's schema in this database. */
  bossSchema: string;
  connection: BossConnection;
}

/** A migrated database of the given kind with a pg-boss schema of its own, all removed when the test ends. */
export async function openDatabase(kind: DatabaseKind): Promise<Setup> {
  const database = await kind.open();
  onTestFinished(() => database.cleanup());
  await migrate(database.db);
  if (database.db.kind === 'pglite') {
    return { db: database.db, bossSchema: 'pgboss', connection: { pglite: (database.db as PgliteDatabase).pglite } };
  }
  const url = process.env.DATABASE_URL as string;
  const bossSchema = `fundflow_boss_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  onTestFinished(async () => {
    const admin = new Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop schema if exists ${bossSchema} cascade`);
    await admin.end();
  });
  return { db: database.db, bossSchema, connection: { connectionString: url } };
}

/** A buyer that takes every lead, as BUYER_URL alone makes; `rules` change it. */
export function buyerRules(rules: Partial<BuyerRules> = {}): BuyerRules {
  return {
    id: SINGLE_BUYER_ID,
    name: DEFAULT_BUYER_NAME,
    priority: 1,
    timeZone: 'America/Los_Angeles',
    filters: {},
    caps: {},
    ...rules,
  };
}

/** A buyer whose endpoint is the test buyer's, signing with SIGNING_KEY. */
export function buyerAt(testBuyer: TestBuyer, rules: Partial<BuyerRules> = {}, timeoutMs = 5_000): RoutedBuyer {
  return {
    ...buyerRules(rules),
    client: httpBuyerClient({ url: testBuyer.url, signingKeys: [SIGNING_KEY], timeoutMs }),
  };
}

export interface StartOptions {
  /** One buyer taking every lead, at this test buyer. */
  buyer?: TestBuyer;
  /** The buyers, in the order they are offered a lead; instead of `buyer`. */
  buyers?: readonly RoutedBuyer[];
  /** Retries of a run that could not finish; default QUICK_RUN_RETRIES. */
  retry?: RetryPolicy;
  /** Pauses between attempts to a buyer; default QUICK_PAUSES. */
  retryPauses?: readonly number[];
  log?: DeliveryLog;
  timeoutMs?: number;
  /** The terms of a sale (floorPrice, maxBid, failoverSeconds); default: BUYERS_FILE's defaults. */
  sale?: SaleSettings;
}

export async function startDelivery(setup: Setup, options: StartOptions = {}): Promise<LeadDelivery> {
  const timeoutMs = options.timeoutMs ?? 5_000;
  const delivery = createLeadDelivery({
    db: setup.db,
    connection: setup.connection,
    schema: setup.bossSchema,
    buyers: options.buyers ?? (options.buyer === undefined ? [] : [buyerAt(options.buyer, {}, timeoutMs)]),
    timeoutMs,
    retry: options.retry ?? QUICK_RUN_RETRIES,
    retryPausesSeconds: options.retryPauses ?? QUICK_PAUSES,
    pollingIntervalSeconds: 0.5,
    ...(options.sale === undefined ? {} : { sale: options.sale }),
  });
  // Registered first so it runs after the delivery stopped and before the database closes.
  onTestFinished(() => delivery.stop());
  await delivery.start(options.log ?? captureLog().log);
  return delivery;
}

export async function startBuyer(options: Parameters<typeof startTestBuyer>[0] = {}): Promise<TestBuyer> {
  const started = await startTestBuyer(options);
  onTestFinished(() => started.close());
  return started;
}

export function leadPayload(): Record<string, unknown> {
  return { first_name: 'Maria', email: 'maria.rivera@example.com', amount: 50000, phone: '3105550147' };
}

/** Stores a lead and queues its delivery in one transaction, as intake does. */
export async function storeLead(db: Database, delivery: LeadDelivery, payload = leadPayload()): Promise<string> {
  const id = randomUUID();
  await db.transaction(async (tx) => {
    await tx.query(`insert into leads (id, flow, flow_version, payload) values ($1, 'business-funding', 'v1', $2)`, [
      id,
      JSON.stringify(payload),
    ]);
    await delivery.queue.enqueue(tx, [id]);
  });
  return id;
}

export interface AttemptRow {
  attempt: number;
  buyer_id: string | null;
  http_status: number | null;
  outcome: string;
  error: string | null;
  attempted_at: Date;
}

export async function attemptsOf(db: Database, leadId: string): Promise<AttemptRow[]> {
  const { rows } = await db.query<AttemptRow>(
    `select attempt, buyer_id, http_status, outcome, error, attempted_at from delivery_attempts where lead_id = $1
      order by attempt`,
    [leadId],
  );
  return rows;
}

/** When the lead was stored (its received_at). */
export async function receivedAt(db: Database, leadId: string): Promise<Date> {
  const { rows } = await db.query<{ received_at: Date }>('select received_at from leads where id = $1', [leadId]);
  return rows[0]!.received_at;
}

export async function deliveredAt(db: Database, leadId: string): Promise<Date | null> {
  const { rows } = await db.query<{ delivered_at: Date | null }>('select delivered_at from leads where id = $1', [
    leadId,
  ]);
  return rows[0]?.delivered_at ?? null;
}

export interface JobRow {
  name: string;
  state: string;
  retry_limit: number;
  retry_delay: number;
  retry_backoff: boolean;
  retry_delay_max: number | null;
  keep_until: Date;
  dead_letter: string | null;
}

export async function jobsOf(setup: Setup, leadId: string): Promise<JobRow[]> {
  const { rows } = await setup.db.query<JobRow>(
    `select name, state, retry_limit, retry_delay, retry_backoff, retry_delay_max, keep_until, dead_letter
       from ${setup.bossSchema}.job where data->>'leadId' = $1 order by created_on`,
    [leadId],
  );
  return rows;
}

export async function jobStates(setup: Setup, leadId: string): Promise<string[]> {
  return (await jobsOf(setup, leadId)).map((job) => job.state);
}

/** Where routing left the lead, when it is unsold or dead-lettered: its delivery_state and delivery_reason. */
export async function endOf(db: Database, leadId: string): Promise<{ state: string | null; reason: string | null }> {
  const { rows } = await db.query<{ state: string | null; reason: string | null }>(
    'select delivery_state as state, delivery_reason as reason from leads where id = $1',
    [leadId],
  );
  return rows[0]!;
}

export interface PathRow {
  buyer_id: string;
  state: string;
  reason: string | null;
}

/** The lead's path through the buyers, in order. */
export async function pathOf(db: Database, leadId: string): Promise<PathRow[]> {
  const { rows } = await db.query<PathRow>(
    'select buyer_id, state, reason from lead_routes where lead_id = $1 order by position',
    [leadId],
  );
  return rows;
}
