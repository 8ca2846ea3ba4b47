/** A throwaway PostgreSQL database for the intake measurement, dropped on cleanup. */
import pg from 'pg';
import { onCleanup } from './cleanup.ts';
import { say } from './processes.ts';

/** Where the bench creates its database; BENCH_POSTGRES_URL overrides. */
export const POSTGRES_ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://root@127.0.0.1:5432/test';

export type TempDatabase = { ok: true; url: string; drop: () => Promise<void> } | { ok: false; reason: string };

/** Creates `fundflow_bench_<pid>_<random>`; answers why not when PostgreSQL cannot be reached. */
export async function createTempDatabase(adminUrl = POSTGRES_ADMIN_URL): Promise<TempDatabase> {
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5000 });
  try {
    await admin.connect();
  } catch (error) {
    await admin.end().catch(() => undefined);
    return {
      ok: false,
      reason: `PostgreSQL at ${new URL(adminUrl).host} is unreachable (${(error as Error).message})`,
    };
  }
  const name = `fundflow_bench_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  try {
    await admin.query(`create database ${name}`);
  } catch (error) {
    return { ok: false, reason: `could not create a database on PostgreSQL (${(error as Error).message})` };
  } finally {
    await admin.end().catch(() => undefined);
  }
  const drop = onCleanup(`PostgreSQL database ${name}`, async () => {
    const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5000 });
    await client.connect();
    try {
      await client.query(`drop database if exists ${name} with (force)`);
    } finally {
      await client.end();
    }
  });
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { ok: true, url: url.href, drop };
}

/**
 * `measure` on PGlite, then on a throwaway PostgreSQL database (dropped after), or why PostgreSQL was skipped: the
 * measurements that start a fresh server per database.
 */
export async function onBothDatabases<Result>(
  measure: (database: 'PGlite' | 'PostgreSQL', databaseUrl: string | undefined) => Promise<Result>,
): Promise<{ databases: Result[]; postgresSkipped: string | undefined }> {
  const databases = [await measure('PGlite', undefined)];
  const database = await createTempDatabase();
  if (!database.ok) {
    say(`  PostgreSQL skipped: ${database.reason}`);
    return { databases, postgresSkipped: database.reason };
  }
  try {
    databases.push(await measure('PostgreSQL', database.url));
  } finally {
    await database.drop();
  }
  return { databases, postgresSkipped: undefined };
}
