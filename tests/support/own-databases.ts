/**
 * A database of the test's own, removed when the test ends: an embedded one copied from the migrated template, or a
 * new PostgreSQL database on the server of DATABASE_URL. For tests that need pg-boss's default schema to themselves.
 */
import { randomBytes } from 'node:crypto';
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import { inject, onTestFinished } from 'vitest';
import { openPglite, openPostgres, type Database } from '../../server/platform/db/index.ts';
import type { BossConnection } from '../../server/buyers/delivery/lead-delivery.ts';
import { tempDir } from './server-harness.ts';

interface Opened {
  db: Database;
  connection: BossConnection;
}

async function ownPglite(): Promise<Opened> {
  const dir = tempDir('fundflow-data-');
  cpSync(inject('pgliteTemplate'), join(dir.path, 'pgdata'), { recursive: true });
  const db = await openPglite(dir.path);
  onTestFinished(async () => {
    await db.close();
    dir.remove();
  });
  return { db, connection: { pglite: db.pglite } };
}

async function ownPostgres(serverUrl: string): Promise<Opened> {
  const name = `fundflow_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const db = await openPostgres(url.href);
  onTestFinished(async () => {
    await db.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });
  return { db, connection: { connectionString: url.href } };
}

const postgresUrl = process.env.DATABASE_URL;
/** PGlite, and PostgreSQL when DATABASE_URL is set. */
export const OWN_DATABASES = [
  { name: 'PGlite', open: ownPglite },
  ...(postgresUrl ? [{ name: 'PostgreSQL', open: () => ownPostgres(postgresUrl) }] : []),
];
