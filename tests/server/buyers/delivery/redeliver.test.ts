/**
 * Redelivery through the delivery's control (what the console and `npm run leads -- redeliver` call), on PGlite and
 * (with DATABASE_URL) PostgreSQL: the lead's own row decides which of two replays at once queues it, so a
 * dead-lettered lead is queued once, its buyer receives it once and its cap counts it once; a buyer left reserved by
 * a run that crashed gets its slot back when the lead is replayed.
 */
import { describe, expect, it, vi } from 'vitest';
import { DEAD_LETTER_QUEUE, DELIVERY_QUEUE } from '../../../../server/buyers/delivery/lead-delivery.ts';
import type { Database } from '../../../../server/platform/db/index.ts';
import {
  buyerAt,
  deliveredAt,
  endOf,
  jobsOf,
  openDatabase,
  startBuyer,
  startDelivery,
  storeLead,
  WAIT,
} from '../../../support/delivery-setup.ts';
import { DATABASES } from '../../../support/server-harness.ts';

const CAPS = { perDay: 5, perMonth: 50 };

async function capsUsed(db: Database, buyerId: string) {
  const { rows } = await db.query<{ period: string; used: number }>(
    'select period, used from buyer_cap_usage where buyer_id = $1 order by period',
    [buyerId],
  );
  return rows;
}

describe.each(DATABASES)('redelivering a lead on $name', (kind) => {
  it('queues a dead-lettered lead once for two replays at once; its buyer receives it once', async () => {
    const setup = await openDatabase(kind);
    const testBuyer = await startBuyer({ status: 500 });
    const capped = [buyerAt(testBuyer, { caps: CAPS })];
    // One attempt: the buyer's failure spends its retries at once.
    const failing = await startDelivery(setup, { buyers: capped, retryPauses: [] });
    const leadId = await storeLead(setup.db, failing);
    await vi.waitFor(async () => expect((await endOf(setup.db, leadId)).state).toBe('dead-lettered'), WAIT);
    await failing.stop();
    // The failure gave its slots back.
    expect((await capsUsed(setup.db, capped[0]!.id)).map((row) => row.used)).toEqual([0, 0]);

    // No worker while the replays land, so what each answers does not depend on how fast the buyer is.
    const queueOnly = await startDelivery(setup);
    const answers = await Promise.all([queueOnly.control.redeliver(leadId), queueOnly.control.redeliver(leadId)]);
    expect(answers.sort()).toEqual(['queued', 'queued already']);
    const jobs = await jobsOf(setup, leadId);
    expect(jobs.filter((job) => job.name === DEAD_LETTER_QUEUE)).toEqual([]);
    expect(jobs.filter((job) => job.state === 'created').map((job) => job.name)).toEqual([DELIVERY_QUEUE]);
    expect(await queueOnly.control.redeliver(leadId)).toBe('queued already');

    testBuyer.script(() => ({ status: 200 }));
    await startDelivery(setup, { buyers: capped });
    await vi.waitFor(async () => expect(await deliveredAt(setup.db, leadId)).toBeInstanceOf(Date), WAIT);
    expect(testBuyer.received.map((lead) => lead.status)).toEqual([500, 200]);
    expect((await capsUsed(setup.db, capped[0]!.id)).map((row) => row.used)).toEqual([1, 1]);
    expect(await queueOnly.control.redeliver(leadId)).toBe('delivered already');
  }, 30_000);

  it("gives back the cap slot of a buyer a crashed run left reserved, and counts the replay's delivery once", async () => {
    const setup = await openDatabase(kind);
    const testBuyer = await startBuyer();
    const capped = [buyerAt(testBuyer, { caps: CAPS })];
    const queueOnly = await startDelivery(setup);
    const leadId = await storeLead(setup.db, queueOnly);
    // Where a run that died mid-attempt on its last retry leaves a lead pg-boss then dead-lettered: the buyer still
    // reserved, its slots taken.
    await setup.db.query(
      `insert into lead_routes (lead_id, buyer_id, position, state, cap_day, cap_month, decided_at)
       values ($1, $2, 1, 'sending', '2026-12-06', '2026-12', now())`,
      [leadId, capped[0]!.id],
    );
    await setup.db.query(
      `insert into buyer_cap_usage (buyer_id, period, period_key, used)
       values ($1, 'day', '2026-12-06', 1), ($1, 'month', '2026-12', 1)`,
      [capped[0]!.id],
    );
    await setup.db.query(`delete from ${setup.bossSchema}.job where data->>'leadId' = $1`, [leadId]);
    await setup.db.query(`update leads set delivery_state = 'dead-lettered' where id = $1`, [leadId]);

    expect(await queueOnly.control.redeliver(leadId)).toBe('queued');
    expect((await capsUsed(setup.db, capped[0]!.id)).map((row) => row.used)).toEqual([0, 0]);

    await startDelivery(setup, { buyers: capped });
    await vi.waitFor(async () => expect(await deliveredAt(setup.db, leadId)).toBeInstanceOf(Date), WAIT);
    expect(testBuyer.accepted().map((lead) => lead.headers['webhook-id'])).toEqual([leadId]);
    const used = await capsUsed(setup.db, capped[0]!.id);
    expect(used.filter((row) => row.used > 0).map((row) => row.used)).toEqual([1, 1]);
  }, 30_000);
});
