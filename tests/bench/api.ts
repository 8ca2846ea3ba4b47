/**
 * The API under load: ZIP lookups, and lead intake on PGlite and on PostgreSQL with the server's peak memory. Each
 * measurement is a warm-up, then a fixed time at the same concurrency.
 */
import { randomBytes } from 'node:crypto';
import { XSRF_COOKIE, XSRF_HEADER } from '../../contracts/api-paths.ts';
import { benchLead } from './leads.ts';
import { runLoad, type LoadOptions, type LoadRequest, type LoadResult } from './load.ts';
import { createTempDatabase } from './postgres.ts';
import { say, startProjectServer, type TestBuyerProcess, type ProjectServer } from './processes.ts';
import { peakRss } from './rss.ts';
import { newVisitToken } from '../support/xsrf-tokens.ts';

/** Concurrent clients for every API measurement. */
export const CONNECTIONS = 50;
export const ZIP_PATH = '/api/v1/zipcode/validate?zipcode=90210';
const WARMUP_SECONDS = 2;

/** What a page sends: the XSRF cookie it was given, echoed in the header (the header only matters on POST). */
const TOKEN = newVisitToken();
const PAGE_HEADERS = { cookie: `${XSRF_COOKIE}=${TOKEN}`, 'user-agent': 'fundflow-bench' };

/** A warm-up, then the measurement, at CONNECTIONS concurrent clients. */
export interface Measured {
  connections: number;
  warmup: LoadResult;
  measured: LoadResult;
}

export interface ZipResult extends Measured {
  path: string;
  bodyBytes: number;
}

export interface IntakeResult extends Measured {
  database: 'PGlite' | 'PostgreSQL';
  /** VmRSS of the server process when it had just started, idle, in bytes. */
  startRssBytes: number | undefined;
  /** VmHWM of the server process after the load, in bytes. */
  peakRssBytes: number | undefined;
  /** Leads the test buyer had received when the measurement ended. */
  deliveredByEnd: number | undefined;
}

export interface ApiResults {
  zip: ZipResult;
  intake: IntakeResult[];
  /** Why PostgreSQL was not measured. */
  postgresSkipped: string | undefined;
}

function describe(result: LoadResult): string {
  const failed = Object.entries(result.failed)
    .map(([status, count]) => `${count}× ${status}`)
    .join(', ');
  return (
    `${Math.round(result.perSecond)}/s, p50 ${result.p50Ms?.toFixed(1)} ms, p99 ${result.p99Ms?.toFixed(1)} ms` +
    (failed === '' ? '' : `, failed: ${failed}`)
  );
}

/** The load for the warm-up, then for `seconds`; fails when not one request of either succeeded. */
async function warmedUp(
  what: string,
  options: Omit<LoadOptions, 'connections' | 'seconds'>,
  seconds: number,
): Promise<Measured> {
  const load = (time: number) => runLoad({ ...options, connections: CONNECTIONS, seconds: time });
  say(`  ${what}: warm-up ${WARMUP_SECONDS} s, then ${seconds} s, ${CONNECTIONS} connections`);
  const warmup = await load(WARMUP_SECONDS);
  say(`    warm-up: ${describe(warmup)}`);
  const measured = warmup.ok === 0 ? warmup : await load(seconds);
  if (measured.ok === 0) throw new Error(`${what}: no request succeeded: ${JSON.stringify(measured.failed)}`);
  say(`    measured: ${describe(measured)}`);
  return { connections: CONNECTIONS, warmup, measured };
}

async function measureZip(server: ProjectServer, loadSeconds: number): Promise<ZipResult> {
  const response = await fetch(server.url + ZIP_PATH, { headers: PAGE_HEADERS });
  const body = await response.text();
  if (response.status !== 200 || !body.includes('90210'))
    throw new Error(`the ZIP lookup answered ${response.status}: ${body.slice(0, 200)}`);
  const lookups = await warmedUp(
    'ZIP lookup',
    {
      origin: server.url,
      expectStatus: 200,
      request: (): LoadRequest => ({ method: 'GET', path: ZIP_PATH, headers: PAGE_HEADERS }),
    },
    loadSeconds,
  );
  return { path: ZIP_PATH, bodyBytes: Buffer.byteLength(body), ...lookups };
}

async function measureIntake(
  database: IntakeResult['database'],
  server: ProjectServer,
  buyer: TestBuyerProcess,
  loadSeconds: number,
): Promise<IntakeResult> {
  const runTag = randomBytes(4).toString('hex');
  // Every lead of the run, warm-up included, has its own contact details.
  let sent = 0;
  const request = (): LoadRequest => ({
    method: 'POST',
    path: '/api/v1/leads/trigger',
    headers: { ...PAGE_HEADERS, [XSRF_HEADER.toLowerCase()]: TOKEN, 'content-type': 'application/json' },
    body: JSON.stringify(benchLead(runTag, sent++)),
  });
  await fetch(buyer.receivedUrl, { method: 'DELETE' });
  const intake = await warmedUp(
    `Lead intake on ${database}`,
    { origin: server.url, expectStatus: 201, request },
    loadSeconds,
  );
  const peakRssBytes = peakRss(server.child.pid);
  let deliveredByEnd: number | undefined;
  try {
    const received = (await (await fetch(buyer.receivedUrl)).json()) as unknown[];
    deliveredByEnd = received.length;
    await fetch(buyer.receivedUrl, { method: 'DELETE' });
  } catch {
    deliveredByEnd = undefined;
  }
  return { database, ...intake, startRssBytes: server.startRssBytes, peakRssBytes, deliveredByEnd };
}

export async function runApi(
  pgliteServer: ProjectServer,
  buyer: TestBuyerProcess,
  loadSeconds: number,
): Promise<ApiResults> {
  const zip = await measureZip(pgliteServer, loadSeconds);
  const intake = [await measureIntake('PGlite', pgliteServer, buyer, loadSeconds)];
  let postgresSkipped: string | undefined;
  const database = await createTempDatabase();
  if (!database.ok) {
    postgresSkipped = database.reason;
    say(`  PostgreSQL skipped: ${postgresSkipped}`);
  } else {
    say('  Starting a second server on a fresh PostgreSQL database...');
    const server = await startProjectServer('the server on PostgreSQL', {
      buyerUrl: buyer.url,
      databaseUrl: database.url,
    });
    try {
      intake.push(await measureIntake('PostgreSQL', server, buyer, loadSeconds));
    } finally {
      await server.child.stop();
      await database.drop();
    }
  }
  return { zip, intake, postgresSkipped };
}
