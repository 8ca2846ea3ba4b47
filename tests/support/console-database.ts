/** A migrated database of one kind for the console tests of a describe block: opened before them, removed after. */
import { afterAll, beforeAll } from 'vitest';
import { migrate } from '../../server/db/index.ts';
import type { Database } from '../../server/db/types.ts';
import type { DatabaseKind, TestDatabase } from './server-harness.ts';

export function consoleDatabaseForSuite(kind: DatabaseKind): { readonly db: Database } {
  let database: TestDatabase | undefined;
  beforeAll(async () => {
    database = await kind.open();
    await migrate(database.db);
  }, 60_000);
  afterAll(async () => database?.cleanup());
  return {
    get db() {
      if (database === undefined) throw new Error('the database is not open yet');
      return database.db;
    },
  };
}
