/**
 * The funnel's revenue follows routing's own sale and the buyers' own return (docs/decisions/141): a visit's events
 * go through the event store, its lead is sold by routing to a real local buyer with a fixed price, and the funnel,
 * which routing never calls, then counts the price; a return takes it back out. On PGlite and PostgreSQL.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { recordReturn } from '../../../server/buyers/returns/lead-returns.ts';
import { catchUpRevenue, createEventStore, funnelReport } from '../../../server/funnel/index.ts';
import type { Database } from '../../../server/platform/db/types.ts';
import {
  buyerAt,
  deliveredAt,
  leadPayload,
  openDatabase,
  startBuyer,
  startDelivery,
  WAIT,
} from '../../support/delivery-setup.ts';
import { batchesOf, scriptedVisit } from '../../support/scripted-visits.ts';
import { DATABASES, TEST_XSRF_TOKEN } from '../../support/server-harness.ts';

/** The visitors, revenue and sales of v1's funnel, as the console reads it (the changes noted recounted first). */
async function v1Revenue(db: Database) {
  await catchUpRevenue(db);
  const { visitors, revenue, sold } = await funnelReport(db, { version: 'v1' }, []);
  return { visitors, revenue, sold };
}

describe.each(DATABASES)('revenue from routing on $name', (kind) => {
  it("counts the price routing sold the visit's lead at, and takes it out when the buyer returns it", async () => {
    const setup = await openDatabase(kind);
    const events = createEventStore(setup.db, { now: Date.now, onError: (error) => expect.fail(String(error)) });
    const visit = scriptedVisit('v1', [
      { step: 'start', seconds: 4, then: 'advance' },
      { step: 'amount', seconds: 6, then: 'lead' },
    ]);
    for (const batch of batchesOf(visit, TEST_XSRF_TOKEN)) expect(events.accept(batch)).toBe(true);
    await events.flush();

    const buyer = await startBuyer();
    const delivery = await startDelivery(setup, { buyers: [buyerAt(buyer, { id: 'vantorra', price: 37.5 })] });
    const leadId = randomUUID();
    // Stored with its visit and queued for routing in one transaction, as intake does.
    await setup.db.transaction(async (tx) => {
      await tx.query(
        `insert into leads (id, flow, flow_version, payload, funnel_visit) values ($1, 'business-funding', 'v1', $2, $3)`,
        [leadId, JSON.stringify(leadPayload()), visit.visit],
      );
      await delivery.queue.enqueue(tx, [leadId]);
    });
    expect(await v1Revenue(setup.db)).toEqual({ visitors: 1, revenue: '0.00', sold: 0 });

    await vi.waitFor(async () => expect(await deliveredAt(setup.db, leadId)).toBeInstanceOf(Date), WAIT);
    expect(await v1Revenue(setup.db)).toEqual({ visitors: 1, revenue: '37.50', sold: 1 });

    const back = await recordReturn(setup.db, { leadId, buyerId: 'vantorra', reason: 'bad_phone', at: new Date() });
    expect(back.outcome).toBe('recorded');
    expect(await v1Revenue(setup.db)).toEqual({ visitors: 1, revenue: '0.00', sold: 0 });
  }, 30_000);
});
