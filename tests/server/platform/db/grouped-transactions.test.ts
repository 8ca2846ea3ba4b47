/**
 * Grouped transactions on PGlite and (with DATABASE_URL) PostgreSQL: transactions started together share a commit,
 * each caller gets its own result or error, and a failing one (its function, or its commit) fails alone.
 */
import { describe, expect, it, onTestFinished } from 'vitest';
import { groupTransactions } from '../../../../server/platform/db/grouped-transactions.ts';
import type { Database } from '../../../../server/platform/db/types.ts';
import { DATABASES, type DatabaseKind } from '../../../support/server-harness.ts';

/** A fresh database with a table of notes, and how many transactions reached it. */
async function notesDatabase(kind: DatabaseKind): Promise<{ db: Database; transactions: () => number }> {
  const database = await kind.open();
  onTestFinished(() => database.cleanup());
  const { db } = database;
  await db.exec(`create table grouped_notes (
    note text not null,
    constraint grouped_notes_once unique (note) deferrable initially deferred
  )`);
  let count = 0;
  const counted: Database = {
    kind: db.kind,
    description: db.description,
    query: (sql, params) => db.query(sql, params),
    exec: (sql) => db.exec(sql),
    close: () => db.close(),
    transaction: (work) => {
      count += 1;
      return db.transaction(work);
    },
  };
  return { db: counted, transactions: () => count };
}

async function notes(db: Database): Promise<string[]> {
  const { rows } = await db.query<{ note: string }>('select note from grouped_notes order by note');
  return rows.map((row) => row.note);
}

describe.each(DATABASES)('grouped transactions on $name', (kind) => {
  it('writes transactions started together in one commit, each with its own result', async () => {
    const { db, transactions } = await notesDatabase(kind);
    const grouped = groupTransactions(db);
    const names = Array.from({ length: 20 }, (_, index) => `note ${String(index).padStart(2, '0')}`);

    const results = await Promise.all(
      names.map((name) =>
        grouped.transaction(async (tx) => {
          await tx.query('insert into grouped_notes (note) values ($1)', [name]);
          return name.toUpperCase();
        }),
      ),
    );

    expect(results).toEqual(names.map((name) => name.toUpperCase()));
    expect(await notes(db)).toEqual(names);
    expect(transactions()).toBe(1);
  });

  it('rolls back only the transaction that throws; the rest of its group is written', async () => {
    const { db } = await notesDatabase(kind);
    const grouped = groupTransactions(db);
    const write = (note: string, fail = false) =>
      grouped.transaction(async (tx) => {
        await tx.query('insert into grouped_notes (note) values ($1)', [note]);
        if (fail) throw new Error(`${note} changed its mind`);
        return note;
      });

    const settled = await Promise.allSettled([write('first'), write('second', true), write('third')]);

    expect(settled.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((settled[1] as PromiseRejectedResult).reason).toEqual(new Error('second changed its mind'));
    expect(await notes(db)).toEqual(['first', 'third']);
  });

  it('fails only the transaction whose commit fails when its group cannot commit', async () => {
    const { db } = await notesDatabase(kind);
    const grouped = groupTransactions(db);
    // The unique constraint is checked at commit: two transactions of one group writing the same note fail it.
    const write = (note: string) =>
      grouped.transaction((tx) => tx.query('insert into grouped_notes (note) values ($1)', [note]));

    const settled = await Promise.allSettled([write('same'), write('other'), write('same')]);

    // Each written again on its own: the first "same" and "other" commit, the second "same" cannot.
    expect(settled.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled', 'rejected']);
    expect(await notes(db)).toEqual(['other', 'same']);
    // The next group is written as usual.
    await write('later');
    expect(await notes(db)).toEqual(['later', 'other', 'same']);
  });
});
