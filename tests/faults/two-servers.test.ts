/**
 * Several servers, one PostgreSQL: two server processes start together on one new database (migrations apply once)
 * and take 1,000 leads between them; their delivery workers share one queue, and the lender gets each lead exactly
 * once.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { startTestLender } from '../support/test-lender.ts';
import { freePort } from '../support/server-process.ts';
import { PROCESS_DATABASES } from '../support/delivery-databases.ts';
import { acceptedAll, acceptedIds, kill, runServer, submitUntilAnswered, visitors } from './support.ts';

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
    const lender = await startTestLender();
    cleanups.push(() => lender.close());
    const ports = [await freePort(), await freePort()];
    const servers = await Promise.all(
      ports.map((port) =>
        runServer({ ...store.env, ...ONE_ADDRESS, PORT: String(port), LEAD_FORWARD_URL: lender.url }),
      ),
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

    await acceptedAll(lender, new Set(ids), 240_000);
    for (const server of servers) expect(await kill(server, 'SIGTERM')).toBe(0);
    const accepted = acceptedIds(lender);
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
});
