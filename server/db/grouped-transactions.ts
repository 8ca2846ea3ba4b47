/**
 * Group commit for many small transactions (the routing of a batch of leads): a transaction that starts while a
 * group is being written waits and goes into the next group, each in a savepoint of its own, so one commit, and on
 * the embedded database one sync of its WAL (decision 020), serves them all. Each caller gets its own result or its
 * own error, as from `Database.transaction`: a function that throws rolls back to its savepoint and leaves the rest
 * of its group to commit. Intake groups its leads the same way (decision 021).
 */
import type { Database, Queryable } from './types.ts';

/** The most transactions one commit carries. */
const MAX_GROUP = 100;

interface Waiting {
  work: (tx: Queryable) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

/** `db` with `transaction` grouped; queries outside a transaction go straight to `db`. */
export function groupTransactions(db: Database): Database {
  const waiting: Waiting[] = [];
  let writing = false;
  let scheduled = false;

  const schedule = () => {
    if (writing || scheduled || waiting.length === 0) return;
    scheduled = true;
    // From setImmediate, as intake's groups: the transactions started in this turn of the event loop share a commit.
    setImmediate(() => void write());
  };

  async function write(): Promise<void> {
    scheduled = false;
    writing = true;
    const group = waiting.splice(0, MAX_GROUP);
    try {
      const outcomes = await db.transaction(async (tx) => {
        const done: Outcome[] = [];
        for (const { work } of group) {
          await tx.query('savepoint grouped');
          try {
            const value = await work(tx);
            await tx.query('release savepoint grouped');
            done.push({ ok: true, value });
          } catch (error) {
            await tx.query('rollback to savepoint grouped');
            done.push({ ok: false, error });
          }
        }
        return done;
      });
      // Answered only once the commit returned: what a caller was told is written, is.
      group.forEach((item, index) => {
        const outcome = outcomes[index]!;
        if (outcome.ok) item.resolve(outcome.value);
        else item.reject(outcome.error);
      });
    } catch (error) {
      // The commit (or a savepoint) failed: nothing of the group was written.
      for (const item of group) item.reject(error);
    } finally {
      writing = false;
      schedule();
    }
  }

  return {
    kind: db.kind,
    description: db.description,
    query: <Row>(sql: string, params?: readonly unknown[]) => db.query<Row>(sql, params),
    exec: (sql) => db.exec(sql),
    close: () => db.close(),
    transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        waiting.push({ work, resolve: resolve as (value: unknown) => void, reject });
        schedule();
      });
    },
  };
}
