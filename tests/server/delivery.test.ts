/**
 * Lead delivery on pg-boss against a real local lender over HTTP, on PGlite and (with DATABASE_URL) PostgreSQL: the
 * job commits with the lead, one message id across retries, signed bodies, every attempt recorded, dead letter.
 */
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { migrate, type Database, type PgliteDatabase } from '../../server/db/index.ts';
import {
  createLeadDelivery,
  DAY_OF_RETRIES,
  DEAD_LETTER_QUEUE,
  DELIVERY_QUEUE,
  RETENTION_SECONDS,
  type BossConnection,
  type LeadDelivery,
  type RetryPolicy,
} from '../../server/delivery/lead-delivery.ts';
import { httpLenderClient } from '../../server/delivery/lender-client.ts';
import type { DeliveryLog } from '../../server/delivery/worker.ts';
import { startTestLender, type TestLender } from '../support/test-lender.ts';
import { verifyWebhook } from '../support/webhook-verify.ts';
import { DATABASES, type DatabaseKind } from './helpers.ts';

// The key deliveries are signed with, and the secret the lender holds for it.
const SIGNING_KEY = Buffer.from('delivery-test-signing-key-32-bytes');
const SECRET = `whsec_${SIGNING_KEY.toString('base64')}`;
/** Three attempts one second apart: the backoff path, kept short. */
const QUICK_RETRIES: RetryPolicy = { limit: 2, delaySeconds: 1, backoff: true, maxDelaySeconds: 1 };
const WAIT = { timeout: 20_000, interval: 100 };

interface LogLine {
  level: keyof DeliveryLog;
  fields: Record<string, unknown>;
  message: string;
}

function captureLog(): { log: DeliveryLog; lines: LogLine[] } {
  const lines: LogLine[] = [];
  const at = (level: LogLine['level']) => (fields: Record<string, unknown>, message: string) =>
    void lines.push({ level, fields, message });
  return { log: { info: at('info'), warn: at('warn'), error: at('error') }, lines };
}

interface Setup {
  db: Database;
  /** pg-boss's schema in this database. */
  bossSchema: string;
  connection: BossConnection;
}

/** A migrated database of the given kind with a pg-boss schema of its own, all removed when the test ends. */
async function openDatabase(kind: DatabaseKind): Promise<Setup> {
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

interface StartOptions {
  lender?: TestLender;
  retry?: RetryPolicy;
  log?: DeliveryLog;
  timeoutMs?: number;
}

async function startDelivery(setup: Setup, options: StartOptions = {}): Promise<LeadDelivery> {
  const timeoutMs = options.timeoutMs ?? 5_000;
  const delivery = createLeadDelivery({
    db: setup.db,
    connection: setup.connection,
    schema: setup.bossSchema,
    lender:
      options.lender === undefined
        ? undefined
        : httpLenderClient({ url: options.lender.url, signingKeys: [SIGNING_KEY], timeoutMs }),
    timeoutMs,
    retry: options.retry ?? QUICK_RETRIES,
    pollingIntervalSeconds: 0.5,
  });
  // Registered first so it runs after the delivery stopped and before the database closes.
  onTestFinished(() => delivery.stop());
  await delivery.start(options.log ?? captureLog().log);
  return delivery;
}

async function lender(options: Parameters<typeof startTestLender>[0] = {}): Promise<TestLender> {
  const started = await startTestLender(options);
  onTestFinished(() => started.close());
  return started;
}

function leadPayload(): Record<string, unknown> {
  return { first_name: 'Maria', email: 'maria.rivera@example.com', amount: 50000, phone: '3105550147' };
}

/** Stores a lead and queues its delivery in one transaction, as intake does. */
async function storeLead(db: Database, delivery: LeadDelivery, payload = leadPayload()): Promise<string> {
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

interface AttemptRow {
  attempt: number;
  http_status: number | null;
  outcome: string;
  error: string | null;
  attempted_at: Date;
}

async function attemptsOf(db: Database, leadId: string): Promise<AttemptRow[]> {
  const { rows } = await db.query<AttemptRow>(
    `select attempt, http_status, outcome, error, attempted_at from delivery_attempts where lead_id = $1
      order by attempt`,
    [leadId],
  );
  return rows;
}

async function deliveredAt(db: Database, leadId: string): Promise<Date | null> {
  const { rows } = await db.query<{ delivered_at: Date | null }>('select delivered_at from leads where id = $1', [
    leadId,
  ]);
  return rows[0]?.delivered_at ?? null;
}

interface JobRow {
  name: string;
  state: string;
  retry_limit: number;
  retry_delay: number;
  retry_backoff: boolean;
  retry_delay_max: number | null;
  keep_until: Date;
  dead_letter: string | null;
}

async function jobsOf(setup: Setup, leadId: string): Promise<JobRow[]> {
  const { rows } = await setup.db.query<JobRow>(
    `select name, state, retry_limit, retry_delay, retry_backoff, retry_delay_max, keep_until, dead_letter
       from ${setup.bossSchema}.job where data->>'leadId' = $1 order by created_on`,
    [leadId],
  );
  return rows;
}

async function jobStates(setup: Setup, leadId: string): Promise<string[]> {
  return (await jobsOf(setup, leadId)).map((job) => job.state);
}

describe.each(DATABASES)('lead delivery on $name', (kind) => {
  it('delivers a queued lead once: the payload with time_stamp, the message id, a valid signature', async () => {
    const setup = await openDatabase(kind);
    const testLender = await lender();
    const { log, lines } = captureLog();
    const delivery = await startDelivery(setup, { lender: testLender, log });
    const before = Date.now();
    const leadId = await storeLead(setup.db, delivery);

    const [received] = await testLender.waitForLeads(1, WAIT.timeout);
    const { time_stamp: timeStamp, ...rest } = received!.body;
    expect(rest).toEqual(leadPayload());
    expect(Date.parse(timeStamp as string)).toBeGreaterThanOrEqual(before);
    expect(new Date(Date.parse(timeStamp as string)).toISOString()).toBe(timeStamp);
    const headers = received!.headers;
    expect(headers['content-type']).toBe('application/json');
    expect(headers['idempotency-key']).toBe(leadId);
    expect(headers['webhook-id']).toBe(leadId);
    const timestamp = headers['webhook-timestamp'] as string;
    expect(Math.abs(Number(timestamp) - Date.parse(timeStamp as string) / 1000)).toBeLessThan(1);
    expect(verifyWebhook(SECRET, headers, received!.raw)).toBe(true);

    await vi.waitFor(async () => expect(await jobStates(setup, leadId)).toEqual(['completed']), WAIT);
    expect(testLender.received).toHaveLength(1);
    expect(await deliveredAt(setup.db, leadId)).toBeInstanceOf(Date);
    expect(await attemptsOf(setup.db, leadId)).toMatchObject([
      { attempt: 1, http_status: 200, outcome: 'delivered', error: null },
    ]);
    expect(lines).toContainEqual({
      level: 'info',
      fields: { leadId, attempt: 1, httpStatus: 200 },
      message: 'lead delivered',
    });
  }, 30_000);

  it('retries a failing lender with one message id and records every attempt', async () => {
    const setup = await openDatabase(kind);
    const testLender = await lender({ failFirst: 2 });
    const delivery = await startDelivery(setup, { lender: testLender });
    const leadId = await storeLead(setup.db, delivery);

    const received = await testLender.waitForLeads(3, WAIT.timeout);
    expect(received.map((request) => request.status)).toEqual([503, 503, 200]);
    expect(new Set(received.map((request) => request.headers['webhook-id']))).toEqual(new Set([leadId]));
    expect(new Set(received.map((request) => request.headers['idempotency-key']))).toEqual(new Set([leadId]));
    // Each attempt carries its own time.
    expect(new Set(received.map((request) => request.body.time_stamp)).size).toBe(3);

    await vi.waitFor(async () => expect(await jobStates(setup, leadId)).toEqual(['completed']), WAIT);
    expect(testLender.received).toHaveLength(3);
    expect(await deliveredAt(setup.db, leadId)).toBeInstanceOf(Date);
    expect(await attemptsOf(setup.db, leadId)).toMatchObject([
      { attempt: 1, http_status: 503, outcome: 'failed', error: 'lender answered HTTP 503' },
      { attempt: 2, http_status: 503, outcome: 'failed', error: 'lender answered HTTP 503' },
      { attempt: 3, http_status: 200, outcome: 'delivered', error: null },
    ]);
  }, 30_000);

  it('after the last retry moves the job to the dead-letter queue; the lead stays undelivered', async () => {
    const setup = await openDatabase(kind);
    const testLender = await lender({ status: 500 });
    const { log, lines } = captureLog();
    const delivery = await startDelivery(setup, { lender: testLender, log });
    const leadId = await storeLead(setup.db, delivery);

    await vi.waitFor(
      async () =>
        expect((await jobsOf(setup, leadId)).map((job) => [job.name, job.state])).toEqual([
          [DELIVERY_QUEUE, 'failed'],
          [DEAD_LETTER_QUEUE, 'created'],
        ]),
      WAIT,
    );
    expect(testLender.received).toHaveLength(QUICK_RETRIES.limit + 1);
    expect(await deliveredAt(setup.db, leadId)).toBeNull();
    expect(await attemptsOf(setup.db, leadId)).toMatchObject([
      { attempt: 1, http_status: 500, outcome: 'failed', error: 'lender answered HTTP 500' },
      { attempt: 2, http_status: 500, outcome: 'failed', error: 'lender answered HTTP 500' },
      { attempt: 3, http_status: 500, outcome: 'failed', error: 'lender answered HTTP 500' },
    ]);
    const errors = lines.filter((line) => line.level === 'error');
    expect(errors).toEqual([
      {
        level: 'error',
        fields: { leadId, attempt: 3, error: 'lender answered HTTP 500' },
        message:
          'lead delivery failed for the last time: the lead stays undelivered and its job is in the dead-letter queue',
      },
    ]);
    // Nothing of the lead itself reaches the log.
    expect(JSON.stringify(lines)).not.toMatch(/maria|3105550147|50000/i);
  }, 30_000);

  it('never delivers a lead whose transaction rolled back', async () => {
    const setup = await openDatabase(kind);
    const testLender = await lender();
    const delivery = await startDelivery(setup, { lender: testLender });

    const rolledBack = randomUUID();
    await expect(
      setup.db.transaction(async (tx) => {
        await tx.query(
          `insert into leads (id, flow, flow_version, payload) values ($1, 'business-funding', 'v1', '{}')`,
          [rolledBack],
        );
        await delivery.queue.enqueue(tx, [rolledBack]);
        throw new Error('consent evidence failed');
      }),
    ).rejects.toThrow('consent evidence failed');
    const committed = await storeLead(setup.db, delivery);

    await vi.waitFor(async () => expect(await deliveredAt(setup.db, committed)).toBeInstanceOf(Date), WAIT);
    expect(testLender.received.map((request) => request.headers['webhook-id'])).toEqual([committed]);
    expect(await jobsOf(setup, rolledBack)).toEqual([]);
  }, 30_000);

  it('without a lender warns at start and keeps leads queued until a server starts with one', async () => {
    const setup = await openDatabase(kind);
    const { log, lines } = captureLog();
    const first = await startDelivery(setup, { log, retry: DAY_OF_RETRIES, timeoutMs: 10_000 });
    expect(lines).toEqual([
      { level: 'warn', fields: {}, message: 'LEAD_FORWARD_URL is not set: leads are stored but not delivered' },
    ]);
    const leadId = await storeLead(setup.db, first);
    const [job] = await jobsOf(setup, leadId);
    // The day of retries, and a queued job kept for 30 days rather than pg-boss's default 14.
    expect(job).toMatchObject({
      name: DELIVERY_QUEUE,
      state: 'created',
      retry_limit: 12,
      retry_delay: 60,
      retry_backoff: true,
      retry_delay_max: 4 * 60 * 60,
      dead_letter: DEAD_LETTER_QUEUE,
    });
    expect(job!.keep_until.getTime() - Date.now()).toBeGreaterThan((RETENTION_SECONDS - 60) * 1000);
    await first.stop();

    const testLender = await lender();
    await startDelivery(setup, { lender: testLender });
    const [received] = await testLender.waitForLeads(1, WAIT.timeout);
    expect(received!.headers['webhook-id']).toBe(leadId);
    await vi.waitFor(async () => expect(await deliveredAt(setup.db, leadId)).toBeInstanceOf(Date), WAIT);
  }, 30_000);

  it('queues one job per lead, with the queue settings, for leads stored in one transaction', async () => {
    const setup = await openDatabase(kind);
    const delivery = await startDelivery(setup, { retry: DAY_OF_RETRIES, timeoutMs: 10_000 });
    const leadIds = [randomUUID(), randomUUID(), randomUUID()];
    await setup.db.transaction(async (tx) => {
      await tx.query(
        `insert into leads (id, flow, flow_version, payload)
           select unnest($1::text[])::uuid, 'business-funding', 'v1', '{}'`,
        [leadIds],
      );
      await delivery.queue.enqueue(tx, leadIds);
    });
    const queued = { name: DELIVERY_QUEUE, state: 'created', retry_limit: 12, dead_letter: DEAD_LETTER_QUEUE };
    for (const leadId of leadIds) expect(await jobsOf(setup, leadId)).toEqual([expect.objectContaining(queued)]);
  }, 30_000);
});

describe('the default retry policy', () => {
  /** pg-boss's pause after the n-th retry fails (n from 0): delay × 2^n × (1 + random), at most maxDelay. */
  const pause = (n: number, random: number) =>
    Math.min(DAY_OF_RETRIES.maxDelaySeconds!, DAY_OF_RETRIES.delaySeconds * 2 ** n * (1 + random));
  const total = (random: number) =>
    Array.from({ length: DAY_OF_RETRIES.limit }, (_, n) => pause(n, random)).reduce((sum, value) => sum + value, 0);

  it('spreads its attempts over about a day', () => {
    const hours = (seconds: number) => seconds / 3600;
    expect(hours(total(0))).toBeGreaterThanOrEqual(20);
    expect(hours(total(1))).toBeLessThanOrEqual(24.5);
    expect(pause(0, 0)).toBe(60);
  });
});
