/**
 * Migration 009 on a database that already has leads and pg-boss jobs: each lead's delivery state comes from its
 * jobs, so the console shows leads stored before it as queued or dead-lettered. PGlite and (with DATABASE_URL)
 * PostgreSQL, each in a database of its own: the migration reads pg-boss's default schema.
 */
import { randomUUID } from 'node:crypto';
import { cpSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { PgBoss } from 'pg-boss';
import { describe, expect, it, onTestFinished } from 'vitest';
import { migrate } from '../../../../server/platform/db/index.ts';
import {
  bossOptions,
  DEAD_LETTER_QUEUE,
  FORMER_DELIVERY_QUEUE,
} from '../../../../server/buyers/delivery/lead-delivery.ts';
import { MIGRATIONS_DIR } from '../../../../server/platform/paths.ts';
import { OWN_DATABASES as KINDS } from '../../../support/own-databases.ts';
import { tempDir } from '../../../support/server-harness.ts';

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
    // The queue of the time, before routing jobs were one per lead.
    await boss.createQueue(FORMER_DELIVERY_QUEUE, { deadLetter: DEAD_LETTER_QUEUE });
    await boss.send(FORMER_DELIVERY_QUEUE, { leadId: queued });
    await boss.send(DEAD_LETTER_QUEUE, { leadId: dead });
    await boss.stop({ graceful: false });

    // 009 and the migrations after it.
    expect(await migrate(db)).toContain('009-console-leads');
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
