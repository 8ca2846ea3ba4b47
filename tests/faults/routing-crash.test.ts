/**
 * Routing through crashes, with the real server process on PGlite and (with DATABASE_URL) PostgreSQL. First: four buyers
 * in BUYERS_FILE (one that takes every lead up to a cap of 30 a day, one that refuses every lead, one that fails its
 * first requests with 503 and then takes California's leads, one that answers after 1.5 s and takes Texas's), 120
 * leads from California, Texas and New York, and the server SIGKILLed twice while leads go through the buyers, then
 * started again. Once every lead has a final state: none is lost, none went to two buyers or twice to one (a repeat
 * of the same message after a crash is the documented at-least-once repeat, counted apart), the capped buyer got
 * exactly its cap, and every lead ended where its state sends it. Then the auction: two bidding buyers (one refuses
 * every post) and a fixed price with a cap, the server killed while pings are out; every lead is sold once, to the
 * highest bid that took it, at the bid stored with it, and its post carries that price and ping id.
 */
import type { ServerResponse } from 'node:http';
import { describe, it } from 'vitest';
import { startBiddingBuyer, type BiddingBuyer } from '../server/buyers/ping/bidding-buyer.ts';
import { PROCESS_DATABASES } from '../support/delivery-databases.ts';
import { freePort } from '../support/server-process.ts';
import { startTestBuyer, type TestBuyer } from '../support/test-buyer.ts';
import { kill, runServer } from './support.ts';
import {
  ADMIN_SETTINGS,
  allFinal,
  signIn,
  submitCrowd,
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
    const { ids, submitted } = submitCrowd(port, crowd, AT_ONCE, deadline);
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

/** Leads of the auction run, and the elmsbrook's cap: its fixed price wins some leads until the cap is full. */
const AUCTION_LEADS = 60;
const FIXED_CAP = 10;
const FIXED_PRICE = 25;
/** Pings the bidders have seen, both together, when the server is killed: mid-auction, early and later. */
const KILL_AFTER_PINGS = [15, 70];
/** A bidder answers after this long: a kill lands while pings are out. */
const PING_DELAY_MS = 150;

/** A bid of 10 to 40 USD, from the ping's id: another ping of the same lead bids anew. */
function bidFor(pingId: string, offset: number): number {
  return 10 + (parseInt(pingId.slice(offset, offset + 2), 16) % 31);
}

/** Answers each ping, after PING_DELAY_MS, with its bid. */
function bidding(offset: number) {
  return (response: ServerResponse, _: unknown, body: Record<string, unknown>) => {
    const bid = bidFor(String(body.ping_id), offset);
    setTimeout(
      () => response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ bid })),
      PING_DELAY_MS,
    );
  };
}

describe.concurrent.each(PROCESS_DATABASES)('the auction through server crashes on $name', (kind) => {
  it('loses no lead, sells none twice, and sells each at the bid it was stored with', async (context) => {
    const { expect, onTestFinished, annotate } = context;
    const database = await kind.create();
    onTestFinished(() => database.remove());
    const taking = await startTestBuyer();
    const refusing = await startTestBuyer({
      script: () => ({ status: 422, body: { status: 'rejected', reason: 'not_buying' } }),
    });
    const fixed = await startTestBuyer();
    const pingsTaking: BiddingBuyer = await startBiddingBuyer(bidding(0));
    const pingsRefusing: BiddingBuyer = await startBiddingBuyer(bidding(2));
    for (const buyer of [taking, refusing, fixed, pingsTaking, pingsRefusing]) onTestFinished(() => buyer.close());
    const file = writeBuyersFile([
      // A server restarting under a backlog can be slow to read answers: the bids are waited for long enough that a
      // late answer, no bid, is never what this run sees.
      { lender: 'quillmont', endpoint: taking.url, priority: 1, pingEndpoint: pingsTaking.url, pingTimeoutMs: 5000 },
      { lender: 'vantorra', endpoint: refusing.url, priority: 2, pingEndpoint: pingsRefusing.url, pingTimeoutMs: 5000 },
      { lender: 'elmsbrook', endpoint: fixed.url, priority: 3, price: FIXED_PRICE, caps: { perDay: FIXED_CAP } },
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
    const pings = () => pingsTaking.received.length + pingsRefusing.received.length;

    const crowd = visitorsIn(['CA', 'TX', 'NY'], AUCTION_LEADS, `auction-${kind.name}`);
    const deadline = Date.now() + 240_000;
    const { ids, submitted } = submitCrowd(port, crowd, AT_ONCE, deadline);
    for (const count of KILL_AFTER_PINGS) {
      await until(() => pings() >= count, `${count} pings at the bidders`, deadline);
      await kill(server);
      server = await runServer(env);
    }
    await submitted;

    const cookie = await signIn(port);
    const byStatus = await allFinal(port, cookie, AUCTION_LEADS, deadline).catch(async (error: unknown) => {
      await kill(server, 'SIGTERM');
      const { db } = await database.open();
      try {
        throw new Error(`${(error as Error).message}\n${await unsettledLeads(db)}`);
      } finally {
        await db.close();
      }
    });
    expect(await kill(server, 'SIGTERM')).toBe(0);
    expect(byStatus.delivered).toBe(AUCTION_LEADS);

    const byBuyer = { quillmont: taking, vantorra: refusing, elmsbrook: fixed };
    const soldTo = new Map<string, string>();
    for (const [buyer, received] of Object.entries(byBuyer)) {
      for (const [email, messages] of taken(received).messageIds) {
        expect(messages.size, `${email} at ${buyer}`).toBe(1);
        expect(soldTo.get(email), `${email} sold to ${buyer} too`).toBeUndefined();
        soldTo.set(email, buyer);
      }
    }
    expect(soldTo.size).toBe(AUCTION_LEADS);

    const { db } = await database.open();
    try {
      const leads = await db.query<{ id: string; email: string; delivered_to: string; sold_price: string }>(
        `select id, payload->>'email' as email, delivered_to, sold_price::text from leads`,
      );
      expect(new Set(leads.rows.map((lead) => lead.id))).toEqual(new Set(ids));
      const stored = await db.query<{ lead_id: string; buyer_id: string; ping_id: string; bid: string }>(
        'select lead_id, buyer_id, ping_id, bid::text from lead_pings',
      );
      const routes = await db.query<{ lead_id: string; buyer_id: string; state: string; reason: string | null }>(
        'select lead_id, buyer_id, state, reason from lead_routes',
      );
      for (const lead of leads.rows) {
        const ping = (buyer: string) => stored.rows.find((row) => row.lead_id === lead.id && row.buyer_id === buyer);
        const [mine, theirs] = [ping('quillmont'), ping('vantorra')];
        // Every bidder's ping is stored, the bid it holds is what that ping asked for, and the lead was sold on it.
        expect(mine, lead.email).toBeDefined();
        expect(theirs, lead.email).toBeDefined();
        expect(Number(mine!.bid), lead.email).toBe(bidFor(mine!.ping_id, 0));
        expect(Number(theirs!.bid), lead.email).toBe(bidFor(theirs!.ping_id, 2));
        expect(lead.delivered_to, lead.email).toBe(soldTo.get(lead.email));
        const fixedStep = routes.rows.find((route) => route.lead_id === lead.id && route.buyer_id === 'elmsbrook');
        if (lead.delivered_to === 'quillmont') {
          expect(lead.sold_price, lead.email).toBe(mine!.bid);
          const post = taking.received.find((request) => request.body.email === lead.email && request.status === 200);
          expect(post!.body, lead.email).toMatchObject({ price: Number(mine!.bid), ping_id: mine!.ping_id });
          // Below the fixed price, it won only because the fixed price's cap was full.
          if (Number(mine!.bid) < FIXED_PRICE) {
            expect(fixedStep?.reason, lead.email).toBe(`its cap of ${FIXED_CAP} a day is reached`);
          }
        } else {
          expect(lead.delivered_to, lead.email).toBe('elmsbrook');
          expect(lead.sold_price, lead.email).toBe('25.00');
          expect(Number(mine!.bid), lead.email).toBeLessThan(FIXED_PRICE);
        }
        // A higher bid from the buyer that refuses every post was offered the lead first, and refused it.
        const theirStep = routes.rows.find((route) => route.lead_id === lead.id && route.buyer_id === 'vantorra');
        if (Number(theirs!.bid) > Math.max(Number(mine!.bid), lead.delivered_to === 'elmsbrook' ? FIXED_PRICE : 0)) {
          expect(theirStep?.state, lead.email).toBe('refused');
        }
      }
      // Pings are sent again only for leads whose auction a kill cut short before its pings were stored: at most the
      // leads a server routes at once (100 on PostgreSQL), per kill.
      const extra = pingsTaking.received.length - AUCTION_LEADS;
      await annotate(`pings sent again after the crashes: ${extra}`);
      expect(extra).toBeLessThanOrEqual(KILL_AFTER_PINGS.length * 100);
      expect(refusing.received.every((request) => request.status === 422)).toBe(true);
      const usage = await db.query<{ used: number }>(
        `select used from buyer_cap_usage where buyer_id = 'elmsbrook' and period = 'day'`,
      );
      const toFixed = leads.rows.filter((lead) => lead.delivered_to === 'elmsbrook').length;
      expect(usage.rows[0]?.used ?? 0).toBe(toFixed);
      expect(toFixed).toBeLessThanOrEqual(FIXED_CAP);
    } finally {
      await db.close();
    }
  });
});
