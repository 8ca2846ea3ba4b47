/**
 * Stores the batches POST /api/events accepts. Batches that arrive while a write is running wait and are written
 * together in the next one (group commit, as leads are: docs/decisions/021-group-commit-of-leads.md): one
 * multi-row INSERT and one commit for many beacons, so the endpoint keeps up with thousands of events a second on the
 * embedded database's single connection and stays off the leads' way. Nobody waits for a timer.
 */
import type { EventBatch } from '../../engine/api/funnel.ts';
import type { Database, Queryable } from '../db/types.ts';
import { markBots } from './bots.ts';

export interface EventStore {
  /** Resolves once the batch is committed; rejects, with nothing of it stored, when the write failed. */
  store(batch: EventBatch): Promise<void>;
}

/** Events per write at most (whole batches): bounds the statement and how long it holds the database. */
export const MAX_EVENTS_PER_WRITE = 2000;

interface Waiting {
  batch: EventBatch;
  receivedAt: string;
  resolve: () => void;
  reject: (error: unknown) => void;
}

// ROWS FROM … WITH ORDINALITY keeps the events in the order they were sent: `id` then breaks ties of the client's clock.
const INSERT_EVENTS = `
  insert into funnel_events
    (visit, flow_version, step, type, offer, client_at, received_at, device, utm_source, utm_medium, utm_campaign)
  select visit, flow_version, step, type, offer, client_at, received_at, device, utm_source, utm_medium, utm_campaign
    from rows from (json_to_recordset($1::json) as (
      visit text, flow_version text, step text, type text, offer text, client_at bigint, received_at timestamptz,
      device text, utm_source text, utm_medium text, utm_campaign text)) with ordinality as r(
      visit, flow_version, step, type, offer, client_at, received_at, device, utm_source, utm_medium, utm_campaign, n)
   order by n`;

function rows({ batch, receivedAt }: Waiting) {
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
  }));
}

async function write(tx: Queryable, group: readonly Waiting[]): Promise<void> {
  await tx.query(INSERT_EVENTS, [JSON.stringify(group.flatMap(rows))]);
  const visits = [...new Set(group.map(({ batch }) => batch.visit))];
  const honeypot = [...new Set(group.filter(({ batch }) => batch.honeypot === true).map(({ batch }) => batch.visit))];
  await markBots(tx, visits, honeypot);
}

/** `now` stamps each batch's received_at as it arrives. */
export function createEventStore(db: Database, now: () => number): EventStore {
  const waiting: Waiting[] = [];
  let writing = false;

  function nextGroup(): Waiting[] {
    let events = 0;
    let count = 0;
    while (count < waiting.length && (count === 0 || events + waiting[count]!.batch.events.length <= MAX_EVENTS_PER_WRITE)) {
      events += waiting[count]!.batch.events.length;
      count++;
    }
    return waiting.splice(0, count);
  }

  async function drain(): Promise<void> {
    writing = true;
    while (waiting.length > 0) {
      const group = nextGroup();
      try {
        await db.transaction((tx) => write(tx, group));
        for (const { resolve } of group) resolve();
      } catch (error) {
        for (const { reject } of group) reject(error);
      }
    }
    writing = false;
  }

  return {
    store(batch) {
      return new Promise<void>((resolve, reject) => {
        waiting.push({ batch, receivedAt: new Date(now()).toISOString(), resolve, reject });
        if (!writing) void drain();
      });
    },
  };
}
