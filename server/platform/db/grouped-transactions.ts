/**
 * Group commit for many small transactions (the routing of a batch of leads): a transaction that starts while a
 * group is being written waits and goes into the next group, so one commit, and on the embedded database one sync of
 * its WAL (decision 020), serves them all. Each caller gets its own result or its own error, as from
 * `Database.transaction`: when a group fails (one of its functions throws, or the commit), each of its functions is
 * run again in a transaction of its own, so one's failure is its own. Intake groups its leads the same way (decision
 * 021). A function may therefore run twice, the first time rolled back: it must do nothing but its statements.
 */
import type { Database, Queryable } from './types.ts';

/** The most transactions one commit carries. */
const MAX_GROUP = 100;

interface Waiting {
  work: (tx: Queryable) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

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
      const values = await db.transaction(async (tx) => {
        const done: unknown[] = [];
        for (const { work } of group) done.push(await work(tx));
        return done;
      });
      // Answered only once the commit returned: what a caller was told is written, is.
      group.forEach((item, index) => item.resolve(values[index]));
    } catch (error) {
      if (group.length === 1) group[0]!.reject(error);
      // Nothing of the group was written: each again on its own. Savepoints would isolate them in the group, at two
      // statements each on every group; failures are rare enough to pay for themselves.
      else for (const item of group) await db.transaction(item.work).then(item.resolve, item.reject);
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
