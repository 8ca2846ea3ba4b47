/**
 * Migration 009 on a database that already has leads and pg-boss jobs: each lead's delivery state comes from its
 * jobs, so the console shows leads stored before it as queued or dead-lettered. PGlite and (with DATABASE_URL)
 * PostgreSQL, each in a database of its own: the migration reads pg-boss's default schema.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { cpSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import { PgBoss } from 'pg-boss';
import { describe, expect, inject, it, onTestFinished } from 'vitest';
import { migrate, openPglite, openPostgres, type Database } from '../../../server/db/index.ts';
import {
  bossOptions,
  DEAD_LETTER_QUEUE,
  DELIVERY_QUEUE,
  type BossConnection,
} from '../../../server/delivery/lead-delivery.ts';
import { MIGRATIONS_DIR } from '../../../server/paths.ts';
import { tempDir } from '../../support/server-harness.ts';

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
const KINDS = [
  { name: 'PGlite', open: ownPglite },
  ...(postgresUrl ? [{ name: 'PostgreSQL', open: () => ownPostgres(postgresUrl) }] : []),
];

/** The migrations before 009, as a database made before the console has them. */
function migrationsBefore009(): string {
  const dir = tempDir('fundflow-migrations-');
  onTestFinished(() => dir.remove());
  mkdirSync(dir.path, { recursive: true });
  for (const name of readdirSync(MIGRATIONS_DIR).filter((file) => /^00[1-8]-.*\.sql$/.test(file))) {
    cpSync(join(MIGRATIONS_DIR, name), join(dir.path, name));
  }
  return dir.path;
}

describe.each(KINDS)('migration 009 on $name', (kind) => {
  it('marks leads stored before it from their jobs: queued, dead-lettered, or neither', async () => {
    const { db, connection } = await kind.open();
    await migrate(db, migrationsBefore009());
    const [queued, dead, stored, delivered] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    for (const id of [queued, dead, stored, delivered]) {
      await db.query(
        `insert into leads (id, flow, flow_version, payload, delivered_at) values ($1, 'f', 'v3', '{}', $2)`,
        [id, id === delivered ? new Date() : null],
      );
    }
    const boss = new PgBoss({ ...bossOptions(connection, undefined), supervise: false, schedule: false });
    await boss.start();
    await boss.createQueue(DEAD_LETTER_QUEUE);
    await boss.createQueue(DELIVERY_QUEUE, { deadLetter: DEAD_LETTER_QUEUE });
    await boss.send(DELIVERY_QUEUE, { leadId: queued });
    await boss.send(DEAD_LETTER_QUEUE, { leadId: dead });
    await boss.stop({ graceful: false });

    expect(await migrate(db)).toEqual(['009-console-leads']);
    const { rows } = await db.query<{ id: string; delivery_state: string | null }>(
      'select id, delivery_state from leads',
    );
    expect(Object.fromEntries(rows.map((row) => [row.id, row.delivery_state]))).toEqual({
      [queued]: 'queued',
      [dead]: 'dead-lettered',
      [stored]: null,
      [delivered]: null,
    });
  });
});
