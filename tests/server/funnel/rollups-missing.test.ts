/**
 * The start-up check that tells an operator to rebuild the funnel: true only while stored events from a visit that is
 * not a bot are counted by no rollup, as on a database from before the rollups.
 */
import { describe, expect, it, onTestFinished } from 'vitest';
import { migrate } from '../../../server/platform/db/index.ts';
import type { Database } from '../../../server/platform/db/types.ts';
import { rebuildRollups, rollupsMissing } from '../../../server/funnel/index.ts';
import { newVisitId } from '../../support/scripted-visits.ts';
import { openTestPglite } from '../../support/server-harness.ts';

async function database(): Promise<Database> {
  const opened = await openTestPglite();
  onTestFinished(() => opened.cleanup());
  await migrate(opened.db);
  return opened.db;
}

/** An event written as a server from before the rollups wrote it: into the events table alone. */
const storedBefore = (db: Database, visit: string) =>
  db.query(
    `insert into funnel_events (visit, flow_version, step, type, client_at, received_at, device)
     values ($1, 'v1', 'start', 'view', 1000, '2026-11-20T10:00:00Z', 'phone')`,
    [visit],
  );

describe('rollupsMissing', () => {
  it('is false on a new database', async () => {
    expect(await rollupsMissing(await database())).toBe(false);
  });

  it('is true while events stored before the rollups are not counted, and false once rebuilt', async () => {
    const db = await database();
    await storedBefore(db, newVisitId());
    expect(await rollupsMissing(db)).toBe(true);
    await rebuildRollups(db);
    expect(await rollupsMissing(db)).toBe(false);
  });

  it("is false when the only events are a bot's, which the funnel leaves out", async () => {
    const db = await database();
    const bot = newVisitId();
    await storedBefore(db, bot);
    await db.query(`insert into funnel_bot_visits (visit, reason) values ($1, 'honeypot')`, [bot]);
    expect(await rollupsMissing(db)).toBe(false);
  });
});
