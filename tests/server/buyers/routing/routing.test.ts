/**
 * Routing a lead through the buyers, against real local buyers over HTTP, on PGlite and (with DATABASE_URL)
 * PostgreSQL: fall-through on a refusal and after a buyer's retries, filters and dedupe windows that skip a buyer with
 * the reason, caps that hold under leads stored at once, and every lead in a final state.
 */
import { describe, expect, it, vi } from 'vitest';
import { recordOptOut } from '../../../../server/privacy/opt-outs.ts';
import type { RoutedBuyer } from '../../../../server/buyers/buyer.ts';
import {
  attemptsOf,
  deliveredAt,
  endOf,
  startBuyer,
  leadPayload,
  openDatabase,
  pathOf,
  startDelivery,
  storeLead,
  buyerAt,
  WAIT,
} from '../../../support/delivery-setup.ts';
import { DATABASES } from '../../../support/server-harness.ts';

async function deliveredTo(db: Parameters<typeof pathOf>[0], leadId: string): Promise<string | null> {
  const { rows } = await db.query<{ delivered_to: string | null }>('select delivered_to from leads where id = $1', [
    leadId,
  ]);
  return rows[0]!.delivered_to;
}

describe.each(DATABASES)('routing on $name', (kind) => {
  it('offers a lead the buyer refuses to the next, and records the path', async () => {
    const setup = await openDatabase(kind);
    const refusing = await startBuyer({
      script: () => ({ status: 422, body: { status: 'rejected', reason: 'out_of_area' } }),
    });
    const taking = await startBuyer();
    const buyers = [
      buyerAt(refusing, { id: 'quillmont', priority: 1 }),
      buyerAt(taking, { id: 'vantorra', priority: 2 }),
    ];
    const delivery = await startDelivery(setup, { buyers });
    const leadId = await storeLead(setup.db, delivery);

    await vi.waitFor(async () => expect(await deliveredAt(setup.db, leadId)).toBeInstanceOf(Date), WAIT);
    expect(await deliveredTo(setup.db, leadId)).toBe('vantorra');
    expect(await pathOf(setup.db, leadId)).toEqual([
      { buyer_id: 'quillmont', state: 'refused', reason: 'rejected the lead (HTTP 422, reason out_of_area)' },
      { buyer_id: 'vantorra', state: 'delivered', reason: null },
    ]);
    expect((await attemptsOf(setup.db, leadId)).map((attempt) => [attempt.buyer_id, attempt.outcome])).toEqual([
      ['quillmont', 'rejected'],
      ['vantorra', 'delivered'],
    ]);
    expect(refusing.received).toHaveLength(1);
    expect(taking.accepted().map((request) => request.headers['webhook-id'])).toEqual([leadId]);
  }, 30_000);

  it('moves on once a failing buyer has spent its retries', async () => {
    const setup = await openDatabase(kind);
    const failing = await startBuyer({ status: 503 });
    const taking = await startBuyer();
    const buyers = [
      buyerAt(failing, { id: 'quillmont', priority: 1 }),
      buyerAt(taking, { id: 'vantorra', priority: 2 }),
    ];
    const delivery = await startDelivery(setup, { buyers, retryPauses: [1] });
    const leadId = await storeLead(setup.db, delivery);

    await vi.waitFor(async () => expect(await deliveredTo(setup.db, leadId)).toBe('vantorra'), WAIT);
    expect(failing.received).toHaveLength(2);
    expect(await pathOf(setup.db, leadId)).toEqual([
      { buyer_id: 'quillmont', state: 'failed', reason: 'lender answered HTTP 503, 2 attempts' },
      { buyer_id: 'vantorra', state: 'delivered', reason: null },
    ]);
  }, 30_000);

  it('skips a buyer whose filters the lead does not meet, saying why', async () => {
    const setup = await openDatabase(kind);
    const texas = await startBuyer();
    const everyone = await startBuyer();
    const buyers = [
      buyerAt(texas, { id: 'elmsbrook', priority: 1, filters: { states: ['TX'] } }),
      buyerAt(everyone, { id: 'corvane', priority: 2 }),
    ];
    const delivery = await startDelivery(setup, { buyers });
    const leadId = await storeLead(setup.db, delivery, { ...leadPayload(), state: 'CA' });

    await vi.waitFor(async () => expect(await deliveredTo(setup.db, leadId)).toBe('corvane'), WAIT);
    const [skipped, delivered] = await pathOf(setup.db, leadId);
    expect(skipped).toMatchObject({ buyer_id: 'elmsbrook', state: 'skipped', reason: expect.stringMatching(/CA/) });
    expect(delivered).toMatchObject({ buyer_id: 'corvane', state: 'delivered' });
    expect(texas.received).toEqual([]);
  }, 30_000);

  it('leaves a lead every buyer refused unsold, with each reason', async () => {
    const setup = await openDatabase(kind);
    const refusing = await startBuyer({ status: 400 });
    const texas = await startBuyer();
    const buyers = [
      buyerAt(refusing, { id: 'quillmont', priority: 1 }),
      buyerAt(texas, { id: 'elmsbrook', priority: 2, filters: { states: ['TX'] } }),
    ];
    const delivery = await startDelivery(setup, { buyers });
    const leadId = await storeLead(setup.db, delivery, { ...leadPayload(), state: 'CA' });

    await vi.waitFor(async () => expect((await endOf(setup.db, leadId)).state).toBe('unsold'), WAIT);
    expect(await endOf(setup.db, leadId)).toEqual({ state: 'unsold', reason: '1 refused, 1 not eligible' });
    expect((await pathOf(setup.db, leadId)).map((route) => route.state)).toEqual(['refused', 'skipped']);
    expect(await deliveredAt(setup.db, leadId)).toBeNull();
  }, 30_000);

  it('skips a buyer that received the same person within its dedupe window', async () => {
    const setup = await openDatabase(kind);
    const first = await startBuyer();
    const second = await startBuyer();
    const buyers = [
      buyerAt(first, { id: 'quillmont', priority: 1, dedupeDays: 30 }),
      buyerAt(second, { id: 'vantorra', priority: 2 }),
    ];
    const delivery = await startDelivery(setup, { buyers });
    const earlier = await storeLead(setup.db, delivery);
    await vi.waitFor(async () => expect(await deliveredTo(setup.db, earlier)).toBe('quillmont'), WAIT);
    // The same email, another phone: still the same person to the buyer.
    const later = await storeLead(setup.db, delivery, { ...leadPayload(), phone: '2125550188' });

    await vi.waitFor(async () => expect(await deliveredTo(setup.db, later)).toBe('vantorra'), WAIT);
    expect((await pathOf(setup.db, later))[0]).toEqual({
      buyer_id: 'quillmont',
      state: 'skipped',
      reason: 'it received this email or phone within 30 days',
    });
  }, 30_000);

  it('gives a capped buyer exactly its cap of leads stored at once, the rest to the next buyer', async () => {
    const setup = await openDatabase(kind);
    const capped = await startBuyer();
    const rest = await startBuyer();
    const buyers: RoutedBuyer[] = [
      buyerAt(capped, { id: 'quillmont', priority: 1, caps: { perDay: 7, perMonth: 100 } }),
      buyerAt(rest, { id: 'vantorra', priority: 2 }),
    ];
    const delivery = await startDelivery(setup, { buyers });
    const leadIds = await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        storeLead(setup.db, delivery, { ...leadPayload(), email: `owner${index}@example.com` }),
      ),
    );

    await vi.waitFor(
      async () => {
        for (const leadId of leadIds) expect(await deliveredAt(setup.db, leadId)).toBeInstanceOf(Date);
      },
      { ...WAIT, timeout: 60_000 },
    );
    expect(new Set(capped.accepted().map((request) => request.headers['webhook-id'])).size).toBe(7);
    expect(new Set(rest.accepted().map((request) => request.headers['webhook-id'])).size).toBe(23);
    const { rows } = await setup.db.query<{ period: string; used: number }>(
      `select period, used from buyer_cap_usage where buyer_id = 'quillmont' order by period`,
    );
    expect(rows).toEqual([
      { period: 'day', used: 7 },
      { period: 'month', used: 7 },
    ]);
    const reasons = await Promise.all(leadIds.map(async (leadId) => (await pathOf(setup.db, leadId))[0]!.reason));
    expect(reasons.filter((reason) => reason === 'its cap of 7 a day is reached')).toHaveLength(23);
  }, 90_000);

  it('gives back the cap slot of a buyer that refused the lead', async () => {
    const setup = await openDatabase(kind);
    let refuse = true;
    const choosy = await startBuyer({ script: () => (refuse ? { status: 422 } : { status: 200 }) });
    const rest = await startBuyer();
    const buyers = [
      buyerAt(choosy, { id: 'quillmont', priority: 1, caps: { perDay: 1 } }),
      buyerAt(rest, { id: 'vantorra', priority: 2 }),
    ];
    const delivery = await startDelivery(setup, { buyers });
    const refused = await storeLead(setup.db, delivery);
    await vi.waitFor(async () => expect(await deliveredTo(setup.db, refused)).toBe('vantorra'), WAIT);
    refuse = false;
    const taken = await storeLead(setup.db, delivery, { ...leadPayload(), email: 'other@example.com' });

    await vi.waitFor(async () => expect(await deliveredTo(setup.db, taken)).toBe('quillmont'), WAIT);
  }, 30_000);

  it('tells the buyer at once of an opt-out that came while its delivery was under way', async () => {
    const setup = await openDatabase(kind);
    let optingOut: Promise<unknown> | undefined;
    // The visitor opts out while the buyer is still answering: past the check before the attempt.
    const slow = await startBuyer({
      script: () => {
        optingOut = recordOptOut(setup.db, { email: leadPayload().email as string });
        return { status: 200, delayMs: 300 };
      },
    });
    const delivery = await startDelivery(setup, { buyers: [buyerAt(slow, { id: 'quillmont' })] });
    const leadId = await storeLead(setup.db, delivery);

    await vi.waitFor(async () => expect(await deliveredTo(setup.db, leadId)).toBe('quillmont'), WAIT);
    await optingOut;
    const { rows } = await setup.db.query<{ buyer_id: string; type: string; cause: string }>(
      'select buyer_id, type, cause from buyer_events where lead_id = $1',
      [leadId],
    );
    expect(rows).toEqual([{ buyer_id: 'quillmont', type: 'lead.revoked', cause: 'opt-out' }]);
  }, 30_000);
});
