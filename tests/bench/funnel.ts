/**
 * The console's funnel at volume (docs/decisions/103-funnel-rollups.md): FUNNEL_VISITS_PGLITE visits on PGlite and
 * FUNNEL_VISITS_POSTGRES on PostgreSQL, about 15 events each over 30 days, with a lead stored for one visit in 20
 * (most of them sold at a price, some returned), generated in SQL and then counted into the rollups by the rebuild (`npm run leads -- funnel-rebuild`), as an
 * operator would after an upgrade. Then GET /api/admin/funnel is timed through the app (routing, the access check,
 * the query, serialisation), one request at a time after a warm-up, with each filter a marketer uses.
 */
import { FUNNEL_PATH } from '../../contracts/funnel.ts';
import { buildApp } from '../../server/app.ts';
import { readFlowSteps, rebuildRollups } from '../../server/funnel/index.ts';
import { loadConfig } from '../../server/platform/config/load.ts';
import { migrate, openPglite, openPostgres, type Database } from '../../server/platform/db/index.ts';
import { FLOWS_DIR } from '../../server/platform/paths.ts';
import { consoleUserWithSession } from '../support/console-users.ts';
import type { Timed } from './console.ts';
import { createTempDatabase } from './postgres.ts';
import { say, tempDir } from './processes.ts';
import { percentile } from './stats.ts';

export const FUNNEL_VISITS_PGLITE = 100_000;
export const FUNNEL_VISITS_POSTGRES = 1_000_000;
const WARMUP_REQUESTS = 10;
const MEASURED_REQUESTS = 100;

/** The week that ends 10 days ago: a range inside the seeded month. */
function week(): Record<string, string> {
  const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
  return { from: day(16), to: day(10) };
}

/** The filters timed: none, a week, a source, a device. */
export const FUNNEL_FILTERS = {
  none: () => ({}),
  'a date range': week,
  utm_source: () => ({ utm_source: 'google' }),
  device: () => ({ device: 'tablet' }),
} as const satisfies Record<string, () => Record<string, string>>;
export type FunnelFilterName = keyof typeof FUNNEL_FILTERS;

export interface FunnelBenchResult {
  database: 'PGlite' | 'PostgreSQL';
  visits: number;
  events: number;
  /** Generating the events and leads in SQL. */
  seedSeconds: number;
  /** The rebuild of the rollups from them. */
  rebuildSeconds: number;
  requests: Record<FunnelFilterName, Timed>;
}

export interface FunnelBenchResults {
  databases: FunnelBenchResult[];
  /** Why PostgreSQL was not measured. */
  postgresSkipped: string | undefined;
}

/**
 * Visit n: version v1 to v3, a day among the last 30, a source, campaign and device; it walks 1 to 14 steps of its
 * version, 3 to 40 s on each, moves on from each but the last and leaves there. The visitor's clock is the server's.
 */
const SEED_EVENTS = `
  insert into funnel_events
    (visit, flow_version, step, type, client_at, received_at, device, utm_source, utm_medium, utm_campaign)
  select v.visit, v.version, ($2::jsonb -> v.version ->> s.i), t.type,
         (extract(epoch from v.began) * 1000)::bigint + s.i * 45000 + case when t.type = 'view' then 0 else v.pace end,
         v.began + s.i * interval '45 seconds' + case when t.type = 'view' then interval '0' else interval '3 seconds' end,
         v.device, v.utm_source, 'cpc', v.utm_campaign
    from (
      select 'bench-visit-' || n as visit, 'v' || (1 + n % 3) as version,
             date_trunc('day', now()) - (n % 30) * interval '1 day' + (n % 86000) * interval '1 second' as began,
             1 + (n * 5) % 14 as steps, 3000 + (n * 37) % 37000 as pace,
             (array['phone', 'phone', 'tablet', 'desktop'])[1 + n % 4] as device,
             (array['google', 'facebook', 'newsletter', 'bing'])[1 + (n / 3) % 4] as utm_source,
             (array['spring', 'autumn', 'brand', 'retarget'])[1 + (n / 12) % 4] as utm_campaign
        from generate_series(1, $1::int) as n
    ) v
   cross join lateral generate_series(0, v.steps - 1) as s(i)
   cross join lateral (values ('view'), (case when s.i = v.steps - 1 then 'leave' else 'advance' end)) as t(type)`;

// Three leads in four sold, at $5.00 to $149.00 (to a buyer that returns one in ten of them), the fourth at no price.
const SEED_LEADS = `
  insert into leads (id, received_at, flow, flow_version, payload, funnel_visit, delivered_at, delivered_to, sold_price)
  select gen_random_uuid(), now(), 'business-funding', 'v' || (1 + n % 3), '{}'::jsonb, 'bench-visit-' || n, now(),
         'bench-buyer', case when n % 80 <> 0 then 5 + (n * 7) % 145 end
    from generate_series(20, $1::int, 20) as n`;

const SEED_RETURNS = `
  insert into lead_returns (lead_id, buyer_id, reason, returned_at)
  select id, delivered_to, 'bench', now() from leads where sold_price is not null and random() < 0.1`;

async function timed(requests: number, send: () => Promise<void>): Promise<Timed> {
  const times: number[] = [];
  for (let i = 0; i < requests; i++) {
    const started = performance.now();
    await send();
    times.push(performance.now() - started);
  }
  return { requests, p50Ms: percentile(times, 50), p95Ms: percentile(times, 95) };
}

const seconds = (since: number) => Math.round((performance.now() - since) / 100) / 10;

async function measure(database: FunnelBenchResult['database'], db: Database, visits: number) {
  await migrate(db);
  // The flows' steps, the first 14 of each version, as JSON arrays by version.
  const steps = Object.fromEntries([...readFlowSteps(FLOWS_DIR)].map(([version, ids]) => [version, ids.slice(0, 14)]));
  say(`  ${database}: seeding ${visits.toLocaleString('en')} visits...`);
  const seedStarted = performance.now();
  const inserted = await db.query(SEED_EVENTS, [visits, JSON.stringify(steps)]);
  await db.query(SEED_LEADS, [visits]);
  await db.query(SEED_RETURNS);
  const seedSeconds = seconds(seedStarted);
  const rebuildStarted = performance.now();
  await rebuildRollups(db);
  const rebuildSeconds = seconds(rebuildStarted);
  say(
    `  ${database}: ${inserted.rowCount.toLocaleString('en')} events in ${seedSeconds} s, rebuilt in ${rebuildSeconds} s`,
  );
  const { cookie } = await consoleUserWithSession(db, 'marketer');
  const app = await buildApp({
    config: loadConfig({ STATIC_DIR: tempDir('fundflow-bench-funnel-') }),
    db,
    logger: false,
  });
  await app.ready();
  try {
    const requests = {} as Record<FunnelFilterName, Timed>;
    for (const name of Object.keys(FUNNEL_FILTERS) as FunnelFilterName[]) {
      const filter = FUNNEL_FILTERS[name]();
      let n = 0;
      const get = async () => {
        // Each version in turn: no one answer stays in a cache the next request could use.
        const query = { version: `v${1 + (n++ % 3)}`, ...filter };
        const response = await app.inject({ method: 'GET', url: FUNNEL_PATH, query, headers: { cookie } });
        if (response.statusCode !== 200) throw new Error(`${FUNNEL_PATH} answered ${response.statusCode}`);
      };
      await timed(WARMUP_REQUESTS, get);
      requests[name] = await timed(MEASURED_REQUESTS, get);
      say(`  ${database}: funnel, ${name}, p95 ${requests[name].p95Ms?.toFixed(1)} ms`);
    }
    return { database, visits, events: inserted.rowCount, seedSeconds, rebuildSeconds, requests };
  } finally {
    await app.close();
  }
}

/** `visits` other than the targets' only to try the bench itself out quickly. */
export async function runFunnel(
  visits = { pglite: FUNNEL_VISITS_PGLITE, postgres: FUNNEL_VISITS_POSTGRES },
): Promise<FunnelBenchResults> {
  const databases: FunnelBenchResult[] = [];
  const pglite = await openPglite(tempDir('fundflow-bench-funnel-data-'));
  try {
    databases.push(await measure('PGlite', pglite, visits.pglite));
  } finally {
    await pglite.close();
  }
  const postgres = await createTempDatabase();
  if (!postgres.ok) return { databases, postgresSkipped: postgres.reason };
  const db = await openPostgres(postgres.url);
  try {
    databases.push(await measure('PostgreSQL', db, visits.postgres));
  } finally {
    await db.close();
    await postgres.drop();
  }
  return { databases, postgresSkipped: undefined };
}
