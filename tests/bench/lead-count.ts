/**
 * The count of the leads the console's list matches, at 1,000,000 leads on PostgreSQL
 * (docs/decisions/068-the-count-of-matches-at-volume.md): the leads seeded as for the list's measurement, then GET
 * /api/admin/lead-count timed through the app, one request at a time after a warm-up, going round filters that match
 * every lead, a third, a tenth, a fiftieth, a day's and one lead, so both the exact count and the estimate are in it.
 */
import { randomInt } from 'node:crypto';
import { LEAD_COUNT_PATH, type LeadCountResponse } from '../../contracts/console.ts';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/platform/config/load.ts';
import { migrate, openPostgres } from '../../server/platform/db/index.ts';
import { consoleUserWithSession } from '../support/console-users.ts';
import { SEED, timed, type Timed } from './console.ts';
import { createTempDatabase } from './postgres.ts';
import { say, tempDir } from './processes.ts';

export const COUNT_LEADS = 1_000_000;
const WARMUP_REQUESTS = 20;
const MEASURED_REQUESTS = 210;

export interface LeadCountResult {
  leads: number;
  seedSeconds: number;
  count: Timed;
  /** How many of the filters' answers were estimates rather than exact counts. */
  estimatedFilters: number;
  filters: number;
}

export type LeadCountResults = { measured: LeadCountResult } | { skipped: string };

/** The day of the 1,000th lead (leads are a minute apart, newest now): about 1,440 leads. */
function dayOfLead(n: number): string {
  return new Date(Date.now() - n * 60_000).toISOString().slice(0, 10);
}

export async function runLeadCount(): Promise<LeadCountResults> {
  const postgres = await createTempDatabase();
  if (!postgres.ok) return { skipped: postgres.reason };
  const db = await openPostgres(postgres.url);
  try {
    await migrate(db);
    say(`  PostgreSQL: seeding ${COUNT_LEADS.toLocaleString('en')} leads for the count...`);
    const seedStarted = performance.now();
    await db.query(SEED, [COUNT_LEADS]);
    await db.query('analyze leads');
    const seedSeconds = Math.round((performance.now() - seedStarted) / 100) / 10;
    const { cookie } = await consoleUserWithSession(db, 'operator');
    const app = await buildApp({
      config: loadConfig({ STATIC_DIR: tempDir('fundflow-bench-count-') }),
      db,
      logger: false,
    });
    await app.ready();
    try {
      const day = dayOfLead(1000);
      const filters: (() => Record<string, string>)[] = [
        () => ({}),
        () => ({ version: 'v2' }),
        () => ({ status: 'dead-lettered' }),
        () => ({ status: 'held' }),
        () => ({ utm_source: 'google' }),
        () => ({ from: day, to: day }),
        () => ({ q: `lead.${1 + randomInt(COUNT_LEADS)}@example.com` }),
      ];
      const estimated = new Set<number>();
      let next = 0;
      const count = async () => {
        const which = next++ % filters.length;
        const response = await app.inject({
          method: 'GET',
          url: LEAD_COUNT_PATH,
          query: filters[which]!(),
          headers: { cookie },
        });
        if (response.statusCode !== 200) throw new Error(`${LEAD_COUNT_PATH} answered ${response.statusCode}`);
        if (!response.json<LeadCountResponse>().exact) estimated.add(which);
      };
      await timed(WARMUP_REQUESTS, count);
      const measured = await timed(MEASURED_REQUESTS, count);
      say(`  PostgreSQL: count of matches p95 ${measured.p95Ms?.toFixed(1)} ms`);
      return {
        measured: {
          leads: COUNT_LEADS,
          seedSeconds,
          count: measured,
          estimatedFilters: estimated.size,
          filters: filters.length,
        },
      };
    } finally {
      await app.close();
    }
  } finally {
    await db.close();
    await postgres.drop();
  }
}
