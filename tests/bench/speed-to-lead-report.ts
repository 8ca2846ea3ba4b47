/** The speed-to-lead rows of the results table: per database, the burst, the paced run and the idle server. */
import { formatValue } from './format.ts';
import { targetCells, type Row } from './row.ts';
import {
  BURST_LEADS,
  PACED_PER_SECOND,
  PACED_SECONDS,
  type Latencies,
  type SpeedResult,
  type SpeedToLeadResults,
} from './speed-to-lead.ts';
import { TARGETS, type Target } from './targets.ts';

/** A latency; a lead that never reached the buyer is an infinite one. */
function latency(value: number | undefined): string {
  return value === Infinity ? 'not delivered' : formatValue(value, 'ms');
}

function missing(result: Pick<Latencies, 'leads' | 'delivered'>): string {
  const lost = result.leads - result.delivered;
  return lost === 0 ? '' : ` (${lost} of ${result.leads} not delivered)`;
}

function row(metric: string, subject: string, value: string, measured?: number, target?: Target): Row {
  return { metric, subject, value, ratio: '', ...targetCells(measured, target) };
}

function databaseRows(name: SpeedResult['database'], result: SpeedResult | undefined, skipped: string): Row[] {
  const subject = result === undefined ? name : `${name}, one buyer in BUYERS_FILE`;
  const value = (text: () => string) => (result === undefined ? `skipped: ${skipped}` : text());
  const burst = `Speed to lead, burst of ${BURST_LEADS}`;
  const paced = `Speed to lead, ${PACED_PER_SECOND} leads/s for ${PACED_SECONDS} s`;
  const idle = 'Speed to lead, idle server, 201 to first attempt';
  return [
    row(
      `Speed to lead, backlog of ${BURST_LEADS} after a restart, delivered leads/s`,
      subject,
      value(() => `${formatValue(result!.backlog.deliveredPerSecond, 'per-second')}${missing(result!.backlog)}`),
      result?.backlog.deliveredPerSecond,
      TARGETS.speedBacklog,
    ),
    row(
      `${burst}, delivered leads/s`,
      subject,
      value(() => `${formatValue(result!.burst.deliveredPerSecond, 'per-second')}${missing(result!.burst)}`),
    ),
    row(
      `${burst}, 201 to buyer's 2xx, p50`,
      subject,
      value(() => latency(result!.burst.p50Ms)),
    ),
    row(
      `${burst}, 201 to buyer's 2xx, p99`,
      subject,
      value(() => latency(result!.burst.p99Ms)),
    ),
    row(
      `${paced}, 201 to buyer's 2xx, p50`,
      subject,
      value(() => latency(result!.paced.p50Ms)),
    ),
    row(
      `${paced}, 201 to buyer's 2xx, p99`,
      subject,
      value(() => `${latency(result!.paced.p99Ms)}${missing(result!.paced)}`),
      result?.paced.p99Ms,
      TARGETS.speedPacedP99,
    ),
    row(
      `${idle}, median of ${result?.idle.leads ?? 5}`,
      subject,
      value(() => latency(result!.idle.p50Ms)),
    ),
    row(
      `${idle}, worst of ${result?.idle.leads ?? 5}`,
      subject,
      value(() => `${latency(result!.idle.maxMs)}${missing(result!.idle)}`),
      result?.idle.maxMs,
      TARGETS.speedIdleFirstAttempt,
    ),
  ];
}

export function speedToLeadRows(results: SpeedToLeadResults): Row[] {
  return (['PGlite', 'PostgreSQL'] as const).flatMap((name) =>
    databaseRows(
      name,
      results.databases.find((result) => result.database === name),
      results.postgresSkipped ?? 'not run',
    ),
  );
}
