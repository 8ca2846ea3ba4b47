/**
 * Storing accepted leads in groups: every lead stored whole or not at all, each failure its own; a replayed
 * Idempotency-Key stores nothing; bots and repeats are stored held back, without a delivery job.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../../../server/platform/db/types.ts';
import type { ConsentShown } from '../../../../server/intake/leads/consent-shown.ts';
import { contactSha256 } from '../../../../server/privacy/contact-keys.ts';
import {
  createLeadStore,
  IdempotencyKeyReused,
  MAX_LEADS_PER_TRANSACTION,
  type AcceptedLead,
} from '../../../../server/intake/leads/store-lead.ts';
import { validLead } from '../../../support/lead-fixture.ts';
import { DATABASES, type TestDatabase } from '../../../support/server-harness.ts';
import { countRows, failingQueue, prepareLeadDatabase, tableQueue } from '../../../support/lead-app.ts';

const CONSENT: ConsentShown = { version: 'v1', text: 'I agree to be contacted.', sha256: 'a'.repeat(64) };

function accepted(
  n: number,
  payload: Record<string, unknown> = validLead({ email: `lead.${n}@example.com` }),
): AcceptedLead {
  return {
    flow: 'business-funding',
    flowVersion: 'v1',
    payload,
    consent: CONSENT,
    ip: '198.51.100.23',
    userAgent: `browser ${n}`,
    pageUrl: undefined,
    certificateUrl: undefined,
    idempotency: undefined,
    honeypot: false,
    contactSha256: contactSha256(payload),
  };
}

const keyed = (lead: AcceptedLead, key: string, requestSha256 = 'b'.repeat(64)): AcceptedLead => ({
  ...lead,
  idempotency: { key, requestSha256 },
});

/** The database, counting the transactions run on it. */
function counting(db: Database): { db: Database; transactions: () => number } {
  let transactions = 0;
  return {
    db: { ...db, transaction: (fn) => (transactions++, db.transaction(fn)) },
    transactions: () => transactions,
  };
}

describe.each(DATABASES)('storing leads on $name', ({ open }) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await open();
    await prepareLeadDatabase(database.db);
  }, 60_000);

  afterAll(() => database?.cleanup());

  beforeEach(() => database.db.exec('delete from test_delivery_jobs; delete from consent_evidence; delete from leads'));

  it('stores every one of many concurrent leads, each with its consent and job, in a few transactions', async () => {
    const { db, transactions } = counting(database.db);
    const store = createLeadStore(db, tableQueue);
    const count = 2 * MAX_LEADS_PER_TRANSACTION + 50;
    const ids = (await Promise.all(Array.from({ length: count }, (_, n) => store.store(accepted(n))))).map(
      ({ id }) => id,
    );

    expect(new Set(ids).size).toBe(count);
    expect(transactions()).toBe(3);
    const { rows } = await database.db.query<{ id: string; email: string; user_agent: string; jobs: number }>(
      `select l.id, l.payload->>'email' as email, c.user_agent,
              (select count(*) from test_delivery_jobs j where j.lead_id = l.id) as jobs
         from leads l join consent_evidence c on c.lead_id = l.id`,
    );
    expect(rows).toHaveLength(count);
    const byId = new Map(rows.map((row) => [row.id, row]));
    ids.forEach((id, n) => {
      expect(byId.get(id)).toEqual({ id, email: `lead.${n}@example.com`, user_agent: `browser ${n}`, jobs: 1 });
    });
  });

  it('writes a lead that arrives while a group is being written in the next group, without waiting for more', async () => {
    const { db, transactions } = counting(database.db);
    const store = createLeadStore(db, tableQueue);
    const first = store.store(accepted(1));
    await new Promise((resolve) => setImmediate(resolve));
    const second = store.store(accepted(2));
    await Promise.all([first, second]);
    expect(transactions()).toBe(2);
    expect(await countRows(database.db, 'leads')).toBe(2);
  });

  it('records the time each lead was accepted as its received and consented time', async () => {
    const store = createLeadStore(database.db, tableQueue);
    const before = Date.now();
    const { id } = await store.store(accepted(1));
    const after = Date.now();
    const { rows } = await database.db.query<{ received_at: Date; consented_at: Date }>(
      'select l.received_at, c.consented_at from leads l join consent_evidence c on c.lead_id = l.id where l.id = $1',
      [id],
    );
    expect(rows[0]!.consented_at).toEqual(rows[0]!.received_at);
    expect(rows[0]!.received_at.getTime()).toBeGreaterThanOrEqual(before);
    expect(rows[0]!.received_at.getTime()).toBeLessThanOrEqual(after);
  });

  it('fails only the lead the database refuses; the others of its group are stored', async () => {
    const store = createLeadStore(database.db, tableQueue);
    // jsonb cannot hold the NUL character: the one statement of the group fails.
    const refused = accepted(2, validLead({ first_name: 'Ma\u0000ria' }));
    const results = await Promise.allSettled([
      store.store(accepted(1)),
      store.store(refused),
      store.store(accepted(3)),
    ]);

    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const stored = await database.db.query<{ id: string }>('select id from leads order by id');
    const fulfilled = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value.id] : []));
    expect(stored.rows.map((row) => row.id)).toEqual([...fulfilled].sort());
    expect(await countRows(database.db, 'consent_evidence')).toBe(2);
    expect(await countRows(database.db, 'test_delivery_jobs')).toBe(2);
  });

  it('stores nothing of any lead when the delivery queue fails', async () => {
    const store = createLeadStore(database.db, failingQueue);
    const results = await Promise.allSettled([1, 2, 3].map((n) => store.store(accepted(n))));

    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(await countRows(database.db, 'leads')).toBe(0);
    expect(await countRows(database.db, 'consent_evidence')).toBe(0);
    expect(await countRows(database.db, 'test_delivery_jobs')).toBe(0);
    // And it keeps working afterwards.
    const later = await createLeadStore(database.db, tableQueue).store(accepted(4));
    expect(later.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('keeps leads whose funnel listener fails: what the listener did is undone, the failure reported', async () => {
    const failures: unknown[] = [];
    const store = createLeadStore(database.db, tableQueue, {
      // A statement the database refuses: without its savepoint, the leads' transaction would be aborted with it.
      stored: async (tx) => void (await tx.query('select 1 / 0')),
      failed: (error) => failures.push(error),
    });
    const leads = [1, 2].map((n) => ({ ...accepted(n), funnelVisit: `visit-of-lead-${n}-0123456789` }));
    const ids = (await Promise.all(leads.map((lead) => store.store(lead)))).map((lead) => lead.id);

    expect(ids).toHaveLength(2);
    expect(await countRows(database.db, 'leads')).toBe(2);
    expect(await countRows(database.db, 'test_delivery_jobs')).toBe(2);
    expect(failures).toHaveLength(1);
  });

  it('stores a lead sent again under its Idempotency-Key once, in one group or later, and answers with it', async () => {
    const store = createLeadStore(database.db, tableQueue);
    const lead = keyed(accepted(1), 'form-session-key-0001');
    const together = await Promise.all([store.store(lead), store.store(lead), store.store(lead)]);
    const later = await store.store(lead);

    const first = together[0];
    expect(first.replayed).toBe(false);
    for (const answer of [...together.slice(1), later]) {
      expect(answer).toEqual({ id: first.id, consent: { version: 'v1', sha256: 'a'.repeat(64) }, replayed: true });
    }
    expect(await countRows(database.db, 'leads')).toBe(1);
    expect(await countRows(database.db, 'consent_evidence')).toBe(1);
    expect(await countRows(database.db, 'test_delivery_jobs')).toBe(1);
  });

  it('refuses a key sent with another request and stores nothing for it, in one group or later', async () => {
    const store = createLeadStore(database.db, tableQueue);
    const key = 'form-session-key-0002';
    const [first, clash] = await Promise.allSettled([
      store.store(keyed(accepted(1), key, '1'.repeat(64))),
      store.store(keyed(accepted(2), key, '2'.repeat(64))),
    ]);
    const later = store.store(keyed(accepted(3), key, '3'.repeat(64)));

    expect(first.status).toBe('fulfilled');
    expect(clash.status === 'rejected' && clash.reason).toBeInstanceOf(IdempotencyKeyReused);
    await expect(later).rejects.toBeInstanceOf(IdempotencyKeyReused);
    expect(await countRows(database.db, 'leads')).toBe(1);
    expect(await countRows(database.db, 'test_delivery_jobs')).toBe(1);
  });

  /** Each lead's hold, by id, and whether it has a delivery job. */
  async function holds(): Promise<Map<string, { held: string | null; jobs: number }>> {
    const { rows } = await database.db.query<{ id: string; held: string | null; jobs: number }>(
      `select l.id, l.held, (select count(*) from test_delivery_jobs j where j.lead_id = l.id) as jobs from leads l`,
    );
    return new Map(rows.map(({ id, held, jobs }) => [id, { held, jobs }]));
  }

  it('stores a lead whose honeypot is filled held back, with its evidence and without a delivery job', async () => {
    const store = createLeadStore(database.db, tableQueue);
    const bot = await store.store({ ...accepted(1), honeypot: true });
    const person = await store.store(accepted(1));

    expect((await holds()).get(bot.id)).toEqual({ held: 'honeypot', jobs: 0 });
    // The bot's copy of the contact does not make the person's lead a repeat.
    expect((await holds()).get(person.id)).toEqual({ held: null, jobs: 1 });
    expect(await countRows(database.db, 'consent_evidence')).toBe(2);
  });

  it('holds back a repeat of an email and phone within 24 hours, in one group or later, and not after', async () => {
    const store = createLeadStore(database.db, tableQueue);
    const [first, sameGroup] = await Promise.all([store.store(accepted(1)), store.store(accepted(1))]);
    const sameDay = await store.store(accepted(1));
    const other = await store.store(accepted(2));

    const held = await holds();
    expect(held.get(first.id)).toEqual({ held: null, jobs: 1 });
    expect(held.get(sameGroup.id)).toEqual({ held: 'duplicate', jobs: 0 });
    expect(held.get(sameDay.id)).toEqual({ held: 'duplicate', jobs: 0 });
    expect(held.get(other.id)).toEqual({ held: null, jobs: 1 });

    await database.db.query(`update leads set received_at = received_at - interval '25 hours'`);
    const nextDay = await store.store(accepted(1));
    expect((await holds()).get(nextDay.id)).toEqual({ held: null, jobs: 1 });
  });
});
