/**
 * `npm run leads -- funnel-rebuild` as an operator runs it after an upgrade, as a child process with the server's
 * settings, on PGlite and (with DATABASE_URL) PostgreSQL: events stored before the rollups existed are counted, and a
 * lead stored with its visit is that visit's conversion.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it, onTestFinished } from 'vitest';
import { PROCESS_DATABASES } from '../../support/delivery-databases.ts';
import { leads } from '../../support/leads-command.ts';
import { newVisitId } from '../../support/scripted-visits.ts';

describe.each(PROCESS_DATABASES)('npm run leads -- funnel-rebuild on $name', (kind) => {
  it('counts the stored events and leads into the funnel', async () => {
    const database = await kind.create();
    onTestFinished(() => database.remove());
    const [converted, left] = [newVisitId(), newVisitId()];

    const opened = await database.open();
    for (const visit of [converted, left]) {
      await opened.db.query(
        `insert into funnel_events (visit, flow_version, step, type, client_at, received_at, device)
         values ($1, 'v1', 'start', 'view', 1000, '2026-11-20T10:00:00Z', 'phone'),
                ($1, 'v1', 'start', 'advance', 5000, '2026-11-20T10:00:01Z', 'phone')`,
        [visit],
      );
    }
    await opened.db.query(
      `insert into leads (id, received_at, flow, flow_version, payload, funnel_visit)
       values ($1, '2026-11-20T10:01:00Z', 'business-funding', 'v1', '{}', $2)`,
      [randomUUID(), converted],
    );
    await opened.db.close();

    const run = await leads(database.env, 'funnel-rebuild');
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout).toMatch(/^Rebuilt the funnel from 2 visits in \d+ s\.\n$/);

    const after = await database.open();
    const { rows } = await after.db.query<{ step: string; views: number; visitors: number; leads: number }>(
      `select step, views, visitors, leads from funnel_rollups where grain = 'all' and flow_version = 'v1'
        order by step`,
    );
    await after.db.close();
    expect(rows).toEqual([
      { step: '', views: 0, visitors: 2, leads: 1 },
      { step: 'start', views: 2, visitors: 0, leads: 0 },
    ]);
  }, 60_000);
});
