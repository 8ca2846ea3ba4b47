/**
 * Retention on PGlite and (with DATABASE_URL) PostgreSQL: leads older than LEAD_RETENTION_DAYS lose their personal
 * data (undelivered ones not before their delivery window ends), consent evidence goes after five years and keeps
 * the phone number and email it was given for until then, funnel events go after FUNNEL_EVENT_RETENTION_DAYS with
 * the bot marks of their visits and the funnel's rollups of their days, and the daily job is registered and purges at start.
 */
import { randomUUID } from 'node:crypto';
import { PgBoss } from 'pg-boss';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import type { Database } from '../../../server/platform/db/index.ts';
import { rebuildRollups } from '../../../server/funnel/index.ts';
import { bossOptions } from '../../../server/buyers/delivery/lead-delivery.ts';
import type { BuyerClient } from '../../../server/buyers/delivery/buyer-client.ts';
import type { DeliveryLog } from '../../../server/buyers/delivery/delivery-log.ts';
import { routeLead } from '../../../server/buyers/routing/route-lead.ts';
import {
  CONSENT_RETENTION_YEARS,
  FUNNEL_EVENT_RETENTION_DAYS,
  purgeExpired,
  UNDELIVERED_KEPT_DAYS,
} from '../../../server/retention/purge.ts';
import { createRetentionJob, RETENTION_CRON, RETENTION_QUEUE } from '../../../server/retention/retention-job.ts';
import { validLead } from '../../support/lead-fixture.ts';
import { buyerRules, openDatabase } from '../../support/delivery-setup.ts';
import { DATABASES } from '../../support/server-harness.ts';

const RETENTION_DAYS = 30;
const PERSONAL = /maria|rivera|3105550147|wilshire|bakery/i;
const WAIT = { timeout: 20_000, interval: 100 };

interface Age {
  years?: number;
  days?: number;
  hours?: number;
}

/** The retention job on `setup`'s database, started (so purging once) and stopped when the test ends; its log lines. */
async function startRetentionJob(
  setup: Awaited<ReturnType<typeof openDatabase>>,
  options: { pollingIntervalSeconds?: number } = {},
) {
  const { log, lines } = captureLog();
  const job = createRetentionJob({
    db: setup.db,
    connection: setup.connection,
    schema: setup.bossSchema,
    leadRetentionDays: RETENTION_DAYS,
    ...options,
  });
  onTestFinished(() => job.stop());
  await job.start(log);
  return lines;
}

/** A lead received `age` ago, with its consent evidence, as intake stores them. */
async function storeLead(db: Database, age: Age, options: { delivered: boolean }): Promise<string> {
  const id = randomUUID();
  await db.transaction(async (tx) => {
    await tx.query(
      `insert into leads (id, received_at, flow, flow_version, payload, delivered_at, contact_sha256, request_sha256)
         select $1, at, 'business-funding', 'v1', $2, case when $6 then at + interval '1 minute' end, $7, $7
           from (select now() - make_interval(years => $3, days => $4, hours => $5) as at) as received`,
      [id, JSON.stringify(validLead()), age.years ?? 0, age.days ?? 0, age.hours ?? 0, options.delivered, HASH],
    );
    await tx.query(
      `insert into consent_evidence (lead_id, consent_version, consent_text, consent_sha256, consented_at, ip)
         select id, 'v1', 'I agree to be called.', $2, received_at, '198.51.100.23' from leads where id = $1`,
      [id, 'a'.repeat(64)],
    );
  });
  return id;
}

/** Ages just over and just under a number of days: an hour either side. */
const over = (days: number): Age => ({ days, hours: 1 });
const under = (days: number): Age => ({ days, hours: -1 });

/** The digests intake keeps of a lead's contact and request, which a purge erases with the payload. */
const HASH = 'c'.repeat(64);

interface LeadRow {
  payload: Record<string, unknown>;
  purged_at: Date | null;
  digests: boolean;
}

async function leadOf(db: Database, id: string): Promise<LeadRow | undefined> {
  const { rows } = await db.query<LeadRow>(
    `select payload, purged_at, (contact_sha256 is not null or request_sha256 is not null) as digests
       from leads where id = $1`,
    [id],
  );
  return rows[0];
}

interface EvidenceRow {
  phone: string | null;
  email: string | null;
  consent_text: string;
}

async function evidenceOf(db: Database, id: string): Promise<EvidenceRow | undefined> {
  const { rows } = await db.query<EvidenceRow>(
    'select phone, email, consent_text from consent_evidence where lead_id = $1',
    [id],
  );
  return rows[0];
}

interface LogLine {
  fields: Record<string, unknown>;
  message: string;
}

function captureLog(): { log: DeliveryLog; lines: LogLine[] } {
  const lines: LogLine[] = [];
  const at = (fields: Record<string, unknown>, message: string) => void lines.push({ fields, message });
  return { log: { info: at, warn: at, error: at }, lines };
}

describe.each(DATABASES)('retention on $name', (kind) => {
  it('erases the personal data of leads older than LEAD_RETENTION_DAYS and keeps younger ones', async () => {
    const { db } = await openDatabase(kind);
    const old = await storeLead(db, over(RETENTION_DAYS), { delivered: true });
    const young = await storeLead(db, under(RETENTION_DAYS), { delivered: true });

    expect(await purgeExpired(db, RETENTION_DAYS)).toEqual({ leadsPurged: 1, evidenceDeleted: 0, eventsDeleted: 0 });

    expect(await leadOf(db, old)).toEqual({ payload: {}, purged_at: expect.any(Date), digests: false });
    expect(await leadOf(db, young)).toEqual({ payload: validLead(), purged_at: null, digests: true });
    // The evidence stays, and now says whose consent it was.
    expect(await evidenceOf(db, old)).toEqual({
      phone: '3105550147',
      email: 'maria.rivera@example.com',
      consent_text: 'I agree to be called.',
    });
    expect(await evidenceOf(db, young)).toMatchObject({ phone: null, email: null });
    // Nothing else of the lead is left anywhere in its row or its evidence.
    const { rows } = await db.query(
      'select l.*, c.* from leads l join consent_evidence c on c.lead_id = l.id where l.id = $1',
      [old],
    );
    expect(JSON.stringify(rows).replace('3105550147', '').replace('maria.rivera@example.com', '')).not.toMatch(
      PERSONAL,
    );

    // A second run finds nothing more to do.
    expect(await purgeExpired(db, RETENTION_DAYS)).toEqual({ leadsPurged: 0, evidenceDeleted: 0, eventsDeleted: 0 });
  });

  it('keeps an undelivered lead until its delivery window has ended', async () => {
    const { db } = await openDatabase(kind);
    const retrying = await storeLead(db, over(RETENTION_DAYS), { delivered: false });
    const givenUp = await storeLead(db, over(UNDELIVERED_KEPT_DAYS), { delivered: false });

    expect(await purgeExpired(db, RETENTION_DAYS)).toEqual({ leadsPurged: 1, evidenceDeleted: 0, eventsDeleted: 0 });
    expect((await leadOf(db, retrying))?.purged_at).toBeNull();
    expect((await leadOf(db, givenUp))?.payload).toEqual({});
  });

  it('deletes consent evidence older than five years and keeps younger evidence', async () => {
    const { db } = await openDatabase(kind);
    const expired = await storeLead(db, { years: CONSENT_RETENTION_YEARS, days: 1 }, { delivered: true });
    const kept = await storeLead(db, { years: CONSENT_RETENTION_YEARS, days: -1 }, { delivered: true });

    expect(await purgeExpired(db, RETENTION_DAYS)).toEqual({ leadsPurged: 2, evidenceDeleted: 1, eventsDeleted: 0 });
    expect(await evidenceOf(db, expired)).toBeUndefined();
    expect(await evidenceOf(db, kept)).toMatchObject({ phone: '3105550147', email: 'maria.rivera@example.com' });
    // The emptied lead row stays: its delivery history counts, and it holds nothing personal.
    expect(await leadOf(db, expired)).toEqual({ payload: {}, purged_at: expect.any(Date), digests: false });
  });

  it('deletes funnel events older than FUNNEL_EVENT_RETENTION_DAYS, a bot mark with the last of its events, and the funnel of their days', async () => {
    const { db } = await openDatabase(kind);
    const event = (visit: string, days: number) =>
      db.query(
        `insert into funnel_events (visit, flow_version, step, type, client_at, received_at, device)
         values ($1, 'v1', 'start', 'view', 1, now() - make_interval(days => $2), 'phone')`,
        [visit, days],
      );
    const mark = (visit: string, days: number) =>
      db.query(
        `insert into funnel_bot_visits (visit, reason, marked_at) values ($1, 'rate', now() - make_interval(days => $2))`,
        [visit, days],
      );
    await event('old-bot-visit-0000', FUNNEL_EVENT_RETENTION_DAYS + 1);
    await mark('old-bot-visit-0000', FUNNEL_EVENT_RETENTION_DAYS + 1);
    // A bot marked long ago whose last events are younger keeps its mark while they stay.
    await event('long-bot-visit-000', FUNNEL_EVENT_RETENTION_DAYS + 1);
    await event('long-bot-visit-000', FUNNEL_EVENT_RETENTION_DAYS - 1);
    await mark('long-bot-visit-000', FUNNEL_EVENT_RETENTION_DAYS + 1);
    await event('young-visit-000000', FUNNEL_EVENT_RETENTION_DAYS - 1);
    await event('old-visit-00000000', FUNNEL_EVENT_RETENTION_DAYS + 1);
    await rebuildRollups(db);

    expect(await purgeExpired(db, RETENTION_DAYS)).toEqual({ leadsPurged: 0, evidenceDeleted: 0, eventsDeleted: 3 });
    const events = await db.query<{ visit: string }>('select visit from funnel_events order by visit');
    expect(events.rows.map((row) => row.visit)).toEqual(['long-bot-visit-000', 'young-visit-000000']);
    const marks = await db.query<{ visit: string }>('select visit from funnel_bot_visits');
    expect(marks.rows.map((row) => row.visit)).toEqual(['long-bot-visit-000']);
    // The funnel keeps the young visit's day, and nothing of the old one's.
    const visits = await db.query<{ visit: string }>('select visit from funnel_visits');
    expect(visits.rows.map((row) => row.visit)).toEqual(['young-visit-000000']);
    const visitors = await db.query<{ n: number }>(
      "select sum(visitors)::int as n from funnel_rollups where grain = 'all' and step = ''",
    );
    expect(visitors.rows[0]?.n).toBe(1);
  });

  it('registers the daily schedule and purges at start, logging counts only', async () => {
    const setup = await openDatabase(kind);
    const old = await storeLead(setup.db, over(RETENTION_DAYS), { delivered: true });
    const lines = await startRetentionJob(setup);

    expect((await leadOf(setup.db, old))?.payload).toEqual({});
    expect(lines).toEqual([
      {
        fields: { leadsPurged: 1, evidenceDeleted: 0, eventsDeleted: 0, leadRetentionDays: RETENTION_DAYS },
        message: 'retention purge done',
      },
    ]);
    const { rows } = await setup.db.query<{ name: string; cron: string; timezone: string }>(
      `select name, cron, timezone from ${setup.bossSchema}.schedule`,
    );
    expect(rows).toEqual([{ name: RETENTION_QUEUE, cron: RETENTION_CRON, timezone: 'UTC' }]);
  }, 30_000);

  it('purges again whenever the schedule sends its job', async () => {
    const setup = await openDatabase(kind);
    const lines = await startRetentionJob(setup, { pollingIntervalSeconds: 0.5 });
    const old = await storeLead(setup.db, over(RETENTION_DAYS), { delivered: true });

    // What pg-boss's schedule does once a day, from whichever server's clock comes first.
    const scheduler = new PgBoss(bossOptions(setup.connection, setup.bossSchema));
    onTestFinished(() => scheduler.stop());
    await scheduler.start();
    await scheduler.send(RETENTION_QUEUE);

    await vi.waitFor(async () => expect((await leadOf(setup.db, old))?.payload).toEqual({}), WAIT);
    await vi.waitFor(() => expect(lines).toHaveLength(2), WAIT);
    expect(lines.map((line) => line.fields.leadsPurged)).toEqual([0, 1]);
  }, 30_000);
});

describe('a purged lead', () => {
  it('is never delivered, even when a job for it is worked', async () => {
    const [pglite] = DATABASES;
    const { db } = await openDatabase(pglite!);
    const id = await storeLead(db, over(UNDELIVERED_KEPT_DAYS), { delivered: false });
    await purgeExpired(db, RETENTION_DAYS);
    const handedOver: string[] = [];
    const buyer: BuyerClient = {
      async handOver({ messageId }) {
        handedOver.push(messageId);
        return { outcome: 'delivered', httpStatus: 200 };
      },
      sendEvent: () => Promise.reject(new Error('this test sends no events')),
    };
    const { log, lines } = captureLog();

    const job = {
      data: { leadId: id },
      deferNext: () => Promise.reject(new Error('a purged lead has no next attempt')),
      end: () => Promise.reject(new Error('a purged lead has no job to end')),
    };
    await routeLead({ db, buyers: [{ ...buyerRules(), client: buyer }], log }, job);

    expect(handedOver).toEqual([]);
    expect(lines).toEqual([
      {
        fields: { leadId: id },
        message: 'lead delivery: retention has erased the lead (LEAD_RETENTION_DAYS); nothing to deliver',
      },
    ]);
  });
});
