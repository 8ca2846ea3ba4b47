/** Opens the database the config names: PostgreSQL when DATABASE_URL is set, else the embedded PGlite in DATA_DIR. */
import { openPglite, type PgliteDatabase } from './pglite.ts';
import { openPostgres, type PostgresDatabase } from './postgres.ts';

export type { Database, QueryResult, Queryable } from './types.ts';
export { DatabaseOpenError } from './types.ts';
export { DataDirInUseError } from './lock.ts';
export { migrate, MigrationError } from './migrate.ts';
export { openPglite, type PgliteDatabase } from './pglite.ts';
export { openPostgres, type PostgresDatabase } from './postgres.ts';

export interface OpenDatabaseOptions {
  /** The embedded database's folder (used when databaseUrl is unset). */
  dataDir: string;
  /** A postgres:// URL: PostgreSQL instead of the embedded database. */
  databaseUrl?: string | undefined;
  /** Errors of idle PostgreSQL connections, to log. */
  onBackgroundError?: ((error: Error) => void) | undefined;
}

export function openDatabase(options: OpenDatabaseOptions): Promise<PgliteDatabase | PostgresDatabase> {
  if (options.databaseUrl !== undefined) {
    return openPostgres(options.databaseUrl, { onBackgroundError: options.onBackgroundError });
  }
  return openPglite(options.dataDir);
}
