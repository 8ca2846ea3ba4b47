/**
 * The events queue on a real database whose writes the test holds back: batches are accepted until the queue's limit
 * (MAX_QUEUED_EVENTS unless set smaller) waits, then refused; once the database goes on, everything accepted is written and flush resolves. A failed write
 * is reported with its count of events and does not stop the queue.
 */
import { describe, expect, it, onTestFinished } from 'vitest';
import type { EventBatch } from '../../../contracts/funnel.ts';
import { migrate } from '../../../server/platform/db/index.ts';
import type { Database, Queryable } from '../../../server/platform/db/types.ts';
import { createEventStore, MAX_QUEUED_EVENTS } from '../../../server/funnel/event-store.ts';
import { newVisitId } from '../../support/scripted-visits.ts';
import { openTestPglite } from '../../support/server-harness.ts';

const batch = (): EventBatch => ({
  xsrf: 'x',
  visit: newVisitId(),
  flow_version: 'v1',
  device: 'phone',
  events: Array.from({ length: 50 }, (_, i) => ({ type: 'view' as const, step: 'start', at: i * 60_000 })),
});

async function database(): Promise<Database> {
  const opened = await openTestPglite();
  onTestFinished(() => opened.cleanup());
  await migrate(opened.db);
  return opened.db;
}

/** `db` with its transactions held until `open` is called. */
function heldBack(db: Database): { db: Database; open: () => void } {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  const held: Database = Object.assign(Object.create(db) as Database, {
    transaction: async <T>(fn: (tx: Queryable) => Promise<T>): Promise<T> => {
      await gate;
      return db.transaction(fn);
    },
  });
  return { db: held, open };
}

const eventCount = async (db: Database) =>
  (await db.query<{ n: number }>('select count(*)::int as n from funnel_events')).rows[0]!.n;

describe('the events queue', () => {
  it('refuses batches past its limit while the database is behind, and writes all it accepted', async () => {
    const db = await database();
    const gate = heldBack(db);
    // A twentieth of the server's limit, so that writing what it holds stays quick: the rule is the same.
    const maxQueuedEvents = MAX_QUEUED_EVENTS / 20;
    const store = createEventStore(gate.db, {
      now: Date.now,
      onError: (error) => expect.fail(String(error)),
      maxQueuedEvents,
    });
    let accepted = 0;
    while (store.accept(batch())) accepted++;
    // The first batch is already in the write that waits; the limit's worth more waits behind it.
    expect(accepted).toBe(maxQueuedEvents / 50 + 1);
    gate.open();
    await store.flush();
    expect(await eventCount(db)).toBe(accepted * 50);
    expect(store.accept(batch())).toBe(true);
    await store.flush();
    expect(await eventCount(db)).toBe((accepted + 1) * 50);
  });

  it('reports a failed write with its number of events, and goes on with the next', async () => {
    const db = await database();
    const failures: number[] = [];
    let fail = true;
    const flaky: Database = Object.assign(Object.create(db) as Database, {
      transaction: async <T>(fn: (tx: Queryable) => Promise<T>): Promise<T> => {
        if (fail) {
          fail = false;
          throw new Error('the database is gone');
        }
        return db.transaction(fn);
      },
    });
    const store = createEventStore(flaky, { now: Date.now, onError: (_, events) => failures.push(events) });
    store.accept(batch());
    await store.flush();
    store.accept(batch());
    await store.flush();
    expect(failures).toEqual([50]);
    expect(await eventCount(db)).toBe(50);
  });
});
