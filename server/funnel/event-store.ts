/**
 * Stores the batches POST /api/events accepts, in the background: the endpoint answers as soon as a batch is
 * validated and queued, and the queue is written in groups (group commit, as leads are:
 * docs/decisions/021-group-commit-of-leads.md): one multi-row INSERT and one commit for many beacons. So a beacon's
 * answer never waits for the database, the endpoint keeps up with thousands of events a second on the embedded
 * database's single connection, and a lead waits behind at most one short write of events. Unlike a lead, an event
 * is worth no wait: a batch lost to a crash between its answer and its write is a few steps of one visit's funnel.
 */
import { DEFAULT_VISIT_LANGUAGE, type EventBatch } from '../../contracts/funnel.ts';
import type { Database, Queryable } from '../platform/db/types.ts';
import { markBots } from './bots.ts';
import { takeRevenueChanges } from './revenue-changes.ts';
import { refreshVisits, type VisitKey } from './visit-rollups.ts';

export interface EventStore {
  /** Queues the batch for the next write; false, with nothing queued, when the queue's limit is already waiting. */
  accept(batch: EventBatch): boolean;
  /** Resolves once every batch accepted before the call has been written (or its write has failed). */
  flush(): Promise<void>;
}

/** Events per write at most (whole batches): keeps each write short, so a lead never waits long behind one. */
export const MAX_EVENTS_PER_WRITE = 200;
/**
 * Events waiting at most: ten seconds of a busy day's 5,000 a second (a few megabytes), so a slow stretch of writes (a
 * checkpoint, autovacuum, a pause of the collector) is ridden out rather than answered with 503s: with four seconds,
 * PostgreSQL refused 0.6 % of the batches of a minute at 5,000 a second that it wrote as fast as they came. When the
 * database falls further behind than that, batches are refused rather than held in memory (or lost in a crash); the
 * page tries a refused batch once more a few seconds later (docs/decisions/101-retried-batches-and-shedding.md).
 */
export const MAX_QUEUED_EVENTS = 50_000;

interface Queued {
  batch: EventBatch;
  receivedAt: string;
}

// ROWS FROM … WITH ORDINALITY keeps the events in the order they were sent: `id` then breaks ties of the client's clock.
const INSERT_EVENTS = `
  insert into funnel_events
    (visit, flow_version, step, type, offer, client_at, received_at, device, utm_source, utm_medium, utm_campaign,
     language)
  select visit, flow_version, step, type, offer, client_at, received_at, device, utm_source, utm_medium, utm_campaign,
         language
    from rows from (json_to_recordset($1::json) as (
      visit text, flow_version text, step text, type text, offer text, client_at bigint, received_at timestamptz,
      device text, utm_source text, utm_medium text, utm_campaign text, language text)) with ordinality as r(
      visit, flow_version, step, type, offer, client_at, received_at, device, utm_source, utm_medium, utm_campaign,
      language, n)
   order by n`;

function rows({ batch, receivedAt }: Queued) {
  return batch.events.map((event) => ({
    visit: batch.visit,
    flow_version: batch.flow_version,
    step: event.step,
    type: event.type,
    offer: event.offer ?? null,
    client_at: event.at,
    received_at: receivedAt,
    device: batch.device,
    utm_source: batch.utm_source ?? null,
    utm_medium: batch.utm_medium ?? null,
    utm_campaign: batch.utm_campaign ?? null,
    language: batch.language ?? DEFAULT_VISIT_LANGUAGE,
  }));
}

/** The group's visits, each under each version it sent, once. */
function visitKeys(group: readonly Queued[]): VisitKey[] {
  const keys = new Map<string, VisitKey>();
  for (const { batch } of group) {
    keys.set(JSON.stringify([batch.visit, batch.flow_version]), {
      visit: batch.visit,
      flow_version: batch.flow_version,
    });
  }
  return [...keys.values()];
}

/**
 * Stores the group's events, marks the bots among its visits, and brings the funnel's rollups up to date with both
 * and with the leads sold or returned since the last write (revenue-changes.ts): while events come in, the list of
 * those stays short, and a reader of the funnel finds little of it left to recount.
 */
async function write(tx: Queryable, group: readonly Queued[]): Promise<void> {
  await tx.query(INSERT_EVENTS, [JSON.stringify(group.flatMap(rows))]);
  const visits = [...new Set(group.map(({ batch }) => batch.visit))];
  const honeypot = [...new Set(group.filter(({ batch }) => batch.honeypot === true).map(({ batch }) => batch.visit))];
  await markBots(tx, visits, honeypot);
  await refreshVisits(tx, [...visitKeys(group), ...(await takeRevenueChanges(tx))]);
}

export interface EventStoreOptions {
  /** Stamps each batch's received_at as it arrives. */
  now: () => number;
  /** A write failed: its events are lost (the database is down); says how many, never what. */
  onError: (error: unknown, events: number) => void;
  /** Events waiting at most before batches are refused: MAX_QUEUED_EVENTS unless a smaller queue is wanted. */
  maxQueuedEvents?: number;
}

export function createEventStore(db: Database, options: EventStoreOptions): EventStore {
  const queue: Queued[] = [];
  let queuedEvents = 0;
  const maxQueuedEvents = options.maxQueuedEvents ?? MAX_QUEUED_EVENTS;
  let writing = false;
  /** Batches accepted, and batches written (or failed), since start: flush waits for the second to reach the first. */
  let accepted = 0;
  let done = 0;
  let waiters: { upTo: number; resolve: () => void }[] = [];

  function nextGroup(): Queued[] {
    let events = 0;
    let count = 0;
    while (count < queue.length) {
      const size = queue[count]!.batch.events.length;
      if (count > 0 && events + size > MAX_EVENTS_PER_WRITE) break;
      events += size;
      count++;
    }
    queuedEvents -= events;
    return queue.splice(0, count);
  }

  async function drain(): Promise<void> {
    writing = true;
    while (queue.length > 0) {
      const group = nextGroup();
      try {
        await db.transaction((tx) => write(tx, group));
      } catch (error) {
        options.onError(
          error,
          group.reduce((sum, { batch }) => sum + batch.events.length, 0),
        );
      }
      done += group.length;
      const ready = waiters.filter((waiter) => waiter.upTo <= done);
      waiters = waiters.filter((waiter) => waiter.upTo > done);
      for (const { resolve } of ready) resolve();
      // The embedded database runs on this thread: between two writes, let the requests that arrived be answered
      // (and their batches join the next group) rather than write on until the queue is empty.
      await new Promise((resolve) => setImmediate(resolve));
    }
    writing = false;
  }

  return {
    accept(batch) {
      if (queuedEvents + batch.events.length > maxQueuedEvents) return false;
      queue.push({ batch, receivedAt: new Date(options.now()).toISOString() });
      queuedEvents += batch.events.length;
      accepted++;
      if (!writing) void drain();
      return true;
    },
    flush() {
      const upTo = accepted;
      if (done >= upTo) return Promise.resolve();
      return new Promise((resolve) => waiters.push({ upTo, resolve }));
    },
  };
}
