/** Storing accepted leads in groups: every lead stored whole or not at all, each failure its own. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/types.ts';
import type { ConsentShown } from '../../server/leads/consent-shown.ts';
import { createLeadStore, MAX_LEADS_PER_TRANSACTION, type AcceptedLead } from '../../server/leads/store-lead.ts';
import { validLead } from '../support/lead-fixture.ts';
import { DATABASES, type TestDatabase } from './helpers.ts';
import { countRows, failingQueue, prepareLeadDatabase, tableQueue } from './lead-app.ts';

const CONSENT: ConsentShown = { version: 'v1', text: 'I agree to be contacted.', sha256: 'a'.repeat(64) };

function accepted(n: number, payload: Record<string, unknown> = validLead({ email: `lead.${n}@example.com` })): AcceptedLead {
  return {
    flow: 'business-funding',
    flowVersion: 'v1',
    payload,
    consent: CONSENT,
    ip: '198.51.100.23',
    userAgent: `browser ${n}`,
    pageUrl: undefined,
    certificateUrl: undefined,
  };
}

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
    const ids = await Promise.all(Array.from({ length: count }, (_, n) => store.store(accepted(n))));

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
    const id = await store.store(accepted(1));
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
    const results = await Promise.allSettled([store.store(accepted(1)), store.store(refused), store.store(accepted(3))]);

    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const stored = await database.db.query<{ id: string }>('select id from leads order by id');
    const fulfilled = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
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
    await expect(createLeadStore(database.db, tableQueue).store(accepted(4))).resolves.toMatch(/^[0-9a-f-]{36}$/);
  });
});
