/** PostgreSQL through a pg connection pool, when DATABASE_URL is set. */
import { Pool, TypeOverrides, type PoolClient } from 'pg';
import { DatabaseOpenError, type Database, type QueryResult, type Queryable } from './types.ts';

const INT8_OID = 20;

/** Where a URL points, without its password. */
export function describeUrl(url: string): string {
  const parsed = URL.parse(url);
  if (parsed === null) return 'PostgreSQL';
  return `PostgreSQL at ${parsed.hostname}${parsed.port === '' ? '' : `:${parsed.port}`}${parsed.pathname}`;
}

function queryable(target: Pool | PoolClient): Queryable {
  return {
    async query<Row>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<Row>> {
      const result = await target.query(sql, [...params]);
      return { rows: result.rows as Row[], rowCount: result.rowCount ?? result.rows.length };
    },
    async exec(sql: string) {
      // Without parameters pg uses the simple query protocol, which runs several statements.
      await target.query(sql);
    },
  };
}

export interface PostgresOptions {
  /** Called for errors of idle pooled connections (e.g. the server restarted); the pool replaces them. */
  onBackgroundError?: ((error: Error) => void) | undefined;
}

export interface PostgresDatabase extends Database {
  readonly kind: 'postgres';
}

export async function openPostgres(url: string, options: PostgresOptions = {}): Promise<PostgresDatabase> {
  // Same JavaScript types as PGlite: int8 (count(*), bigserial) as a number rather than a string.
  const types = new TypeOverrides();
  types.setTypeParser(INT8_OID, (value: string) => Number(value));
  const pool = new Pool({
    connectionString: url,
    types,
    application_name: 'fundflow',
    max: 10,
    connectionTimeoutMillis: 10_000,
    idleTimeoutMillis: 30_000,
  });
  pool.on('error', (error) => options.onBackgroundError?.(error));
  const description = describeUrl(url);
  try {
    await pool.query('select 1');
  } catch (error) {
    await pool.end().catch(() => undefined);
    const reason = (error as Error).message;
    throw new DatabaseOpenError(`Cannot connect to ${description} (DATABASE_URL): ${reason}`, { cause: error });
  }

  let closing: Promise<void> | undefined;
  return {
    kind: 'postgres',
    description,
    ...queryable(pool),
    async transaction(fn) {
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        await client.query('begin');
        const value = await fn(queryable(client));
        await client.query('commit');
        return value;
      } catch (error) {
        // A connection that cannot even roll back is discarded rather than returned to the pool.
        await client.query('rollback').catch((rollbackError: Error) => (broken = rollbackError));
        throw error;
      } finally {
        client.release(broken);
      }
    },
    close() {
      closing ??= pool.end();
      return closing;
    },
  };
}
