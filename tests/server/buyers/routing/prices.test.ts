/**
 * What a lead sells for: a buyer with a fixed price that takes a lead records that price, to the cent, on its step of
 * the lead's path and on the lead; a buyer that refuses records none; a buyer without a price sells at no stated
 * price (null, never 0). Against real local buyers over HTTP, on PGlite and (with DATABASE_URL) PostgreSQL.
 */
import { describe, expect, it, vi } from 'vitest';
import type { Database } from '../../../../server/platform/db/index.ts';
import {
  buyerAt,
  deliveredAt,
  leadPayload,
  openDatabase,
  startBuyer,
  startDelivery,
  storeLead,
  WAIT,
} from '../../../support/delivery-setup.ts';
import { DATABASES } from '../../../support/server-harness.ts';

/** The lead's price and buyer, and each step's price, as the database holds them (numeric as text: exact). */
async function pricesOf(db: Database, leadId: string) {
  const lead = await db.query<{ delivered_to: string | null; sold_price: string | null }>(
    'select delivered_to, sold_price::text from leads where id = $1',
    [leadId],
  );
  const path = await db.query<{ buyer_id: string; state: string; price: string | null }>(
    'select buyer_id, state, price::text from lead_routes where lead_id = $1 order by position',
    [leadId],
  );
  return { ...lead.rows[0]!, path: path.rows };
}

describe.each(DATABASES)('prices on $name', (kind) => {
  it("records the price of the buyer that took the lead on the lead and its step, none on a refusal's", async () => {
    const setup = await openDatabase(kind);
    const refusing = await startBuyer({ status: 400 });
    const taking = await startBuyer();
    const buyers = [
      buyerAt(refusing, { id: 'quillmont', priority: 1, price: 55 }),
      buyerAt(taking, { id: 'vantorra', priority: 2, price: 19.99 }),
    ];
    const delivery = await startDelivery(setup, { buyers });
    const leadId = await storeLead(setup.db, delivery);

    await vi.waitFor(async () => expect(await deliveredAt(setup.db, leadId)).toBeInstanceOf(Date), WAIT);
    expect(await pricesOf(setup.db, leadId)).toEqual({
      delivered_to: 'vantorra',
      sold_price: '19.99',
      path: [
        { buyer_id: 'quillmont', state: 'refused', price: null },
        { buyer_id: 'vantorra', state: 'delivered', price: '19.99' },
      ],
    });
  }, 30_000);

  it('leaves the price of a lead sold to a buyer without one null, and keeps a price of 0 as 0', async () => {
    const setup = await openDatabase(kind);
    const unpriced = await startBuyer();
    const free = await startBuyer();
    const buyers = [
      buyerAt(unpriced, { id: 'elmsbrook', priority: 1, filters: { states: ['CA'] } }),
      // A fixed price bids before buyers without one: kept to the leads of Texas, it leaves California's to elmsbrook.
      buyerAt(free, { id: 'corvane', priority: 2, price: 0, filters: { states: ['TX'] } }),
    ];
    const delivery = await startDelivery(setup, { buyers });
    const unpricedLead = await storeLead(setup.db, delivery, { ...leadPayload(), state: 'CA' });
    const freeLead = await storeLead(setup.db, delivery, { ...leadPayload(), state: 'TX', email: 'tx@example.com' });

    await vi.waitFor(async () => expect(await deliveredAt(setup.db, unpricedLead)).toBeInstanceOf(Date), WAIT);
    await vi.waitFor(async () => expect(await deliveredAt(setup.db, freeLead)).toBeInstanceOf(Date), WAIT);
    expect(await pricesOf(setup.db, unpricedLead)).toEqual({
      delivered_to: 'elmsbrook',
      sold_price: null,
      path: [
        { buyer_id: 'corvane', state: 'skipped', price: null },
        { buyer_id: 'elmsbrook', state: 'delivered', price: null },
      ],
    });
    expect(await pricesOf(setup.db, freeLead)).toMatchObject({ delivered_to: 'corvane', sold_price: '0.00' });
  }, 30_000);
});
