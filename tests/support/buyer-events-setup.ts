/**
 * What the buyer-event and return tests share: leads as routing leaves them (a route per buyer, some delivered),
 * pg-boss with the buyer-events queue and worker on the test's database, and reads of the events and their jobs.
 */
import { randomUUID } from 'node:crypto';
import { onTestFinished } from 'vitest';
import { PgBoss } from 'pg-boss';
import type { Database } from '../../server/platform/db/types.ts';
import { bossOptions } from '../../server/buyers/delivery/lead-delivery.ts';
import type { BuyerEventQueue, BuyerEventSender } from '../../server/buyers/events/buyer-events.ts';
import {
  BUYER_EVENTS_QUEUE,
  buyerEventQueue,
  startBuyerEvents,
} from '../../server/buyers/events/buyer-events-queue.ts';
import { captureLog, type Setup } from './delivery-setup.ts';
import type { DeliveryLog } from '../../server/buyers/delivery/delivery-log.ts';

export type RouteState = 'skipped' | 'sending' | 'delivered' | 'refused' | 'failed';

export interface SeededRoute {
  buyerId: string;
  state: RouteState;
  /** Default: now, for a delivered route. */
  deliveredAt?: Date;
}

/** A lead with its path through the buyers, in order; delivered when one of the routes is. */
export async function seedRoutedLead(
  db: Database,
  payload: Record<string, unknown>,
  routes: readonly SeededRoute[],
): Promise<string> {
  const id = randomUUID();
  const delivered = routes.find((route) => route.state === 'delivered');
  const deliveredAt = delivered === undefined ? null : (delivered.deliveredAt ?? new Date());
  await db.query(
    `insert into leads (id, flow, flow_version, payload, delivered_at, delivered_to)
     values ($1, 'business-funding', 'v1', $2, $3, $4)`,
    [id, JSON.stringify(payload), deliveredAt, delivered?.buyerId ?? null],
  );
  for (const [index, route] of routes.entries()) {
    const at = route.state === 'delivered' ? (route.deliveredAt ?? deliveredAt) : null;
    await db.query(
      `insert into lead_routes (lead_id, buyer_id, position, state, decided_at, delivered_at)
       values ($1, $2, $3, $4, now(), $5)`,
      [id, route.buyerId, index + 1, route.state, at],
    );
  }
  return id;
}

export interface BuyerEventsRunning {
  boss: PgBoss;
  queue: BuyerEventQueue;
}

/**
 * pg-boss on the setup's database with the buyer-events queue, and its worker when there are senders; stopped when
 * the test ends, before the database closes.
 */
export async function startBuyerEventsOn(
  setup: Setup,
  senders: ReadonlyMap<string, BuyerEventSender>,
  log: DeliveryLog = captureLog().log,
): Promise<BuyerEventsRunning> {
  const boss = new PgBoss(bossOptions(setup.connection, setup.bossSchema));
  boss.on('error', () => undefined);
  onTestFinished(() => boss.stop({ graceful: true, timeout: 5_000 }));
  await boss.start();
  await startBuyerEvents(boss, { db: setup.db, senders, log }, { pollingIntervalSeconds: 0.5 });
  return { boss, queue: buyerEventQueue(boss) };
}

export interface EventRow {
  id: string;
  lead_id: string;
  buyer_id: string;
  type: string;
  cause: string;
  attempts: number;
  last_error: string | null;
  delivered_at: Date | null;
}

export async function eventsOf(db: Database): Promise<EventRow[]> {
  const { rows } = await db.query<EventRow>(
    `select id, lead_id, buyer_id, type, cause, attempts, last_error, delivered_at from buyer_events
      order by lead_id, buyer_id`,
  );
  return rows;
}

/** The states of the buyer-events jobs of an event, oldest first. */
export async function eventJobStates(setup: Setup, eventId: string): Promise<string[]> {
  const { rows } = await setup.db.query<{ state: string }>(
    `select state from ${setup.bossSchema}.job where name = $1 and data->>'eventId' = $2 order by created_on`,
    [BUYER_EVENTS_QUEUE, eventId],
  );
  return rows.map((row) => row.state);
}

/** The event ids of every buyer-events job queued so far, oldest first. */
export async function queuedEventIds(setup: Setup): Promise<string[]> {
  const { rows } = await setup.db.query<{ event_id: string }>(
    `select data->>'eventId' as event_id from ${setup.bossSchema}.job where name = $1 order by created_on`,
    [BUYER_EVENTS_QUEUE],
  );
  return rows.map((row) => row.event_id);
}
