/**
 * The console's lead actions against real delivery (pg-boss and a test buyer), on PGlite and (with DATABASE_URL)
 * PostgreSQL: redeliver replays an unsold or dead-lettered lead once, two presses at once included, and a dead letter
 * pg-boss no longer keeps; hold keeps the worker from delivering, release delivers.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import {
  LEADS_PATH,
  type LeadAction,
  type LeadPageResponse,
  type LeadsResponse,
} from '../../../../contracts/console.ts';
import type { Database } from '../../../../server/platform/db/index.ts';
import { DEAD_LETTER_QUEUE, DELIVERY_QUEUE } from '../../../../server/buyers/delivery/lead-delivery.ts';
import {
  buyerAt,
  endOf,
  jobsOf,
  jobStates,
  startBuyer,
  openDatabase,
  startDelivery,
  storeLead,
  WAIT,
} from '../../../support/delivery-setup.ts';
import { DATABASES, xsrfHeaders } from '../../../support/server-harness.ts';
import { consoleApp, cookies, MARIA, seedLead } from './leads-fixture.ts';

async function act(app: FastifyInstance, cookie: string, leadId: string, action: LeadAction) {
  const xsrf = xsrfHeaders();
  const response = await app.inject({
    method: 'POST',
    url: `${LEADS_PATH}/${leadId}/${action}`,
    headers: { ...xsrf, cookie: `${xsrf.cookie}; ${cookie}` },
  });
  return { status: response.statusCode, body: response.json<unknown>() };
}

async function statusOf(app: FastifyInstance, cookie: string, leadId: string) {
  const response = await app.inject({ method: 'GET', url: LEADS_PATH, query: { q: leadId }, headers: { cookie } });
  return response.json<LeadsResponse>().leads[0]?.status;
}

async function audited(db: Database) {
  const { rows } = await db.query<{ action: string; target: string }>(
    'select action, target from console_audit order by id',
  );
  return rows;
}

describe.each(DATABASES)('the console lead actions on $name', (kind) => {
  it('routes an unsold lead again once: the buyer that refused it receives it once more', async () => {
    const setup = await openDatabase(kind);
    const testBuyer = await startBuyer({ status: 422 });
    const delivery = await startDelivery(setup, { buyer: testBuyer });
    const app = await consoleApp(setup.db, { delivery: delivery.queue, deliveryControl: delivery.control });
    const { operator } = await cookies(setup.db);

    const leadId = await storeLead(setup.db, delivery);
    await testBuyer.waitForLeads(1, WAIT.timeout);
    await vi.waitFor(async () => expect(await statusOf(app, operator, leadId)).toBe('unsold'), WAIT);

    testBuyer.script(() => ({ status: 200 }));
    expect(await act(app, operator, leadId, 'redeliver')).toEqual({
      status: 200,
      body: { result: 'queued', status: 'queued' },
    });
    // Again, as an operator unsure the first click worked: nothing more is queued.
    const again = await act(app, operator, leadId, 'redeliver');
    expect(again.body).toMatchObject({ result: expect.stringMatching(/^(queued already|delivered already)$/) });

    await testBuyer.waitUntil(() => testBuyer.accepted().length === 1, 'the redelivered lead', WAIT.timeout);
    await vi.waitFor(async () => expect(await statusOf(app, operator, leadId)).toBe('delivered'), WAIT);
    expect(testBuyer.received.map((lead) => lead.status)).toEqual([422, 200]);
    const page = await app.inject({ method: 'GET', url: `${LEADS_PATH}/${leadId}`, headers: { cookie: operator } });
    const attempts = page.json<LeadPageResponse>().lead.attempts;
    expect(attempts.map(({ outcome, http_status }) => [outcome, http_status])).toEqual([
      ['rejected', 422],
      ['delivered', 200],
    ]);
    for (const attempt of attempts) expect(attempt.duration_ms).toBeGreaterThanOrEqual(0);
    expect(await audited(setup.db)).toEqual([
      { action: 'redeliver', target: leadId },
      { action: 'redeliver', target: leadId },
    ]);
    expect((await act(app, operator, randomUUID(), 'redeliver')).status).toBe(404);
  }, 30_000);

  it('redelivers an unsold lead once when Redeliver is pressed twice at once: one delivery, one cap slot', async () => {
    const setup = await openDatabase(kind);
    const testBuyer = await startBuyer({ status: 422 });
    const capped = [buyerAt(testBuyer, { caps: { perDay: 5 } })];
    const routing = await startDelivery(setup, { buyers: capped });
    const leadId = await storeLead(setup.db, routing);
    await vi.waitFor(async () => expect((await endOf(setup.db, leadId)).state).toBe('unsold'), WAIT);
    await routing.stop();

    // No worker while the presses land, so what each answers does not depend on how fast the buyer is.
    const queueOnly = await startDelivery(setup);
    const app = await consoleApp(setup.db, { delivery: queueOnly.queue, deliveryControl: queueOnly.control });
    const { operator } = await cookies(setup.db);
    const presses = await Promise.all([
      act(app, operator, leadId, 'redeliver'),
      act(app, operator, leadId, 'redeliver'),
    ]);
    expect(presses.map((press) => press.status)).toEqual([200, 200]);
    const answers = presses.map((press) => press.body as { result: string; status: string });
    expect(answers.map((answer) => answer.result).sort()).toEqual(['queued', 'queued already']);
    expect(answers.map((answer) => answer.status)).toEqual(['queued', 'queued']);
    const live = (await jobsOf(setup, leadId)).filter((job) => job.name === DELIVERY_QUEUE && job.state === 'created');
    expect(live).toHaveLength(1);

    testBuyer.script(() => ({ status: 200 }));
    await startDelivery(setup, { buyers: capped });
    await vi.waitFor(async () => expect(await statusOf(app, operator, leadId)).toBe('delivered'), WAIT);
    expect(testBuyer.received.map((lead) => lead.status)).toEqual([422, 200]);
    const usage = await setup.db.query<{ used: number }>(
      `select used from buyer_cap_usage where buyer_id = $1 and period = 'day'`,
      [capped[0]!.id],
    );
    expect(usage.rows).toEqual([{ used: 1 }]);
  }, 30_000);

  it('redelivers a dead-lettered lead after pg-boss deleted its dead letter, as its retention does', async () => {
    const setup = await openDatabase(kind);
    const testBuyer = await startBuyer({ status: 500 });
    // One attempt: the buyer's failure spends its retries at once.
    const failing = await startDelivery(setup, { buyer: testBuyer, retryPauses: [] });
    const leadId = await storeLead(setup.db, failing);
    await vi.waitFor(async () => expect((await endOf(setup.db, leadId)).state).toBe('dead-lettered'), WAIT);
    await failing.stop();
    await setup.db.query(`delete from ${setup.bossSchema}.job where name = $1 and data->>'leadId' = $2`, [
      DEAD_LETTER_QUEUE,
      leadId,
    ]);

    testBuyer.script(() => ({ status: 200 }));
    const delivery = await startDelivery(setup, { buyer: testBuyer });
    const app = await consoleApp(setup.db, { delivery: delivery.queue, deliveryControl: delivery.control });
    const { operator } = await cookies(setup.db);
    expect((await act(app, operator, leadId, 'redeliver')).body).toMatchObject({ result: 'queued' });
    await vi.waitFor(async () => expect(await statusOf(app, operator, leadId)).toBe('delivered'), WAIT);
    expect(testBuyer.received.map((lead) => lead.status)).toEqual([500, 200]);
    const page = await app.inject({ method: 'GET', url: `${LEADS_PATH}/${leadId}`, headers: { cookie: operator } });
    const { lead } = page.json<LeadPageResponse>();
    expect(lead.attempts.map(({ outcome, http_status }) => [outcome, http_status])).toEqual([
      ['failed', 500],
      ['delivered', 200],
    ]);
  }, 30_000);

  it('holds a queued lead from the worker, and delivers it on release', async () => {
    const setup = await openDatabase(kind);
    // Jobs queued, no worker yet.
    const queueOnly = await startDelivery(setup);
    const app = await consoleApp(setup.db, { delivery: queueOnly.queue, deliveryControl: queueOnly.control });
    const { operator } = await cookies(setup.db);

    const leadId = await storeLead(setup.db, queueOnly);
    expect(await statusOf(app, operator, leadId)).toBe('queued');
    expect(await act(app, operator, leadId, 'hold')).toEqual({ status: 200, body: { result: 'held', status: 'held' } });
    expect((await act(app, operator, leadId, 'hold')).body).toEqual({
      result: 'held already (operator)',
      status: 'held',
    });

    const testBuyer = await startBuyer();
    await startDelivery(setup, { buyer: testBuyer });
    await vi.waitFor(async () => expect(await jobStates(setup, leadId)).toEqual(['completed']), WAIT);
    expect(testBuyer.received).toHaveLength(0);
    expect(await statusOf(app, operator, leadId)).toBe('held');

    expect(await act(app, operator, leadId, 'release')).toEqual({
      status: 200,
      body: { result: 'released and queued', status: 'queued' },
    });
    await testBuyer.waitForLeads(1, WAIT.timeout);
    await vi.waitFor(async () => expect(await statusOf(app, operator, leadId)).toBe('delivered'), WAIT);
    expect(testBuyer.accepted().map((lead) => lead.headers['webhook-id'])).toEqual([leadId]);

    expect((await act(app, operator, leadId, 'hold')).body).toEqual({
      result: 'delivered already',
      status: 'delivered',
    });
    expect((await act(app, operator, leadId, 'release')).body).toEqual({ result: 'not held', status: 'delivered' });
    expect((await audited(setup.db)).map((entry) => entry.action)).toEqual([
      'hold',
      'hold',
      'release',
      'hold',
      'release',
    ]);
  }, 30_000);

  it('releases a duplicate as a false positive and delivers it; an opt-out is never released', async () => {
    const setup = await openDatabase(kind);
    const testBuyer = await startBuyer();
    const delivery = await startDelivery(setup, { buyer: testBuyer });
    const app = await consoleApp(setup.db, { delivery: delivery.queue, deliveryControl: delivery.control });
    const { admin } = await cookies(setup.db);

    const duplicate = await seedLead(setup.db, {
      receivedAt: new Date().toISOString(),
      held: 'duplicate',
      payload: MARIA,
    });
    const optedOut = await seedLead(setup.db, { receivedAt: new Date().toISOString(), held: 'opted-out' });

    expect((await act(app, admin, optedOut, 'release')).body).toEqual({
      result: 'held (opted-out): it may not be released',
      status: 'held',
    });
    expect((await act(app, admin, optedOut, 'redeliver')).body).toEqual({
      result: 'held (opted-out): release it first',
      status: 'held',
    });
    expect((await act(app, admin, duplicate, 'release')).body).toEqual({
      result: 'released and queued',
      status: 'queued',
    });
    await testBuyer.waitForLeads(1, WAIT.timeout);
    expect(testBuyer.received[0]!.body).toMatchObject({ email: MARIA.email });
    await vi.waitFor(async () => expect(await statusOf(app, admin, duplicate)).toBe('delivered'), WAIT);
    expect(await statusOf(app, admin, optedOut)).toBe('held');
  }, 30_000);
});
