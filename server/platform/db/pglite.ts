/** The embedded database: PGlite (PostgreSQL in WebAssembly) in DATA_DIR, held by one process at a time. */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { PGlite, Results, Transaction } from '@electric-sql/pglite';
import { lockDataDir, type DataDirLock } from './lock.ts';
import { initializeInChild, isInitialized, startPglite } from './pglite-start.ts';
import { DatabaseOpenError, type Database, type QueryResult, type Queryable } from './types.ts';

function result<Row>(results: Results<Row>): QueryResult<Row> {
  return { rows: results.rows, rowCount: Math.max(results.affectedRows ?? 0, results.rows.length) };
}

function queryable(target: PGlite | Transaction): Queryable {
  return {
    async query<Row>(sql: string, params: readonly unknown[] = []) {
      return result(await target.query<Row>(sql, [...params]));
    },
    async exec(sql: string) {
      await target.exec(sql);
    },
  };
}

export interface PgliteOptions {
  /** The fsync of the data folder's files; a test passes one that counts. Default: node's fsyncSync. */
  sync?: (fd: number) => void;
}

export interface PgliteDatabase extends Database {
  readonly kind: 'pglite';
  /** The lock taken on DATA_DIR (staleFrom tells whether a crashed server's lock was taken over). */
  readonly lock: DataDirLock;
  /** The PGlite instance, for libraries that take one (e.g. pg-boss's fromPglite). */
  readonly pglite: PGlite;
}

export async function openPglite(dataDir: string, options: PgliteOptions = {}): Promise<PgliteDatabase> {
  mkdirSync(dataDir, { recursive: true });
  const lock = lockDataDir(dataDir);
  const pgdata = join(dataDir, 'pgdata');
  let pglite: PGlite;
  try {
    if (!isInitialized(pgdata)) await initializeInChild(pgdata);
    pglite = await startPglite(pgdata, options.sync);
  } catch (error) {
    lock.release();
    const reason = (error as Error).message;
    throw new DatabaseOpenError(`The embedded database in DATA_DIR ${dataDir} could not be opened: ${reason}`, {
      cause: error,
    });
  }
  let closing: Promise<void> | undefined;
  return {
    kind: 'pglite',
    description: `embedded database in ${dataDir}`,
    lock,
    pglite,
    ...queryable(pglite),
    transaction: (fn) => pglite.transaction((tx) => fn(queryable(tx))),
    close() {
      closing ??= (async () => {
        try {
          if (!pglite.closed) await pglite.close();
        } finally {
          lock.release();
        }
      })();
      return closing;
    },
  };
}
