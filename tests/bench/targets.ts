/** The performance targets and whether a measured value meets one. */
import { formatRatio, formatValue, type Unit } from './format.ts';

export interface Target {
  /** At least (>=) or at most (<=) the limit. */
  op: '>=' | '<=';
  limit: number;
  /** The unit of the limit: a ratio target compares a ratio, the others a value in that unit. */
  unit: Unit | 'ratio';
}

export type Verdict = 'yes' | 'no' | 'skipped';

/** A missing value (a scenario that did not run) is "skipped", never "yes". */
export function meets(value: number | undefined, target: Target): Verdict {
  if (value === undefined || Number.isNaN(value)) return 'skipped';
  return (target.op === '>=' ? value >= target.limit : value <= target.limit) ? 'yes' : 'no';
}

export function describeTarget(target: Target): string {
  const sign = target.op === '>=' ? '≥' : '≤';
  return `${sign} ${target.unit === 'ratio' ? formatRatio(target.limit) : formatValue(target.limit, target.unit)}`;
}

/** KB in the targets is 1,000 bytes, as the bench prints it. */
export const TARGETS = {
  lighthouseScore: { op: '>=', limit: 98, unit: 'score' },
  /** LCP of '/' divided by the LCP of the first --compare URL. */
  lcpVersusCompare: { op: '<=', limit: 1.1, unit: 'ratio' },
  tbt: { op: '<=', limit: 100, unit: 'ms' },
  cls: { op: '<=', limit: 0.02, unit: 'cls' },
  jsTransferred: { op: '<=', limit: 140_000, unit: 'bytes' },
  nextToHeading: { op: '<=', limit: 100, unit: 'ms' },
  /**
   * The flow studio's preview while typing: the p95 over the timed edits from the last keystroke in "Heading" to the
   * preview painted with it (docs/decisions/113-studio-editor.md).
   */
  studioPreviewP95: { op: '<=', limit: 300, unit: 'ms' },
  /** ZIP lookups answered per second by one server at 50 clients, and their p99 latency. */
  zipLookups: { op: '>=', limit: 10_000, unit: 'per-second' },
  zipP99: { op: '<=', limit: 20, unit: 'ms' },
  intakePglite: { op: '>=', limit: 300, unit: 'per-second' },
  intakePostgres: { op: '>=', limit: 500, unit: 'per-second' },
  intakeP99: { op: '<=', limit: 100, unit: 'ms' },
  serverRss: { op: '<=', limit: 250, unit: 'megabytes' },
  /**
   * The funnel's events endpoint on one server (PGlite) at 50 clients: events accepted per second as fast as they can
   * send, and the beacons' p99 when they send at that rate.
   */
  events: { op: '>=', limit: 5_000, unit: 'per-second' },
  eventsP99: { op: '<=', limit: 20, unit: 'ms' },
  /**
   * Batches refused (503) while one server takes the events target's rate for a minute, on PGlite and on PostgreSQL:
   * none; past that the server may shed (docs/decisions/101-retried-batches-and-shedding.md).
   */
  eventsRefusedSustained: { op: '<=', limit: 0, unit: 'count' },
  /** The console's lead list at 100,000 leads: its first page and a search by email, p95 on each database. */
  consoleFirstPageP95: { op: '<=', limit: 100, unit: 'ms' },
  consoleEmailSearchP95: { op: '<=', limit: 100, unit: 'ms' },
  /**
   * The count of the leads the list's filters match, at 1,000,000 leads on PostgreSQL, p95 over filters matching
   * from every lead to one (docs/decisions/068-the-count-of-matches-at-volume.md).
   */
  consoleCountP95: { op: '<=', limit: 100, unit: 'ms' },
  /**
   * The console's funnel of a version, p95 with each filter (none, a week, a source, a device), at 100,000 visits on
   * PGlite and 1,000,000 on PostgreSQL (docs/decisions/103-funnel-rollups.md).
   */
  funnelP95: { op: '<=', limit: 200, unit: 'ms' },
  /**
   * Speed to lead, one server routing to one buyer that answers at once: leads delivered per second from a backlog of
   * 500 (intake out of the way; in a burst, intake on the same process sets the pace), the p99 from a lead's 201 to
   * the buyer's 2xx at 50 leads a second, and the first attempt at a single lead on an idle server (the worst of
   * five).
   */
  speedBacklog: { op: '>=', limit: 200, unit: 'per-second' },
  speedPacedP99: { op: '<=', limit: 2000, unit: 'ms' },
  speedIdleFirstAttempt: { op: '<=', limit: 1000, unit: 'ms' },
  /**
   * The auction (issue 33), one server with four buyers bidding within 200 ms at 50 leads a second: the p99 from a
   * lead's 201 to the winning buyer's 2xx, and the leads sold other than once to the highest bid at its price (none).
   */
  auctionP99: { op: '<=', limit: 1500, unit: 'ms' },
  auctionMisSold: { op: '<=', limit: 0, unit: 'count' },
} as const satisfies Record<string, Target>;
