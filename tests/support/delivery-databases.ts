/**
 * Whole databases for tests that run server or command processes against them: a DATA_DIR made from the template,
 * or a PostgreSQL database of its own at DATABASE_URL's server (pg-boss keeps its schema, "pgboss", per database, so
 * a schema of our own would not keep its jobs apart). Each gives the settings a process needs and opens it in the
 * test too, when no process holds it.
 */
import { randomBytes } from 'node:crypto';
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import { inject } from 'vitest';
import { migrate, openPglite, openPostgres, type Database } from '../../server/platform/db/index.ts';
import type { BossConnection } from '../../server/buyers/delivery/lead-delivery.ts';
import { tempDir } from './server-harness.ts';

export interface OpenedDatabase {
  db: Database;
  connection: BossConnection;
}

export interface ProcessDatabase {
  /** DATA_DIR, or DATABASE_URL. */
  env: Record<string, string>;
  /** Opens it, migrated; close `db` before a process needs the embedded one. */
  open(): Promise<OpenedDatabase>;
  remove(): Promise<void>;
}

export interface ProcessDatabaseKind {
  name: 'PGlite' | 'PostgreSQL';
  create(): Promise<ProcessDatabase>;
}

async function pgliteDatabase(): Promise<ProcessDatabase> {
  const dir = tempDir('fundflow-data-');
  cpSync(inject('pgliteTemplate'), join(dir.path, 'pgdata'), { recursive: true });
  return {
    env: { DATA_DIR: dir.path },
    async open() {
      const db = await openPglite(dir.path);
      await migrate(db);
      return { db, connection: { pglite: db.pglite } };
    },
    remove: async () => dir.remove(),
  };
}

async function postgresDatabase(serverUrl: string): Promise<ProcessDatabase> {
  const name = `fundflow_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: url.href },
    async open() {
      const db = await openPostgres(url.href);
      await migrate(db);
      return { db, connection: { connectionString: url.href } };
    },
    async remove() {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/** PGlite always; PostgreSQL too when the environment has DATABASE_URL. */
export const PROCESS_DATABASES: ProcessDatabaseKind[] = [
  { name: 'PGlite', create: pgliteDatabase },
  ...(process.env.DATABASE_URL
    ? [{ name: 'PostgreSQL' as const, create: () => postgresDatabase(process.env.DATABASE_URL as string) }]
    : []),
];
