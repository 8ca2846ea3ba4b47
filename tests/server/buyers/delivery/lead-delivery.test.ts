/**
 * Lead delivery on pg-boss against a real local buyer over HTTP, on PGlite and (with DATABASE_URL) PostgreSQL: the
 * job commits with the lead, one job per lead at a time, one message id across retries, signed bodies, every attempt
 * recorded, dead letter, and the jobs a server of the former version queued.
 */
import { randomUUID } from 'node:crypto';
import { PgBoss } from 'pg-boss';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import {
  bossOptions,
  RUN_RETRIES,
  DEAD_LETTER_QUEUE,
  DELIVERY_QUEUE,
  FORMER_DELIVERY_QUEUE,
  RETENTION_SECONDS,
} from '../../../../server/buyers/delivery/lead-delivery.ts';
import { LEAD_PAYLOAD_FIELDS } from '../../../../contracts/lead.ts';
import { verifyWebhook } from '../../../support/webhook-verify.ts';
import { validLead } from '../../../support/lead-fixture.ts';
import {
  attemptsOf,
  captureLog,
  deliveredAt,
  jobsOf,
  jobStates,
  leadPayload,
  startBuyer,
  openDatabase,
  QUICK_PAUSES,
  receivedAt,
  SECRET,
  startDelivery,
  storeLead,
  WAIT,
} from '../../../support/delivery-setup.ts';
import { DATABASES, xsrfHeaders } from '../../../support/server-harness.ts';
import { startLeadApp } from '../../../support/lead-app.ts';

/** The spec's payload fields a lead lacks reach the buyer empty. */
const EMPTY_LEAD = Object.fromEntries(LEAD_PAYLOAD_FIELDS.map((field) => [field, '']));

describe.each(DATABASES)('lead delivery on $name', (kind) => {
  it('delivers a queued lead once: the payload with time_stamp, the message id, a valid signature', async () => {
    const setup = await openDatabase(kind);
    const testBuyer = await startBuyer();
    const { log, lines } = captureLog();
    const delivery = await startDelivery(setup, { buyer: testBuyer, log });
    const before = Date.now();
    const leadId = await storeLead(setup.db, delivery);

    const [received] = await testBuyer.waitForLeads(1, WAIT.timeout);
    const { time_stamp: timeStamp, ...rest } = received!.body;
    expect(rest).toEqual({ ...EMPTY_LEAD, ...leadPayload() });
    expect(Date.parse(timeStamp as string)).toBe((await receivedAt(setup.db, leadId)).getTime());
    expect(new Date(Date.parse(timeStamp as string)).toISOString()).toBe(timeStamp);
    const headers = received!.headers;
    expect(headers['content-type']).toBe('application/json');
    expect(headers['idempotency-key']).toBe(leadId);
    expect(headers['webhook-id']).toBe(leadId);
    const timestamp = Number(headers['webhook-timestamp']);
    expect(timestamp).toBeGreaterThanOrEqual(Math.floor(before / 1000));
    expect(timestamp).toBeLessThanOrEqual(Date.now() / 1000);
    expect(verifyWebhook(SECRET, headers, received!.raw)).toBe(true);

    await vi.waitFor(async () => expect(await jobStates(setup, leadId)).toEqual(['completed']), WAIT);
    expect(testBuyer.received).toHaveLength(1);
    expect(await deliveredAt(setup.db, leadId)).toBeInstanceOf(Date);
    expect(await attemptsOf(setup.db, leadId)).toMatchObject([
      { attempt: 1, http_status: 200, outcome: 'delivered', error: null },
    ]);
    expect(lines).toContainEqual({
      level: 'info',
      fields: { leadId, buyerId: 'lead-forward', attempt: 1, httpStatus: 200 },
      message: 'lead delivered',
    });
  }, 30_000);

  it('retries a failing buyer with one message id and records every attempt', async () => {
    const setup = await openDatabase(kind);
    const testBuyer = await startBuyer({ failFirst: 2 });
    const delivery = await startDelivery(setup, { buyer: testBuyer });
    const leadId = await storeLead(setup.db, delivery);

    const received = await testBuyer.waitForLeads(3, WAIT.timeout);
    expect(received.map((request) => request.status)).toEqual([503, 503, 200]);
    expect(new Set(received.map((request) => request.headers['webhook-id']))).toEqual(new Set([leadId]));
    expect(new Set(received.map((request) => request.headers['idempotency-key']))).toEqual(new Set([leadId]));
    // Every attempt carries the lead as received, its time_stamp the moment it was stored; the attempt's own time
    // is in webhook-timestamp.
    const stored = (await receivedAt(setup.db, leadId)).toISOString();
    expect(received.map((request) => request.body.time_stamp)).toEqual([stored, stored, stored]);
    expect(new Set(received.map((request) => request.raw)).size).toBe(1);

    // Each retry is the lead's next job, queued for after the schedule's pause when the attempt was recorded.
    await vi.waitFor(
      async () => expect(await jobStates(setup, leadId)).toEqual(['completed', 'completed', 'completed']),
      WAIT,
    );
    expect(testBuyer.received).toHaveLength(3);
    expect(await deliveredAt(setup.db, leadId)).toBeInstanceOf(Date);
    expect(await attemptsOf(setup.db, leadId)).toMatchObject([
      { attempt: 1, http_status: 503, outcome: 'failed', error: 'lender answered HTTP 503' },
      { attempt: 2, http_status: 503, outcome: 'failed', error: 'lender answered HTTP 503' },
      { attempt: 3, http_status: 200, outcome: 'delivered', error: null },
    ]);
  }, 30_000);

  it('after the last retry moves the job to the dead-letter queue; the lead stays undelivered', async () => {
    const setup = await openDatabase(kind);
    const testBuyer = await startBuyer({ status: 500 });
    const { log, lines } = captureLog();
    const delivery = await startDelivery(setup, { buyer: testBuyer, log });
    const leadId = await storeLead(setup.db, delivery);

    await vi.waitFor(
      async () =>
        expect((await jobsOf(setup, leadId)).map((job) => [job.name, job.state])).toEqual([
          [DELIVERY_QUEUE, 'completed'],
          [DELIVERY_QUEUE, 'completed'],
          [DELIVERY_QUEUE, 'completed'],
          [DEAD_LETTER_QUEUE, 'created'],
        ]),
      WAIT,
    );
    expect(testBuyer.received).toHaveLength(QUICK_PAUSES.length + 1);
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
        fields: { leadId, reason: '1 failed until their retries were spent' },
        message: 'lead undelivered: a buyer failed and no other took it; replay it once fixed',
      },
    ]);
    // Nothing of the lead itself reaches the log.
    expect(JSON.stringify(lines)).not.toMatch(/maria|3105550147|50000/i);
  }, 30_000);

  it('never delivers a lead whose transaction rolled back', async () => {
    const setup = await openDatabase(kind);
    const testBuyer = await startBuyer();
    const delivery = await startDelivery(setup, { buyer: testBuyer });

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
    expect(testBuyer.received.map((request) => request.headers['webhook-id'])).toEqual([committed]);
    expect(await jobsOf(setup, rolledBack)).toEqual([]);
  }, 30_000);

  it('without a buyer warns at start and keeps leads queued until a server starts with one', async () => {
    const setup = await openDatabase(kind);
    const { log, lines } = captureLog();
    const first = await startDelivery(setup, { log, retry: RUN_RETRIES, timeoutMs: 10_000 });
    expect(lines).toEqual([
      {
        level: 'warn',
        fields: {},
        message: 'no buyer (BUYERS_FILE or BUYER_URL): leads are stored but not delivered',
      },
    ]);
    const leadId = await storeLead(setup.db, first);
    const [job] = await jobsOf(setup, leadId);
    // A run that could not finish is run again for most of a day, and a queued job is kept for 30 days rather than
    // pg-boss's default 14.
    expect(job).toMatchObject({
      name: DELIVERY_QUEUE,
      state: 'created',
      retry_limit: 15,
      retry_delay: 5,
      retry_backoff: true,
      retry_delay_max: 4 * 60 * 60,
      dead_letter: DEAD_LETTER_QUEUE,
    });
    expect(job!.keep_until.getTime() - Date.now()).toBeGreaterThan((RETENTION_SECONDS - 60) * 1000);
    await first.stop();

    const testBuyer = await startBuyer();
    await startDelivery(setup, { buyer: testBuyer });
    const [received] = await testBuyer.waitForLeads(1, WAIT.timeout);
    expect(received!.headers['webhook-id']).toBe(leadId);
    await vi.waitFor(async () => expect(await deliveredAt(setup.db, leadId)).toBeInstanceOf(Date), WAIT);
  }, 30_000);

  it('queues one job per lead, with the queue settings, for leads stored in one transaction', async () => {
    const setup = await openDatabase(kind);
    const delivery = await startDelivery(setup, { retry: RUN_RETRIES, timeoutMs: 10_000 });
    const leadIds = [randomUUID(), randomUUID(), randomUUID()];
    await setup.db.transaction(async (tx) => {
      await tx.query(
        `insert into leads (id, flow, flow_version, payload)
           select unnest($1::text[])::uuid, 'business-funding', 'v1', '{}'`,
        [leadIds],
      );
      await delivery.queue.enqueue(tx, leadIds);
    });
    const queued = { name: DELIVERY_QUEUE, state: 'created', retry_limit: 15, dead_letter: DEAD_LETTER_QUEUE };
    for (const leadId of leadIds) expect(await jobsOf(setup, leadId)).toEqual([expect.objectContaining(queued)]);
  }, 30_000);

  it('keeps one job per lead: a job queued for a lead whose job still waits is not added', async () => {
    const setup = await openDatabase(kind);
    const delivery = await startDelivery(setup);
    const leadId = await storeLead(setup.db, delivery);
    await setup.db.transaction((tx) => delivery.queue.enqueue(tx, [leadId]));
    const { rows } = await setup.db.query<{ name: string; state: string; singleton_key: string }>(
      `select name, state, singleton_key from ${setup.bossSchema}.job where data->>'leadId' = $1`,
      [leadId],
    );
    expect(rows).toEqual([{ name: DELIVERY_QUEUE, state: 'created', singleton_key: leadId }]);
  }, 30_000);

  it('delivers the jobs a server of the former version left in its queue', async () => {
    const setup = await openDatabase(kind);
    const leadId = randomUUID();
    await setup.db.query(
      `insert into leads (id, flow, flow_version, payload, delivery_state)
       values ($1, 'business-funding', 'v1', $2, 'queued')`,
      [leadId, JSON.stringify(leadPayload())],
    );
    const former = new PgBoss({
      ...bossOptions(setup.connection, setup.bossSchema),
      supervise: false,
      schedule: false,
    });
    await former.start();
    await former.createQueue(DEAD_LETTER_QUEUE);
    await former.createQueue(FORMER_DELIVERY_QUEUE, { deadLetter: DEAD_LETTER_QUEUE });
    await former.send(FORMER_DELIVERY_QUEUE, { leadId });
    await former.stop({ graceful: false });

    const testBuyer = await startBuyer();
    await startDelivery(setup, { buyer: testBuyer });
    const [received] = await testBuyer.waitForLeads(1, WAIT.timeout);
    expect(received!.headers['webhook-id']).toBe(leadId);
    await vi.waitFor(async () => expect(await deliveredAt(setup.db, leadId)).toBeInstanceOf(Date), WAIT);
    expect((await jobsOf(setup, leadId)).map((job) => [job.name, job.state])).toEqual([
      [FORMER_DELIVERY_QUEUE, 'completed'],
    ]);
  }, 30_000);

  it('queues, through intake, jobs that hold the lead id and nothing else, also once dead-lettered', async () => {
    const setup = await openDatabase(kind);
    const delivery = await startDelivery(setup, { buyer: await startBuyer({ status: 500 }) });
    const app = await startLeadApp(setup.db, { delivery: delivery.queue });
    onTestFinished(() => app.close());
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/leads/trigger',
      payload: validLead(),
      headers: xsrfHeaders(),
    });
    expect(response.statusCode).toBe(201);
    const { id } = response.json<{ id: string }>();

    const jobs = async () =>
      (
        await setup.db.query<{ name: string; data: unknown }>(
          `select name, data from ${setup.bossSchema}.job order by created_on`,
        )
      ).rows;
    await vi.waitFor(async () => expect((await jobs()).map((job) => job.name)).toContain(DEAD_LETTER_QUEUE), WAIT);
    expect(await jobs()).toEqual([
      { name: DELIVERY_QUEUE, data: { leadId: id } },
      { name: DELIVERY_QUEUE, data: { leadId: id } },
      { name: DELIVERY_QUEUE, data: { leadId: id } },
      { name: DEAD_LETTER_QUEUE, data: { leadId: id } },
    ]);
  }, 30_000);
});

describe('the retries of a run that could not finish', () => {
  /** pg-boss's pause after the n-th retry fails (n from 0): delay × 2^n × (1 + random), at most maxDelay. */
  const pause = (n: number, random: number) =>
    Math.min(RUN_RETRIES.maxDelaySeconds!, RUN_RETRIES.delaySeconds * 2 ** n * (1 + random));
  const total = (random: number) =>
    Array.from({ length: RUN_RETRIES.limit }, (_, n) => pause(n, random)).reduce((sum, value) => sum + value, 0);

  it('start seconds after the failure and go on for most of a day', () => {
    const hours = (seconds: number) => seconds / 3600;
    expect(pause(0, 0)).toBe(5);
    expect(hours(total(0))).toBeGreaterThanOrEqual(17);
    expect(hours(total(1))).toBeLessThanOrEqual(22);
  });
});
