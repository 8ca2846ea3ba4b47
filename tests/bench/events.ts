/**
 * The funnel's events endpoint under load on one server: beacons of EVENTS_PER_BATCH step events, each from a visit of
 * its own, from CONNECTIONS clients. Twice: as fast as the clients can send (the most it takes, where every answer
 * waits behind the others), then paced at the target rate, TARGET_EVENTS_PER_SECOND, for the beacons' latency at
 * that load.
 */
import { randomBytes } from 'node:crypto';
import { XSRF_COOKIE } from '../../contracts/api-paths.ts';
import { EVENTS_PATH, type EventBatch, type StepEvent } from '../../contracts/funnel.ts';
import { CONNECTIONS } from './api.ts';
import { TARGETS } from './targets.ts';
import { runLoad, type LoadRequest, type LoadResult } from './load.ts';
import { say, type ProjectServer } from './processes.ts';
import { newVisitToken } from '../support/xsrf-tokens.ts';

/** Events per beacon: a visitor's few steps (a view and an advance each) between two sends. */
export const EVENTS_PER_BATCH = 10;
const WARMUP_SECONDS = 2;
const STEPS = ['start', 'amount', 'loan-purpose', 'loan-timing', 'average-monthly-revenue'];

/** The paced load: the rate the target names. */
export const TARGET_EVENTS_PER_SECOND = TARGETS.events.limit;

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

export async function runEvents(server: ProjectServer, loadSeconds: number): Promise<EventsResult> {
  const token = newVisitToken();
  // As navigator.sendBeacon sends a string: text/plain, the token in the body, the cookie alongside.
  const headers = { cookie: `${XSRF_COOKIE}=${token}`, 'content-type': 'text/plain;charset=UTF-8' };
  const request = (n: number): LoadRequest => ({
    method: 'POST',
    path: EVENTS_PATH,
    headers,
    body: JSON.stringify(beacon(token, n)),
  });
  const load = (seconds: number, paceMs?: number) =>
    runLoad({
      origin: server.url,
      connections: CONNECTIONS,
      seconds,
      expectStatus: 204,
      request,
      ...(paceMs === undefined ? {} : { paceMs }),
    });
  const describe = (result: LoadResult) =>
    `${Math.round(result.perSecond * EVENTS_PER_BATCH)} events/s (${Math.round(result.perSecond)} beacons/s), ` +
    `p50 ${result.p50Ms?.toFixed(1)} ms, p99 ${result.p99Ms?.toFixed(1)} ms, failed ${JSON.stringify(result.failed)}`;
  // Paced first, with a paced warm-up: a full-speed run leaves a backlog of queued events that the paced one would
  // wait behind.
  const paceMs = (CONNECTIONS * EVENTS_PER_BATCH * 1000) / TARGET_EVENTS_PER_SECOND;
  say(
    `  Funnel events: paced warm-up ${WARMUP_SECONDS} s, then ${loadSeconds} s paced, then ${loadSeconds} s as fast as they can`,
  );
  const warmup = await load(WARMUP_SECONDS, paceMs);
  if (warmup.ok === 0) throw new Error(`funnel events: no beacon was stored: ${JSON.stringify(warmup.failed)}`);
  const paced = await load(loadSeconds, paceMs);
  say(`    paced at ${TARGET_EVENTS_PER_SECOND} events/s: ${describe(paced)}`);
  const measured = await load(loadSeconds);
  say(`    as fast as they can: ${describe(measured)}`);
  return {
    connections: CONNECTIONS,
    eventsPerBatch: EVENTS_PER_BATCH,
    warmup,
    measured,
    eventsPerSecond: measured.perSecond * EVENTS_PER_BATCH,
    paced,
    pacedEventsPerSecond: paced.perSecond * EVENTS_PER_BATCH,
  };
}
