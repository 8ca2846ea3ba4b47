/** A migrated database of one kind for the console tests of a describe block: opened before them, removed after. */
import { afterAll, beforeAll, onTestFinished } from 'vitest';
import { migrate, openPostgres } from '../../server/platform/db/index.ts';
import type { Database } from '../../server/platform/db/types.ts';
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

/**
 * The same data as `db` over connections of its own, as another server has them: a new pool on the same PostgreSQL
 * schema. The embedded database serves one process, so on PGlite it is `db` itself. Closed when the test ends.
 */
export async function anotherServersDatabase(db: Database): Promise<Database> {
  if (db.kind !== 'postgres') return db;
  const { rows } = await db.query<{ schema: string }>('select current_schema() as schema');
  const url = new URL(process.env.DATABASE_URL as string);
  url.searchParams.set('options', `-c search_path=${rows[0]!.schema}`);
  const other = await openPostgres(url.href);
  onTestFinished(() => other.close());
  return other;
}
