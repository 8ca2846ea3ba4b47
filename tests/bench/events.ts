/**
 * The funnel's events endpoint under load on one server: beacons of EVENTS_PER_BATCH step events, each from a visit of
 * its own, as fast as CONNECTIONS clients can send them, counted in events per second with the beacons' latency.
 */
import { randomBytes } from 'node:crypto';
import { XSRF_COOKIE } from '../../engine/api/client.ts';
import { EVENTS_PATH, type EventBatch, type StepEvent } from '../../engine/api/funnel.ts';
import { CONNECTIONS } from './api.ts';
import { runLoad, type LoadRequest, type LoadResult } from './load.ts';
import { say, type ProjectServer } from './processes.ts';

/** Events per beacon: a visitor's few steps (a view and an advance each) between two sends. */
export const EVENTS_PER_BATCH = 10;
const WARMUP_SECONDS = 2;
const STEPS = ['start', 'amount', 'loan-purpose', 'loan-timing', 'average-monthly-revenue'];

export interface EventsResult {
  connections: number;
  eventsPerBatch: number;
  warmup: LoadResult;
  measured: LoadResult;
  /** Events stored per second: beacons answered 204 times EVENTS_PER_BATCH. */
  eventsPerSecond: number;
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
  const token = randomBytes(32).toString('base64url');
  // As navigator.sendBeacon sends a string: text/plain, the token in the body, the cookie alongside.
  const headers = { cookie: `${XSRF_COOKIE}=${token}`, 'content-type': 'text/plain;charset=UTF-8' };
  const request = (n: number): LoadRequest => ({
    method: 'POST',
    path: EVENTS_PATH,
    headers,
    body: JSON.stringify(beacon(token, n)),
  });
  const load = (seconds: number) =>
    runLoad({ origin: server.url, connections: CONNECTIONS, seconds, expectStatus: 204, request });
  say(`  Funnel events: warm-up ${WARMUP_SECONDS} s, then ${loadSeconds} s, ${CONNECTIONS} connections`);
  const warmup = await load(WARMUP_SECONDS);
  const measured = warmup.ok === 0 ? warmup : await load(loadSeconds);
  if (measured.ok === 0) throw new Error(`funnel events: no beacon was stored: ${JSON.stringify(measured.failed)}`);
  const eventsPerSecond = measured.perSecond * EVENTS_PER_BATCH;
  say(
    `    measured: ${Math.round(eventsPerSecond)} events/s (${Math.round(measured.perSecond)} beacons/s), ` +
      `p50 ${measured.p50Ms?.toFixed(1)} ms, p99 ${measured.p99Ms?.toFixed(1)} ms`,
  );
  return { connections: CONNECTIONS, eventsPerBatch: EVENTS_PER_BATCH, warmup, measured, eventsPerSecond };
}
