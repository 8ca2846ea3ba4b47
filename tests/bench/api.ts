/**
 * The API under load: ZIP lookups against a bare node:http server answering the same body (interleaved rounds, same
 * client and concurrency), and lead intake on PGlite and on PostgreSQL, with the server's peak memory.
 */
import { randomBytes } from 'node:crypto';
import { XSRF_COOKIE, XSRF_HEADER } from '../../engine/api/client.ts';
import { benchLead } from './leads.ts';
import { runLoad, type LoadRequest, type LoadResult } from './load.ts';
import { createTempDatabase } from './postgres.ts';
import { freePort, say, startNode, startProjectServer, waitForHttp, type Lender, type ProjectServer } from './processes.ts';
import { peakRss } from './rss.ts';
import { median } from './stats.ts';

/** Concurrent clients for every API measurement. */
export const CONNECTIONS = 50;
export const ZIP_PATH = '/api/v1/zipcode/validate?zipcode=90210';
const ZIP_ROUNDS = 3;
const WARMUP_SECONDS = 2;

/** What a page sends: the XSRF cookie it was given, echoed in the header (the header only matters on POST). */
const TOKEN = randomBytes(32).toString('base64url');
const PAGE_HEADERS = { cookie: `${XSRF_COOKIE}=${TOKEN}`, 'user-agent': 'fundflow-bench' };

export interface ZipRound extends LoadResult {
  server: 'project' | 'bare';
  round: number;
}

export interface ZipResult {
  path: string;
  bodyBytes: number;
  connections: number;
  secondsPerRound: number;
  rounds: ZipRound[];
  /** Medians over the rounds. */
  projectPerSecond: number | undefined;
  barePerSecond: number | undefined;
  projectP99Ms: number | undefined;
  bareP99Ms: number | undefined;
}

export interface IntakeResult {
  database: 'PGlite' | 'PostgreSQL';
  connections: number;
  warmup: LoadResult;
  measured: LoadResult;
  /** VmRSS of the server process when it had just started, idle, in bytes. */
  startRssBytes: number | undefined;
  /** VmHWM of the server process after the load, in bytes. */
  peakRssBytes: number | undefined;
  /** Leads the test lender had received when the measurement ended. */
  deliveredByEnd: number | undefined;
}

export interface ApiResults {
  zip: ZipResult;
  intake: IntakeResult[];
  /** Why PostgreSQL was not measured. */
  postgresSkipped: string | undefined;
}

function describe(result: LoadResult): string {
  const failed = Object.entries(result.failed).map(([status, count]) => `${count}× ${status}`).join(', ');
  return (
    `${Math.round(result.perSecond)}/s, p50 ${result.p50Ms?.toFixed(1)} ms, p99 ${result.p99Ms?.toFixed(1)} ms` +
    (failed === '' ? '' : `, failed: ${failed}`)
  );
}

async function measureZip(server: ProjectServer, loadSeconds: number): Promise<ZipResult> {
  const response = await fetch(server.url + ZIP_PATH, { headers: PAGE_HEADERS });
  const body = await response.text();
  if (response.status !== 200 || !body.includes('90210')) throw new Error(`the ZIP lookup answered ${response.status}: ${body.slice(0, 200)}`);
  const port = await freePort();
  const bare = startNode('the bare node:http server', ['tests/bench/bare-zip-server.ts', String(port), body], {});
  const bareUrl = `http://127.0.0.1:${port}`;
  await waitForHttp(bareUrl + ZIP_PATH, bare, 20_000);
  const secondsPerRound = Math.max(2, Math.round(loadSeconds / 2));
  const origins = { project: server.url, bare: bareUrl } as const;
  const load = (which: 'project' | 'bare', seconds: number) =>
    runLoad({
      origin: origins[which],
      connections: CONNECTIONS,
      seconds,
      expectStatus: 200,
      request: (): LoadRequest => ({ method: 'GET', path: ZIP_PATH, headers: PAGE_HEADERS }),
    });
  const rounds: ZipRound[] = [];
  try {
    say(`  ZIP lookup: warm-up ${WARMUP_SECONDS} s each, then ${ZIP_ROUNDS} interleaved rounds of ${secondsPerRound} s, ${CONNECTIONS} connections`);
    await load('bare', WARMUP_SECONDS);
    await load('project', WARMUP_SECONDS);
    for (let round = 1; round <= ZIP_ROUNDS; round++) {
      for (const which of round % 2 === 1 ? (['bare', 'project'] as const) : (['project', 'bare'] as const)) {
        const result = await load(which, secondsPerRound);
        say(`    round ${round} ${which}: ${describe(result)}`);
        if (result.ok === 0) throw new Error(`no ZIP lookup succeeded on the ${which} server`);
        rounds.push({ server: which, round, ...result });
      }
    }
  } finally {
    await bare.stop();
  }
  const of = (which: 'project' | 'bare', pick: (round: ZipRound) => number | undefined) =>
    median(rounds.filter((round) => round.server === which).map(pick).filter((value): value is number => value !== undefined));
  return {
    path: ZIP_PATH,
    bodyBytes: Buffer.byteLength(body),
    connections: CONNECTIONS,
    secondsPerRound,
    rounds,
    projectPerSecond: of('project', (round) => round.perSecond),
    barePerSecond: of('bare', (round) => round.perSecond),
    projectP99Ms: of('project', (round) => round.p99Ms),
    bareP99Ms: of('bare', (round) => round.p99Ms),
  };
}

async function measureIntake(
  database: IntakeResult['database'],
  server: ProjectServer,
  lender: Lender,
  loadSeconds: number,
): Promise<IntakeResult> {
  const runTag = randomBytes(4).toString('hex');
  let offset = 0;
  const load = (seconds: number) =>
    runLoad({
      origin: server.url,
      connections: CONNECTIONS,
      seconds,
      expectStatus: 201,
      request: (n): LoadRequest => ({
        method: 'POST',
        path: '/api/v1/leads/trigger',
        headers: { ...PAGE_HEADERS, [XSRF_HEADER.toLowerCase()]: TOKEN, 'content-type': 'application/json' },
        body: JSON.stringify(benchLead(runTag, offset + n)),
      }),
    });
  await fetch(lender.receivedUrl, { method: 'DELETE' });
  say(`  Lead intake on ${database}: warm-up ${WARMUP_SECONDS} s, then ${loadSeconds} s, ${CONNECTIONS} connections`);
  const warmup = await load(WARMUP_SECONDS);
  say(`    warm-up: ${describe(warmup)}`);
  if (warmup.ok === 0) throw new Error(`the server on ${database} accepted no lead: ${JSON.stringify(warmup.failed)}`);
  offset = 1_000_000;
  const measured = await load(loadSeconds);
  say(`    measured: ${describe(measured)}`);
  const peakRssBytes = peakRss(server.child.pid);
  let deliveredByEnd: number | undefined;
  try {
    const received = (await (await fetch(lender.receivedUrl)).json()) as unknown[];
    deliveredByEnd = received.length;
    await fetch(lender.receivedUrl, { method: 'DELETE' });
  } catch {
    deliveredByEnd = undefined;
  }
  return { database, connections: CONNECTIONS, warmup, measured, startRssBytes: server.startRssBytes, peakRssBytes, deliveredByEnd };
}

export async function runApi(pgliteServer: ProjectServer, lender: Lender, loadSeconds: number): Promise<ApiResults> {
  const zip = await measureZip(pgliteServer, loadSeconds);
  const intake = [await measureIntake('PGlite', pgliteServer, lender, loadSeconds)];
  let postgresSkipped: string | undefined;
  const database = await createTempDatabase();
  if (!database.ok) {
    postgresSkipped = database.reason;
    say(`  PostgreSQL skipped: ${postgresSkipped}`);
  } else {
    say('  Starting a second server on a fresh PostgreSQL database...');
    const server = await startProjectServer('the server on PostgreSQL', { lenderUrl: lender.url, databaseUrl: database.url });
    try {
      intake.push(await measureIntake('PostgreSQL', server, lender, loadSeconds));
    } finally {
      await server.child.stop();
      await database.drop();
    }
  }
  return { zip, intake, postgresSkipped };
}
