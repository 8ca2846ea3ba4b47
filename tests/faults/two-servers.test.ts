/**
 * Several servers, one PostgreSQL: two server processes start together on one new database (migrations apply once)
 * and take 1,000 leads between them; their delivery workers share one queue, and the buyer gets each lead exactly
 * once. And a buyer's cap holds across them: 200 leads at once, split over two servers, and a buyer capped at 50 a
 * day gets exactly 50, the rest going to the buyer after it.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { startTestBuyer } from '../support/test-buyer.ts';
import { freePort } from '../support/server-process.ts';
import { PROCESS_DATABASES } from '../support/delivery-databases.ts';
import { acceptedAll, acceptedIds, kill, runServer, submitUntilAnswered, visitors } from './support.ts';
import { taken, until, writeBuyersFile } from './routing-support.ts';

const LEADS = 1000;
/** Visitors sending at any one time, across both servers. */
const AT_ONCE = 50;
/** The whole crowd comes from this one address: the per-address limit is for the internet, not this test. */
const ONE_ADDRESS = { RATE_LIMIT_LEADS_PER_IP: '0' };

const postgres = PROCESS_DATABASES.find((kind) => kind.name === 'PostgreSQL');

describe.skipIf(postgres === undefined)('two servers on one PostgreSQL (DATABASE_URL)', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('store and deliver 1,000 leads sent to either, each exactly once', async () => {
    const store = await postgres!.create();
    cleanups.push(() => store.remove());
    const buyer = await startTestBuyer();
    cleanups.push(() => buyer.close());
    const ports = [await freePort(), await freePort()];
    const servers = await Promise.all(
      ports.map((port) => runServer({ ...store.env, ...ONE_ADDRESS, PORT: String(port), BUYER_URL: buyer.url })),
    );
    for (const server of servers) cleanups.push(() => kill(server));

    const crowd = visitors(LEADS, 'two-servers');
    const deadline = Date.now() + 240_000;
    const ids: string[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: AT_ONCE }, async () => {
        while (next < crowd.length) {
          const n = next++;
          const answer = await submitUntilAnswered(ports[n % 2]!, crowd[n]!, deadline);
          expect(answer.status, crowd[n]!.key).toBe(201);
          ids[n] = answer.body.id!;
        }
      }),
    );
    expect(new Set(ids).size).toBe(LEADS);

    await acceptedAll(buyer, new Set(ids), 240_000);
    for (const server of servers) expect(await kill(server, 'SIGTERM')).toBe(0);
    const accepted = acceptedIds(buyer);
    expect(accepted).toHaveLength(LEADS);
    expect(new Set(accepted)).toEqual(new Set(ids));

    const { db } = await store.open();
    try {
      const { rows } = await db.query<{ leads: number; delivered: number; deliveries: number }>(
        `select (select count(*) from leads) as leads,
                (select count(*) from leads where delivered_at is not null) as delivered,
                (select count(*) from delivery_attempts where outcome = 'delivered') as deliveries`,
      );
      expect(rows[0]).toEqual({ leads: LEADS, delivered: LEADS, deliveries: LEADS });
    } finally {
      await db.close();
    }
  });

  it("keep a buyer's daily cap of 50 between them when 200 leads arrive at once", async () => {
    const CAP = 50;
    const SIMULTANEOUS = 200;
    const store = await postgres!.create();
    cleanups.push(() => store.remove());
    const capped = await startTestBuyer();
    const fallback = await startTestBuyer();
    cleanups.push(
      () => capped.close(),
      () => fallback.close(),
    );
    const file = writeBuyersFile([
      { lender: 'quillmont', endpoint: capped.url, priority: 1, caps: { perDay: CAP } },
      { lender: 'vantorra', endpoint: fallback.url, priority: 2 },
    ]);
    cleanups.push(async () => file.remove());
    const ports = [await freePort(), await freePort()];
    const servers = await Promise.all(
      ports.map((port) => runServer({ ...store.env, ...ONE_ADDRESS, PORT: String(port), BUYERS_FILE: file.path })),
    );
    for (const server of servers) cleanups.push(() => kill(server));

    const crowd = visitors(SIMULTANEOUS, 'cap');
    const deadline = Date.now() + 240_000;
    const answers = await Promise.all(crowd.map((visitor, n) => submitUntilAnswered(ports[n % 2]!, visitor, deadline)));
    expect(answers.map((answer) => answer.status)).toEqual(crowd.map(() => 201));

    // Every lead reaches one of the two buyers.
    const sold = () => taken(capped).messageIds.size + taken(fallback).messageIds.size;
    await until(() => sold() >= SIMULTANEOUS, `${SIMULTANEOUS} leads sold`, deadline);
    for (const server of servers) expect(await kill(server, 'SIGTERM')).toBe(0);

    const first = taken(capped);
    const second = taken(fallback);
    expect(first.messageIds.size).toBe(CAP);
    expect(second.messageIds.size).toBe(SIMULTANEOUS - CAP);
    const emails = [...first.messageIds.keys(), ...second.messageIds.keys()];
    expect(new Set(emails)).toEqual(new Set(crowd.map((visitor) => visitor.lead.email)));
    for (const messages of [...first.messageIds.values(), ...second.messageIds.values()]) expect(messages.size).toBe(1);

    const { db } = await store.open();
    try {
      const { rows } = await db.query<{ buyer: string; leads: number }>(
        `select delivered_to as buyer, count(*)::int as leads from leads group by 1 order by 1`,
      );
      expect(rows).toEqual([
        { buyer: 'quillmont', leads: CAP },
        { buyer: 'vantorra', leads: SIMULTANEOUS - CAP },
      ]);
      const usage = await db.query(`select used from buyer_cap_usage where buyer_id = 'quillmont' and period = 'day'`);
      expect(usage.rows).toEqual([{ used: CAP }]);
    } finally {
      await db.close();
    }
  });
});
