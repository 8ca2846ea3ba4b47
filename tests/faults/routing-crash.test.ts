/**
 * Routing through crashes, with the real server process on PGlite and (with DATABASE_URL) PostgreSQL: four buyers
 * in BUYERS_FILE (one that takes every lead up to a cap of 30 a day, one that refuses every lead, one that fails its
 * first requests with 503 and then takes California's leads, one that answers after 1.5 s and takes Texas's), 120
 * leads from California, Texas and New York, and the server SIGKILLed twice while leads go through the buyers, then
 * started again. Once every lead has a final state: none is lost, none went to two buyers or twice to one (a repeat
 * of the same message after a crash is the documented at-least-once repeat, counted apart), the capped buyer got
 * exactly its cap, and every lead ended where its state sends it.
 */
import { describe, it } from 'vitest';
import { PROCESS_DATABASES } from '../support/delivery-databases.ts';
import { freePort } from '../support/server-process.ts';
import { startTestBuyer, type TestBuyer } from '../support/test-buyer.ts';
import { kill, runServer, submitUntilAnswered } from './support.ts';
import {
  ADMIN_SETTINGS,
  allFinal,
  signIn,
  taken,
  until,
  unsettledLeads,
  visitorsIn,
  writeBuyersFile,
} from './routing-support.ts';

const LEADS = 120;
const CAP = 30;
/** Visitors sending at any one time. */
const AT_ONCE = 10;
/**
 * The flaky buyer's first requests that fail, each a lead's first: the lead's retry, 5 s later, is taken (the next
 * pause is five minutes, longer than the test).
 */
const FAIL_FIRST = 8;
const SLOW_MS = 1500;
/** Requests the buyers have seen, all together, when the server is killed: early in routing, then well into it. */
const KILL_AFTER_REQUESTS = [20, 90];

/** Requests the buyers have seen between them. */
const seen = (buyers: readonly TestBuyer[]) => buyers.reduce((sum, buyer) => sum + buyer.received.length, 0);

describe.concurrent.each(PROCESS_DATABASES)('routing through server crashes on $name', (kind) => {
  it('loses no lead, sells none twice, keeps the cap and gives every lead a final state', async (context) => {
    const { expect, onTestFinished, annotate } = context;
    const database = await kind.create();
    onTestFinished(() => database.remove());
    const capped = await startTestBuyer();
    const refusing = await startTestBuyer({
      script: () => ({ status: 422, body: { status: 'rejected', reason: 'not_buying' } }),
    });
    const flaky = await startTestBuyer({
      script: ({ index, earlier }) => ({ status: index < FAIL_FIRST && earlier === 0 ? 503 : 200 }),
    });
    const slow = await startTestBuyer({ script: () => ({ status: 200, delayMs: SLOW_MS }) });
    const buyers = [capped, refusing, flaky, slow];
    for (const buyer of buyers) onTestFinished(() => buyer.close());
    const file = writeBuyersFile([
      { lender: 'quillmont', endpoint: capped.url, priority: 1, caps: { perDay: CAP } },
      { lender: 'vantorra', endpoint: refusing.url, priority: 2 },
      { lender: 'elmsbrook', endpoint: flaky.url, priority: 3, filters: { states: ['CA'] } },
      { lender: 'corvane', endpoint: slow.url, priority: 4, filters: { states: ['TX'] } },
    ]);
    onTestFinished(file.remove);
    const port = await freePort();
    const env = {
      ...database.env,
      ...ADMIN_SETTINGS,
      PORT: String(port),
      BUYERS_FILE: file.path,
      RATE_LIMIT_LEADS_PER_IP: '0',
      BUYER_TIMEOUT_MS: '5000',
      BUYER_RECLAIM_SECONDS: '5',
    };
    let server = await runServer(env);
    onTestFinished(async () => void (await kill(server)));

    const crowd = visitorsIn(['CA', 'TX', 'NY'], LEADS, `routing-${kind.name}`);
    const deadline = Date.now() + 240_000;
    const ids: string[] = [];
    let next = 0;
    const submitted = Promise.all(
      Array.from({ length: AT_ONCE }, async () => {
        while (next < crowd.length) {
          const n = next++;
          const answer = await submitUntilAnswered(port, crowd[n]!, deadline);
          expect(answer.status, crowd[n]!.key).toBe(201);
          ids[n] = answer.body.id!;
        }
      }),
    );
    for (const count of KILL_AFTER_REQUESTS) {
      await until(() => seen(buyers) >= count, `${count} requests at the buyers`, deadline);
      await kill(server);
      server = await runServer(env);
    }
    await submitted;
    expect(new Set(ids).size).toBe(LEADS);

    const cookie = await signIn(port);
    const byStatus = await allFinal(port, cookie, LEADS, deadline).catch(async (error: unknown) => {
      // Say where the leads without a final state are stuck.
      await kill(server, 'SIGTERM');
      const { db } = await database.open();
      try {
        throw new Error(`${(error as Error).message}\n${await unsettledLeads(db)}`);
      } finally {
        await db.close();
      }
    });
    expect(await kill(server, 'SIGTERM')).toBe(0);

    // Each buyer's deliveries, by lead: one message id per lead, and no lead taken by two buyers.
    const idOf = new Map(crowd.map((visitor, n) => [String(visitor.lead.email), ids[n]!]));
    const byBuyer = {
      quillmont: taken(capped),
      vantorra: taken(refusing),
      elmsbrook: taken(flaky),
      corvane: taken(slow),
    };
    const soldTo = new Map<string, string>();
    for (const [buyer, { messageIds }] of Object.entries(byBuyer)) {
      for (const [email, messages] of messageIds) {
        expect(messages.size, `${email} at ${buyer}`).toBe(1);
        expect(soldTo.get(email), `${email} sold to ${buyer} too`).toBeUndefined();
        soldTo.set(email, buyer);
      }
    }
    const repeats = Object.values(byBuyer).reduce((sum, buyer) => sum + buyer.repeats, 0);
    await annotate(
      `at-least-once repeats after the crashes: ${repeats}; counts by status: ${JSON.stringify(byStatus)}`,
    );
    expect(byBuyer.quillmont.messageIds.size).toBe(CAP);
    expect(byBuyer.vantorra.messageIds.size).toBe(0);

    const { db } = await database.open();
    try {
      const leads = await db.query<{
        id: string;
        email: string;
        state: string;
        delivered_to: string | null;
        delivered: boolean;
        delivery_state: string | null;
        held: string | null;
      }>(
        `select id, payload->>'email' as email, payload->>'state' as state, delivered_to,
                delivered_at is not null as delivered, delivery_state, held
           from leads`,
      );
      // No lead lost: every 201 is a lead, and nothing else is.
      expect(new Set(leads.rows.map((lead) => lead.id))).toEqual(new Set(ids));
      for (const lead of leads.rows) {
        const buyer = soldTo.get(lead.email);
        expect(lead.id, lead.email).toBe(idOf.get(lead.email));
        expect(lead.held, lead.email).toBeNull();
        // Where the lead's state sends it: the capped buyer while it has room, then the state's own buyer.
        if (buyer === undefined) {
          expect([lead.state, lead.delivered, lead.delivery_state], lead.email).toEqual(['NY', false, 'unsold']);
        } else {
          expect(lead.delivered, lead.email).toBe(true);
          expect(lead.delivered_to, lead.email).toBe(buyer);
          const own = { CA: 'elmsbrook', TX: 'corvane', NY: 'quillmont' }[lead.state];
          expect(['quillmont', own], lead.email).toContain(buyer);
        }
      }

      const routes = await db.query<{ lead_id: string; buyer_id: string; state: string }>(
        'select lead_id, buyer_id, state from lead_routes',
      );
      // The database's deliveries to each buyer are exactly the leads the buyer took, once each.
      for (const [buyer, { messageIds }] of Object.entries(byBuyer)) {
        const recorded = routes.rows.filter((route) => route.buyer_id === buyer && route.state === 'delivered');
        expect(new Set(recorded.map((route) => route.lead_id)), buyer).toEqual(
          new Set([...messageIds.keys()].map((email) => idOf.get(email))),
        );
        expect(recorded).toHaveLength(messageIds.size);
      }
      // Every lead the capped buyer did not take was offered to the refusing buyer, and refused.
      const refused = routes.rows.filter((route) => route.buyer_id === 'vantorra');
      expect(refused).toHaveLength(LEADS - CAP);
      expect(refused.every((route) => route.state === 'refused')).toBe(true);
      expect(routes.rows.filter((route) => route.state === 'sending' || route.state === 'failed')).toEqual([]);

      const usage = await db.query<{ used: number }>(
        `select used from buyer_cap_usage where buyer_id = 'quillmont' and period = 'day'`,
      );
      expect(usage.rows).toEqual([{ used: CAP }]);
    } finally {
      await db.close();
    }
  });
});
