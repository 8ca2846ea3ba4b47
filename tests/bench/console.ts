/**
 * The console's leads at scale: 100,000 leads seeded on PGlite and on PostgreSQL, then the first page of the list
 * and a search by email, each timed through the app (inject: routing, the access check, the query, serialisation),
 * one request at a time after a warm-up.
 */
import { randomInt } from 'node:crypto';
import { LEADS_PATH } from '../../contracts/console.ts';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/platform/config/load.ts';
import { migrate, openPglite, openPostgres, type Database } from '../../server/platform/db/index.ts';
import { consoleUserWithSession } from '../support/console-users.ts';
import { createTempDatabase } from './postgres.ts';
import { say, tempDir } from './processes.ts';
import { percentile } from './stats.ts';

export const CONSOLE_LEADS = 100_000;
const WARMUP_REQUESTS = 20;
const MEASURED_REQUESTS = 200;

export interface Timed {
  requests: number;
  p50Ms: number | undefined;
  p95Ms: number | undefined;
}

export interface ConsoleResult {
  database: 'PGlite' | 'PostgreSQL';
  leads: number;
  seedSeconds: number;
  firstPage: Timed;
  emailSearch: Timed;
}

export interface ConsoleResults {
  databases: ConsoleResult[];
  /** Why PostgreSQL was not measured. */
  postgresSkipped: string | undefined;
}

/**
 * Leads as intake leaves them, a minute apart, most delivered, some queued, held or dead-lettered, each with its own
 * email (lead.<n>@example.com) and phone.
 */
export const SEED = `
  insert into leads (id, received_at, flow, flow_version, payload, held, delivered_at, delivery_state)
  select gen_random_uuid(), now() - n * interval '1 minute', 'business-funding', 'v' || (1 + n % 3),
         jsonb_build_object('name', 'Lead ' || n, 'email', 'lead.' || n || '@example.com',
           'phone', (3102000000 + n)::text, 'amount', 50000, 'source_url',
           'https://fund.example.com/?utm_source=' || (array['google', 'facebook', 'newsletter'])[1 + n % 3]),
         case when n % 50 = 0 then 'duplicate' end,
         case when n % 10 > 1 then now() - n * interval '1 minute' + interval '2 seconds' end,
         case when n % 10 = 1 then 'dead-lettered' else 'queued' end
    from generate_series(1, $1::int) as n`;

export async function timed(requests: number, send: () => Promise<void>): Promise<Timed> {
  const times: number[] = [];
  for (let i = 0; i < requests; i++) {
    const started = performance.now();
    await send();
    times.push(performance.now() - started);
  }
  return { requests, p50Ms: percentile(times, 50), p95Ms: percentile(times, 95) };
}

async function measure(database: ConsoleResult['database'], db: Database): Promise<ConsoleResult> {
  await migrate(db);
  say(`  ${database}: seeding ${CONSOLE_LEADS.toLocaleString('en')} leads...`);
  const seedStarted = performance.now();
  await db.query(SEED, [CONSOLE_LEADS]);
  await db.query('analyze leads');
  const seedSeconds = Math.round((performance.now() - seedStarted) / 100) / 10;
  const { cookie } = await consoleUserWithSession(db, 'operator');
  const app = await buildApp({
    config: loadConfig({ STATIC_DIR: tempDir('fundflow-bench-console-') }),
    db,
    logger: false,
  });
  await app.ready();
  try {
    const get = async (query: Record<string, string>) => {
      const response = await app.inject({ method: 'GET', url: LEADS_PATH, query, headers: { cookie } });
      if (response.statusCode !== 200) throw new Error(`${LEADS_PATH} answered ${response.statusCode}`);
    };
    const search = () => get({ q: `Lead.${1 + randomInt(CONSOLE_LEADS)}@Example.com` });
    await timed(WARMUP_REQUESTS, () => get({}));
    const firstPage = await timed(MEASURED_REQUESTS, () => get({}));
    await timed(WARMUP_REQUESTS, search);
    const emailSearch = await timed(MEASURED_REQUESTS, search);
    say(
      `  ${database}: first page p95 ${firstPage.p95Ms?.toFixed(1)} ms, email search p95 ${emailSearch.p95Ms?.toFixed(1)} ms`,
    );
    return { database, leads: CONSOLE_LEADS, seedSeconds, firstPage, emailSearch };
  } finally {
    await app.close();
  }
}

export async function runConsole(): Promise<ConsoleResults> {
  const databases: ConsoleResult[] = [];
  const pglite = await openPglite(tempDir('fundflow-bench-console-data-'));
  try {
    databases.push(await measure('PGlite', pglite));
  } finally {
    await pglite.close();
  }
  const postgres = await createTempDatabase();
  if (!postgres.ok) return { databases, postgresSkipped: postgres.reason };
  const db = await openPostgres(postgres.url);
  try {
    databases.push(await measure('PostgreSQL', db));
  } finally {
    await db.close();
    await postgres.drop();
  }
  return { databases, postgresSkipped: undefined };
}
