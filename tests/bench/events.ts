/**
 * The funnel's events endpoint under load: beacons of EVENTS_PER_BATCH step events, each from a visit of its own, from
 * CONNECTIONS clients. On the shared server (PGlite): paced at the target rate, TARGET_EVENTS_PER_SECOND, for the
 * beacons' latency at that load, then as fast as the clients can send (the most it takes, where every answer waits
 * behind the others). Then, on PGlite and on a server of its own on a fresh PostgreSQL database: the target rate
 * sustained for SUSTAINED_SECONDS, where no batch may be refused, and the rate stepped up until batches are refused,
 * where shedding starts (docs/decisions/101-retried-batches-and-shedding.md).
 */
import { randomBytes } from 'node:crypto';
import { XSRF_COOKIE } from '../../contracts/api-paths.ts';
import { EVENTS_PATH, type EventBatch, type StepEvent } from '../../contracts/funnel.ts';
import { CONNECTIONS } from './api.ts';
import { TARGETS } from './targets.ts';
import { runLoad, type LoadRequest, type LoadResult } from './load.ts';
import { say, startProjectServer, type ProjectServer } from './processes.ts';
import { createTempDatabase } from './postgres.ts';
import { newVisitToken } from '../support/xsrf-tokens.ts';

/** Events per beacon: a visitor's few steps (a view and an advance each) between two sends. */
export const EVENTS_PER_BATCH = 10;
const WARMUP_SECONDS = 2;
const STEPS = ['start', 'amount', 'loan-purpose', 'loan-timing', 'average-monthly-revenue'];

/** The paced load: the rate the target names. */
export const TARGET_EVENTS_PER_SECOND = TARGETS.events.limit;
/** How long the target rate is held with no batch refused: a busy minute, not a burst the queue can absorb. */
export const SUSTAINED_SECONDS = 60;
/** The rates tried after the sustained one, each for STEP_SECONDS, until the server refuses batches. */
export const STEP_RATES = [7_500, 10_000, 15_000, 20_000, 30_000];
const STEP_SECONDS = 10;
/** Between two steps the server writes what the last one left queued, so a step does not pay for the one before. */
const REST_MS = 3000;

export interface StepResult {
  eventsPerSecond: number;
  result: LoadResult;
  /** Batches answered anything but 204 (a 503 when the queue is full). */
  refused: number;
}

/** The sustained load and the step-up on one database. */
export interface SheddingResult {
  database: 'PGlite' | 'PostgreSQL';
  sustained: StepResult;
  steps: StepResult[];
  /** The first rate at which batches were refused (the target's own when the sustained load was); undefined: none. */
  shedsFrom: number | undefined;
}

export interface EventsResult {
  connections: number;
  eventsPerBatch: number;
  warmup: LoadResult;
  /** As fast as the clients can send. */
  measured: LoadResult;
  /** Events accepted per second at full speed: beacons answered 204 times EVENTS_PER_BATCH. */
  eventsPerSecond: number;
  /** Paced at TARGET_EVENTS_PER_SECOND. */
  paced: LoadResult;
  pacedEventsPerSecond: number;
  shedding: SheddingResult[];
  postgresSkipped: string | undefined;
}

function beacon(token: string, n: number): EventBatch {
  const start = Date.now();
  const events: StepEvent[] = [];
  for (let i = 0; events.length < EVENTS_PER_BATCH; i++) {
    const step = STEPS[i % STEPS.length]!;
    // Five seconds a step: a person's pace, so the visits are not taken for bots.
    events.push({ type: 'view', step, at: start + i * 5000 }, { type: 'advance', step, at: start + i * 5000 + 4000 });
  }
  return {
    xsrf: token,
    visit: `bench${n.toString(36).padStart(12, '0')}${randomBytes(4).toString('hex')}`,
    flow_version: 'v1',
    device: n % 3 === 0 ? 'desktop' : 'phone',
    utm_source: 'bench',
    events,
  };
}

const refusedOf = (result: LoadResult) => Object.values(result.failed).reduce((sum, count) => sum + count, 0);

/** Beacons to `server`, as navigator.sendBeacon sends a string: text/plain, the token in the body, the cookie too. */
function loader(server: ProjectServer) {
  const token = newVisitToken();
  const headers = { cookie: `${XSRF_COOKIE}=${token}`, 'content-type': 'text/plain;charset=UTF-8' };
  const request = (n: number): LoadRequest => ({
    method: 'POST',
    path: EVENTS_PATH,
    headers,
    body: JSON.stringify(beacon(token, n)),
  });
  return (seconds: number, eventsPerSecond?: number) =>
    runLoad({
      origin: server.url,
      connections: CONNECTIONS,
      seconds,
      expectStatus: 204,
      request,
      ...(eventsPerSecond === undefined ? {} : { paceMs: (CONNECTIONS * EVENTS_PER_BATCH * 1000) / eventsPerSecond }),
    });
}

const describe = (result: LoadResult) =>
  `${Math.round(result.perSecond * EVENTS_PER_BATCH)} events/s (${Math.round(result.perSecond)} beacons/s), ` +
  `p50 ${result.p50Ms?.toFixed(1)} ms, p99 ${result.p99Ms?.toFixed(1)} ms, failed ${JSON.stringify(result.failed)}`;

const rest = () => new Promise((resolve) => setTimeout(resolve, REST_MS));

/** The target rate for SUSTAINED_SECONDS, then STEP_RATES until one is refused. */
async function measureShedding(database: SheddingResult['database'], server: ProjectServer): Promise<SheddingResult> {
  const load = loader(server);
  const step = async (eventsPerSecond: number, seconds: number): Promise<StepResult> => {
    const result = await load(seconds, eventsPerSecond);
    say(`    ${database}, ${eventsPerSecond} events/s for ${seconds} s: ${describe(result)}`);
    await rest();
    return { eventsPerSecond, result, refused: refusedOf(result) };
  };
  await load(WARMUP_SECONDS, TARGET_EVENTS_PER_SECOND);
  await rest();
  const sustained = await step(TARGET_EVENTS_PER_SECOND, SUSTAINED_SECONDS);
  const steps: StepResult[] = [];
  for (const rate of sustained.refused > 0 ? [] : STEP_RATES) {
    const measured = await step(rate, STEP_SECONDS);
    steps.push(measured);
    if (measured.refused > 0) break;
  }
  const shedsFrom = [sustained, ...steps].find(({ refused }) => refused > 0)?.eventsPerSecond;
  return { database, sustained, steps, shedsFrom };
}

export async function runEvents(server: ProjectServer, buyerUrl: string, loadSeconds: number): Promise<EventsResult> {
  const load = loader(server);
  // Paced first, with a paced warm-up: a full-speed run leaves a backlog of queued events that the paced one would
  // wait behind.
  say(
    `  Funnel events: paced warm-up ${WARMUP_SECONDS} s, then ${loadSeconds} s paced, then ${loadSeconds} s as fast as they can`,
  );
  const warmup = await load(WARMUP_SECONDS, TARGET_EVENTS_PER_SECOND);
  if (warmup.ok === 0) throw new Error(`funnel events: no beacon was stored: ${JSON.stringify(warmup.failed)}`);
  const paced = await load(loadSeconds, TARGET_EVENTS_PER_SECOND);
  say(`    paced at ${TARGET_EVENTS_PER_SECOND} events/s: ${describe(paced)}`);
  const measured = await load(loadSeconds);
  say(`    as fast as they can: ${describe(measured)}`);
  await rest();

  say(
    `  Funnel events: ${TARGET_EVENTS_PER_SECOND} events/s for ${SUSTAINED_SECONDS} s, then ${STEP_RATES.join(', ')} ` +
      `events/s for ${STEP_SECONDS} s each until batches are refused, on PGlite and on PostgreSQL`,
  );
  const shedding = [await measureShedding('PGlite', server)];
  let postgresSkipped: string | undefined;
  const database = await createTempDatabase();
  if (!database.ok) {
    postgresSkipped = database.reason;
    say(`  PostgreSQL skipped: ${postgresSkipped}`);
  } else {
    const postgres = await startProjectServer('the events server on PostgreSQL', {
      buyerUrl,
      databaseUrl: database.url,
    });
    try {
      shedding.push(await measureShedding('PostgreSQL', postgres));
    } finally {
      await postgres.child.stop();
      await database.drop();
    }
  }
  return {
    connections: CONNECTIONS,
    eventsPerBatch: EVENTS_PER_BATCH,
    warmup,
    measured,
    eventsPerSecond: measured.perSecond * EVENTS_PER_BATCH,
    paced,
    pacedEventsPerSecond: paced.perSecond * EVENTS_PER_BATCH,
    shedding,
    postgresSkipped,
  };
}
