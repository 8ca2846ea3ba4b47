/**
 * Plain SQL migrations: server/platform/db/migrations/NNN-name.sql, applied in number order, each exactly once, recorded in
 * schema_migrations. The same files serve PGlite and PostgreSQL. All pending files apply in one transaction under an
 * advisory lock, so servers starting together against one PostgreSQL apply them once, and a failing file leaves the
 * database as it was.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MIGRATIONS_DIR } from '../paths.ts';
import type { Database } from './types.ts';

export class MigrationError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'MigrationError';
  }
}

export interface Migration {
  /** The file name without .sql, e.g. "001-leads"; the id recorded in schema_migrations. */
  id: string;
  sql: string;
  checksum: string;
}

const FILE_NAME = /^(\d{3})-[a-z0-9]+(?:-[a-z0-9]+)*\.sql$/;

/** The migration files of a folder in apply order; throws on a misnamed .sql file or a reused number. */
export function readMigrations(dir: string = MIGRATIONS_DIR): Migration[] {
  const names = readdirSync(dir)
    .filter((name) => name.endsWith('.sql'))
    .sort();
  const byNumber = new Map<string, string>();
  return names.map((name) => {
    const number = FILE_NAME.exec(name)?.[1];
    if (number === undefined) {
      throw new MigrationError(
        `Migration file ${name} is misnamed: use NNN-name.sql (three digits, a dash, lowercase words), like 002-leads.sql`,
      );
    }
    const clash = byNumber.get(number);
    if (clash !== undefined)
      throw new MigrationError(`Migration files ${clash} and ${name} share the number ${number}`);
    byNumber.set(number, name);
    // Line endings do not change a migration (a checkout on Windows must not look edited).
    const sql = readFileSync(join(dir, name), 'utf8').replace(/\r\n/g, '\n');
    return { id: name.slice(0, -'.sql'.length), sql, checksum: createHash('sha256').update(sql).digest('hex') };
  });
}

/** Applies the pending migrations; returns the ids applied now (empty when the database was up to date). */
export async function migrate(db: Database, dir: string = MIGRATIONS_DIR): Promise<string[]> {
  const migrations = readMigrations(dir);
  return db.transaction(async (tx) => {
    await tx.query(`select pg_advisory_xact_lock(hashtext('fundflow.schema_migrations'))`);
    await tx.exec(`
      create table if not exists schema_migrations (
        id text primary key,
        checksum text not null,
        applied_at timestamptz not null default now()
      )`);
    const { rows } = await tx.query<{ id: string; checksum: string }>('select id, checksum from schema_migrations');
    const applied = new Map(rows.map((row) => [row.id, row.checksum]));
    const appliedNow: string[] = [];
    for (const migration of migrations) {
      const checksum = applied.get(migration.id);
      if (checksum !== undefined) {
        if (checksum !== migration.checksum) {
          throw new MigrationError(
            `Migration ${migration.id}.sql was changed after it was applied to this database (${db.description}). ` +
              'Put schema changes in a new migration file; during development you can delete DATA_DIR to start over.',
          );
        }
        continue;
      }
      try {
        await tx.exec(migration.sql);
      } catch (error) {
        throw new MigrationError(`Migration ${migration.id}.sql failed: ${(error as Error).message}`, { cause: error });
      }
      await tx.query('insert into schema_migrations (id, checksum) values ($1, $2)', [
        migration.id,
        migration.checksum,
      ]);
      appliedNow.push(migration.id);
    }
    return appliedNow;
  });
}
