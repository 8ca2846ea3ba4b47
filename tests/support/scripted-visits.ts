/**
 * Funnel visits from scripts: each visit a path of moves through a flow's steps, turned into the step events the page
 * reports (in event batches as POST /api/events takes them), and the funnel those visits must give, computed here by
 * the rules of docs/decisions/024-funnel-events.md independently of the server's SQL. The server tests post the
 * batches and compare; the page's end-to-end tests can walk the same paths and compare the same way.
 */
import { randomBytes } from 'node:crypto';
import {
  MAX_EVENTS_PER_BATCH,
  type DeviceClass,
  type EventBatch,
  type FunnelResponse,
  type StepEvent,
} from '../../contracts/funnel.ts';
import { wilsonInterval } from '../../server/funnel/wilson.ts';

/**
 * One step of a path: the step is shown, and `seconds` later the visitor
 * - 'advance': moves on; 'back': goes back; 'leave': closes the page;
 * - 'lead': stores the lead (a lead event, then an advance, at that moment);
 * - 'reload': nothing is reported, and the next move (the same step shown again, say) comes `seconds` later.
 * `offer` opens that offer before the visitor does whatever `then` says.
 */
export interface Move {
  step: string;
  seconds: number;
  then: 'advance' | 'back' | 'leave' | 'lead' | 'reload';
  offer?: string;
}

export interface ScriptedVisit {
  visit: string;
  version: string;
  device: DeviceClass;
  utm_source?: string;
  utm_campaign?: string;
  /** The form's trap field was filled: every batch of the visit says so. */
  honeypot?: boolean;
  events: StepEvent[];
}

export interface VisitOptions {
  device?: DeviceClass;
  utm_source?: string;
  utm_campaign?: string;
  honeypot?: boolean;
  /** The visitor's clock at the first view, in ms since 1970. */
  startAt?: number;
}

/** A random visit id as the page makes one: 16 bytes, base64url. */
export function newVisitId(): string {
  return randomBytes(16).toString('base64url');
}

const START = Date.parse('2026-11-20T15:00:00Z');

/** The visit's events for `moves`, the visitor's clock advancing by each move's seconds. */
export function scriptedVisit(version: string, moves: readonly Move[], options: VisitOptions = {}): ScriptedVisit {
  const events: StepEvent[] = [];
  let at = options.startAt ?? START;
  for (const move of moves) {
    events.push({ type: 'view', step: move.step, at });
    const end = at + Math.round(move.seconds * 1000);
    if (move.offer !== undefined) events.push({ type: 'offer', step: move.step, at: end, offer: move.offer });
    if (move.then === 'lead') events.push({ type: 'lead', step: move.step, at: end });
    if (move.then !== 'reload')
      events.push({ type: move.then === 'lead' ? 'advance' : move.then, step: move.step, at: end });
    at = end;
  }
  const { device = 'phone', utm_source, utm_campaign, honeypot } = options;
  return {
    visit: newVisitId(),
    version,
    device,
    ...(utm_source === undefined ? {} : { utm_source }),
    ...(utm_campaign === undefined ? {} : { utm_campaign }),
    ...(honeypot === undefined ? {} : { honeypot }),
    events,
  };
}

/** `steps` each shown for `seconds` and moved on from, then `last` as given. */
export function through(steps: readonly string[], seconds: number, last?: Move): Move[] {
  return [...steps.map((step): Move => ({ step, seconds, then: 'advance' })), ...(last === undefined ? [] : [last])];
}

/** The visit's batches as the page sends them: at most MAX_EVENTS_PER_BATCH events each, or `size`. */
export function batchesOf(visit: ScriptedVisit, xsrf: string, size = MAX_EVENTS_PER_BATCH): EventBatch[] {
  const batches: EventBatch[] = [];
  for (let start = 0; start < visit.events.length; start += size) {
    batches.push({
      xsrf,
      visit: visit.visit,
      flow_version: visit.version,
      device: visit.device,
      ...(visit.utm_source === undefined ? {} : { utm_source: visit.utm_source }),
      ...(visit.utm_campaign === undefined ? {} : { utm_campaign: visit.utm_campaign }),
      ...(visit.honeypot === undefined ? {} : { honeypot: visit.honeypot }),
      events: visit.events.slice(start, start + size),
    });
  }
  return batches;
}

function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

const ENDS = new Set(['advance', 'back', 'leave']);

/** A time on a step as the funnel's histogram keeps it: milliseconds to two significant figures (docs/decisions/103). */
function bucketed(ms: number): number {
  if (ms < 100) return ms;
  const unit = 10 ** (String(ms).length - 2);
  return Math.round(ms / unit) * unit;
}

/** Visitors and leads with no lead sold: no revenue, and no interval for it. */
function unsoldFigures(visitors: number, leads: number) {
  return {
    visitors,
    leads,
    conversion: wilsonInterval(leads, visitors),
    revenue: '0.00',
    sold: 0,
    revenue_per_visitor: { mean: 0, low: null, high: null },
  };
}

/**
 * The funnel `visits` (humans only: leave the bots out before calling) give for `version`, its steps in `stepOrder`.
 * Events are in each visit's order (the clock, then as sent), as scriptedVisit makes them. A visit's conversion is
 * its stored lead (`stored`: the visits whose lead the server stored with their visit id, docs/decisions/102), never
 * a `lead` event the page reported; a visit that viewed no step counts no lead.
 */
export function expectedFunnel(
  visits: readonly ScriptedVisit[],
  version: string,
  stepOrder: readonly string[],
  range: { from: string | null; to: string | null } = { from: null, to: null },
  stored: ReadonlySet<ScriptedVisit> = new Set(),
): FunnelResponse {
  const views = new Map<string, Set<string>>();
  const advanced = new Map<string, Set<string>>();
  const exits = new Map<string, number>();
  const seconds = new Map<string, number[]>();
  const add = (into: Map<string, Set<string>>, step: string, visit: string) =>
    into.set(step, (into.get(step) ?? new Set()).add(visit));
  let visitors = 0;
  let leads = 0;
  const campaigns = new Map<string, { visitors: number; leads: number }>();
  for (const visit of visits.filter((one) => one.version === version)) {
    const { events } = visit;
    const shown = events.filter((event) => event.type === 'view');
    const led = shown.length > 0 && stored.has(visit);
    if (shown.length > 0) {
      visitors++;
      const campaign = campaigns.get(visit.utm_campaign ?? '') ?? { visitors: 0, leads: 0 };
      campaigns.set(visit.utm_campaign ?? '', {
        visitors: campaign.visitors + 1,
        leads: campaign.leads + (led ? 1 : 0),
      });
    }
    if (led) leads++;
    for (const event of events) {
      if (event.type === 'view') add(views, event.step, visit.visit);
      if (event.type === 'advance') add(advanced, event.step, visit.visit);
    }
    const last = shown.at(-1);
    if (last !== undefined && !led) exits.set(last.step, (exits.get(last.step) ?? 0) + 1);
    const timed = events.filter((event) => event.type === 'view' || ENDS.has(event.type));
    timed.forEach((event, i) => {
      const next = timed[i + 1];
      if (event.type !== 'view' || next === undefined || !ENDS.has(next.type) || next.step !== event.step) return;
      seconds.set(event.step, [...(seconds.get(event.step) ?? []), bucketed(next.at - event.at) / 1000]);
    });
  }
  return {
    version,
    from: range.from,
    to: range.to,
    ...unsoldFigures(visitors, leads),
    campaigns: [...campaigns]
      .sort(([a, one], [b, other]) => other.visitors - one.visitors || (a < b ? -1 : 1))
      .map(([utm_campaign, counts]) => ({ utm_campaign, ...unsoldFigures(counts.visitors, counts.leads) })),
    steps: stepOrder.map((step) => {
      const seen = views.get(step)?.size ?? 0;
      const left = exits.get(step) ?? 0;
      return {
        step,
        views: seen,
        advanced: advanced.get(step)?.size ?? 0,
        exits: left,
        drop_off: seen === 0 ? 0 : left / seen,
        median_seconds: median(seconds.get(step) ?? []),
      };
    }),
  };
}
