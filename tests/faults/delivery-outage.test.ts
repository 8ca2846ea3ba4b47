/**
 * A buyer down for hours, in compressed time (a retry schedule of seconds instead of the Standard Webhooks one), on
 * PGlite and (with DATABASE_URL) PostgreSQL: each lead gets one attempt per step of the schedule, no more; a buyer
 * that recovers within the schedule receives every lead exactly once; one that does not leaves every job in the
 * dead-letter queue, from which a replay delivers each lead once.
 */
import { describe, expect, it, vi } from 'vitest';
import { openDeadLetters } from '../../server/buyers/delivery/dead-letters.ts';
import { DEAD_LETTER_QUEUE } from '../../server/buyers/delivery/lead-delivery.ts';
import {
  attemptsOf,
  deliveredAt,
  jobsOf,
  startBuyer,
  openDatabase,
  startDelivery,
  storeLead,
} from '../support/delivery-setup.ts';
import { DATABASES } from '../support/server-harness.ts';

/** The schedule in seconds: pauses of 1, 2 and 4 s between four attempts. */
const COMPRESSED = [1, 2, 4];
/** The shortest pause before each retry, in ms. */
const STEPS = COMPRESSED.map((seconds) => seconds * 1000);
const ATTEMPTS = COMPRESSED.length + 1;
const LEADS = 4;
const WAIT = { timeout: 60_000, interval: 200 };

/** The times of a lead's attempts, as recorded, and the pauses between them. */
async function pausesOf(...args: Parameters<typeof attemptsOf>): Promise<number[]> {
  const times = (await attemptsOf(...args)).map((attempt) => attempt.attempted_at.getTime());
  return times.slice(1).map((time, index) => time - times[index]!);
}

describe.each(DATABASES)('a buyer down for hours, on $name', (kind) => {
  it('gets one attempt per lead per step of the schedule and, once back, every lead exactly once', async () => {
    const setup = await openDatabase(kind);
    // Down for each lead's first three attempts; the fourth, the last of the schedule, finds it back.
    const testBuyer = await startBuyer({ script: ({ earlier }) => ({ status: earlier < 3 ? 503 : 200 }) });
    const delivery = await startDelivery(setup, { buyer: testBuyer, retryPauses: COMPRESSED });
    const leadIds: string[] = [];
    for (let n = 0; n < LEADS; n++) leadIds.push(await storeLead(setup.db, delivery));

    for (const leadId of leadIds) {
      await vi.waitFor(async () => expect(await deliveredAt(setup.db, leadId)).toBeInstanceOf(Date), WAIT);
      const attempts = await attemptsOf(setup.db, leadId);
      expect(attempts.map((attempt) => attempt.outcome)).toEqual(['failed', 'failed', 'failed', 'delivered']);
      const pauses = await pausesOf(setup.db, leadId);
      for (const [step, pause] of pauses.entries()) expect(pause).toBeGreaterThanOrEqual(STEPS[step]!);
    }
    expect(testBuyer.received).toHaveLength(LEADS * ATTEMPTS);
    const accepted = testBuyer.accepted().map((request) => request.headers['webhook-id']);
    expect(accepted.sort()).toEqual([...leadIds].sort());
  });

  it('dead-letters every job after the schedule; a replay after recovery delivers each lead once', async () => {
    const setup = await openDatabase(kind);
    let down = true;
    const testBuyer = await startBuyer({ script: () => ({ status: down ? 503 : 200 }) });
    const delivery = await startDelivery(setup, { buyer: testBuyer, retryPauses: COMPRESSED });
    const leadIds: string[] = [];
    for (let n = 0; n < LEADS; n++) leadIds.push(await storeLead(setup.db, delivery));

    for (const leadId of leadIds) {
      await vi.waitFor(
        async () => expect((await jobsOf(setup, leadId)).map((job) => job.name)).toContain(DEAD_LETTER_QUEUE),
        WAIT,
      );
      expect(await attemptsOf(setup.db, leadId)).toHaveLength(ATTEMPTS);
      const pauses = await pausesOf(setup.db, leadId);
      for (const [step, pause] of pauses.entries()) expect(pause).toBeGreaterThanOrEqual(STEPS[step]!);
    }
    expect(testBuyer.received).toHaveLength(LEADS * ATTEMPTS);

    down = false;
    const deadLetters = await openDeadLetters({ db: setup.db, connection: setup.connection, schema: setup.bossSchema });
    try {
      expect((await deadLetters.list()).map((letter) => letter.leadId).sort()).toEqual([...leadIds].sort());
      // Replayed twice over, as an operator re-running the command would.
      for (const leadId of leadIds) expect(await deadLetters.redeliver(leadId)).toBe('queued');
      for (const leadId of leadIds) expect(await deadLetters.redeliver(leadId)).not.toBe('queued');
      for (const leadId of leadIds) {
        await vi.waitFor(async () => expect(await deliveredAt(setup.db, leadId)).toBeInstanceOf(Date), WAIT);
      }
      for (const leadId of leadIds) expect(await deadLetters.redeliver(leadId)).toBe('delivered already');
    } finally {
      await deadLetters.close();
    }
    const accepted = testBuyer.accepted().map((request) => request.headers['webhook-id']);
    expect(accepted.sort()).toEqual([...leadIds].sort());
    expect(testBuyer.received).toHaveLength(LEADS * (ATTEMPTS + 1));
  });
});
