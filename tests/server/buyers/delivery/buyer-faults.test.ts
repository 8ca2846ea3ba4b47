/**
 * Lead delivery against a misbehaving buyer, on PGlite and (with DATABASE_URL) PostgreSQL: a refusal is final (with
 * no other buyer the lead is unsold), a Retry-After longer than the schedule's pause is waited out (within the
 * schedule's longest pause) without costing an extra attempt, and a buyer that hangs on one lead holds up no other.
 */
import { describe, expect, it, vi } from 'vitest';
import { DEAD_LETTER_QUEUE, DELIVERY_QUEUE } from '../../../../server/buyers/delivery/lead-delivery.ts';
import type { BuyerAnswer } from '../../../support/test-buyer.ts';
import {
  attemptsOf,
  captureLog,
  deliveredAt,
  endOf,
  jobsOf,
  startBuyer,
  openDatabase,
  pathOf,
  startDelivery,
  storeLead,
  WAIT,
} from '../../../support/delivery-setup.ts';
import { DATABASES } from '../../../support/server-harness.ts';

/** Three attempts, 1 s then 3 s apart; a buyer's Retry-After is honoured up to 3 s, the longest pause. */
const PAUSES = [1, 3];

const jobNamesAndStates = async (...args: Parameters<typeof jobsOf>) =>
  (await jobsOf(...args)).map((job) => [job.name, job.state]);

describe.each(DATABASES)('lead delivery to a faulty buyer on $name', (kind) => {
  it('does not retry a lead the only buyer refuses: one attempt, the reason stored, the lead unsold', async () => {
    const setup = await openDatabase(kind);
    const answers: BuyerAnswer[] = [
      { status: 422, body: { status: 'rejected', reason: 'out_of_area' } },
      { status: 200, body: { status: 'rejected', reason: 'duplicate_applicant' } },
      { status: 400 },
    ];
    const testBuyer = await startBuyer({ script: ({ index }) => answers[index] ?? { status: 200 } });
    const { log, lines } = captureLog();
    const delivery = await startDelivery(setup, { buyer: testBuyer, retryPauses: PAUSES, log });
    const leadIds: string[] = [];
    // One after the other, so each meets its scripted answer.
    while (leadIds.length < answers.length) {
      leadIds.push(await storeLead(setup.db, delivery));
      await testBuyer.waitForLeads(leadIds.length, WAIT.timeout);
    }

    const errors = [
      'lender rejected the lead (HTTP 422, reason out_of_area)',
      'lender rejected the lead (HTTP 200, reason duplicate_applicant)',
      'lender rejected the lead (HTTP 400)',
    ];
    for (const [index, leadId] of leadIds.entries()) {
      await vi.waitFor(async () => expect(await endOf(setup.db, leadId)).toMatchObject({ state: 'unsold' }), WAIT);
      expect(await endOf(setup.db, leadId)).toEqual({ state: 'unsold', reason: '1 refused' });
      expect(await jobNamesAndStates(setup, leadId)).toEqual([[DELIVERY_QUEUE, 'completed']]);
      expect(await attemptsOf(setup.db, leadId)).toMatchObject([
        { attempt: 1, buyer_id: 'lead-forward', outcome: 'rejected', error: errors[index] },
      ]);
      expect(await pathOf(setup.db, leadId)).toEqual([
        { buyer_id: 'lead-forward', state: 'refused', reason: errors[index]!.replace(/^lender /, '') },
      ]);
      expect(await deliveredAt(setup.db, leadId)).toBeNull();
    }
    // Each lead reached the buyer once, and no error was logged: a refusal is the buyer's answer, not a fault.
    expect(testBuyer.received).toHaveLength(3);
    expect(testBuyer.accepted()).toEqual([]);
    expect(lines.filter((line) => line.level === 'error')).toEqual([]);
  }, 60_000);

  it('waits out a Retry-After longer than its own pause, then delivers once', async () => {
    const setup = await openDatabase(kind);
    const testBuyer = await startBuyer({
      script: ({ earlier }) => (earlier === 0 ? { status: 429, headers: { 'retry-after': '3' } } : { status: 200 }),
    });
    const delivery = await startDelivery(setup, { buyer: testBuyer, retryPauses: PAUSES });
    const leadId = await storeLead(setup.db, delivery);

    await vi.waitFor(async () => expect(await deliveredAt(setup.db, leadId)).toBeInstanceOf(Date), WAIT);
    const [first, second] = await attemptsOf(setup.db, leadId);
    expect([first, second]).toMatchObject([
      { attempt: 1, http_status: 429, outcome: 'failed', error: 'lender answered HTTP 429' },
      { attempt: 2, http_status: 200, outcome: 'delivered' },
    ]);
    // The schedule alone would have tried again after 1 s.
    expect(second!.attempted_at.getTime() - first!.attempted_at.getTime()).toBeGreaterThanOrEqual(3_000);
    expect(testBuyer.received.map((request) => request.headers['webhook-id'])).toEqual([leadId, leadId]);
    expect(testBuyer.accepted()).toHaveLength(1);
    // The first job handed over to the next attempt's job; nothing else is queued.
    await vi.waitFor(
      async () =>
        expect(await jobNamesAndStates(setup, leadId)).toEqual([
          [DELIVERY_QUEUE, 'completed'],
          [DELIVERY_QUEUE, 'completed'],
        ]),
      WAIT,
    );
  }, 60_000);

  it('caps a buyer asking for hours at the longest pause; one attempt per step, then the dead letter', async () => {
    const setup = await openDatabase(kind);
    const inAnHour = () => new Date(Date.now() + 60 * 60 * 1000).toUTCString();
    const testBuyer = await startBuyer({ script: () => ({ status: 503, headers: { 'retry-after': inAnHour() } }) });
    const delivery = await startDelivery(setup, { buyer: testBuyer, retryPauses: PAUSES });
    const leadId = await storeLead(setup.db, delivery);

    await vi.waitFor(
      async () => expect((await jobNamesAndStates(setup, leadId)).at(-1)).toEqual([DEAD_LETTER_QUEUE, 'created']),
      { ...WAIT, timeout: 30_000 },
    );
    const attempts = await attemptsOf(setup.db, leadId);
    expect(attempts.map((attempt) => attempt.outcome)).toEqual(['failed', 'failed', 'failed']);
    const times = attempts.map((attempt) => attempt.attempted_at.getTime());
    for (const [index, time] of times.slice(1).entries()) {
      expect(time - times[index]!).toBeGreaterThanOrEqual(Math.max(...PAUSES) * 1000);
    }
    expect(testBuyer.received).toHaveLength(PAUSES.length + 1);
    expect(await jobNamesAndStates(setup, leadId)).toEqual([
      [DELIVERY_QUEUE, 'completed'],
      [DELIVERY_QUEUE, 'completed'],
      [DELIVERY_QUEUE, 'completed'],
      [DEAD_LETTER_QUEUE, 'created'],
    ]);
  }, 60_000);

  it('cuts off a buyer that hangs on one lead after the timeout while other leads are delivered', async () => {
    const setup = await openDatabase(kind);
    const hanging = new Set<string>();
    const testBuyer = await startBuyer({
      script: ({ messageId, earlier }) => (hanging.has(messageId) && earlier === 0 ? { hang: true } : { status: 200 }),
    });
    const delivery = await startDelivery(setup, { buyer: testBuyer, retryPauses: PAUSES, timeoutMs: 4_000 });
    const stuck = await storeLead(setup.db, delivery);
    hanging.add(stuck);
    await testBuyer.waitForLeads(1, WAIT.timeout);

    const others = [await storeLead(setup.db, delivery), await storeLead(setup.db, delivery)];
    await testBuyer.waitUntil(() => testBuyer.accepted().length === 2, 'the other two leads', WAIT.timeout);
    // Still hanging: nothing recorded for it yet, while the others are delivered.
    expect(await attemptsOf(setup.db, stuck)).toEqual([]);
    for (const leadId of others) {
      await vi.waitFor(async () => expect(await deliveredAt(setup.db, leadId)).toBeInstanceOf(Date), WAIT);
    }

    await vi.waitFor(async () => expect(await deliveredAt(setup.db, stuck)).toBeInstanceOf(Date), WAIT);
    expect(await attemptsOf(setup.db, stuck)).toMatchObject([
      { attempt: 1, http_status: null, outcome: 'failed', error: 'no answer within 4000 ms' },
      { attempt: 2, http_status: 200, outcome: 'delivered' },
    ]);
    // The other two first (in either order, they run side by side), the stuck one last, each once.
    const accepted = testBuyer.accepted().map((request) => request.headers['webhook-id'] as string);
    expect(accepted).toHaveLength(3);
    expect(accepted.slice(0, 2).sort()).toEqual([...others].sort());
    expect(accepted[2]).toBe(stuck);
  }, 60_000);
});
