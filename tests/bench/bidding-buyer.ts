/**
 * Bidding buyers in the bench's process, one node:http server standing for all of them, a path each: a ping to
 * `/<lender>/ping` is answered `{"bid": <USD>}` after a delay of 0 to MAX_PING_DELAY_MS, and a post to
 * `/<lender>/leads` is answered 200 at once, noting when the lead arrived (by its email), at which buyer, and the
 * `price` and `ping_id` it came with, on the clock the lead sender notes each 201 on (`performance.now()`).
 *
 * A buyer's bid and delay for a lead are drawn from the seed, the buyer and the lead's number (auction-leads.ts): the
 * winners vary from lead to lead, and the same lead meets the same bids on every run, so runs compare.
 */
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as wait } from 'node:timers/promises';
import { auctionLeadNumber } from './auction-leads.ts';
import { settleArrivals } from './recording-buyer.ts';

/** The longest a buyer takes to answer a ping. */
export const MAX_PING_DELAY_MS = 200;
/** Bids are whole cents from MIN_BID to MAX_BID USD. */
export const MIN_BID = 5;
export const MAX_BID = 80;
/** A ping or a lead is a few KB; anything longer is not read. */
const MAX_BODY_BYTES = 64 * 1024;

export interface Draw {
  /** USD, whole cents. */
  bid: number;
  delayMs: number;
}

/** The bid and answering delay of `buyer` for lead `n` under `seed`: the same on every run. */
export function drawBid(seed: string, buyer: string, n: number): Draw {
  const hash = createHash('sha256').update(`${seed}\n${buyer}\n${n}`).digest();
  const span = (MAX_BID - MIN_BID) * 100 + 1;
  return {
    bid: (MIN_BID * 100 + (hash.readUInt32BE(0) % span)) / 100,
    delayMs: hash.readUInt32BE(4) % (MAX_PING_DELAY_MS + 1),
  };
}

/** A ping a buyer answered with a bid. */
export interface AnsweredPing {
  buyer: string;
  /** The lead's number. */
  n: number;
  bid: number;
}

/** A lead's first post to a buyer. */
export interface Arrival {
  /** When it arrived (`performance.now()`). */
  at: number;
  buyer: string;
  /** The lead's number; undefined when its revenue names none of the bench's leads. */
  n: number | undefined;
  /** The post's `price` and `ping_id`, as sent: absent when the lead was not sold on a bid. */
  price: unknown;
  pingId: unknown;
}

export interface BiddingBuyers {
  /** The buyers' lenders, in their priority order. */
  lenders: readonly string[];
  /** Where `lender` is posted leads (its `endpoint`) and asked for bids (its `pingEndpoint`). */
  endpoints(lender: string): { endpoint: string; pingEndpoint: string };
  /** Every ping answered with a bid, by its `ping_id`. */
  pings: ReadonlyMap<string, AnsweredPing>;
  /** The bids answered for each lead, by its number: buyer -> bid. */
  bids: ReadonlyMap<number, ReadonlyMap<string, number>>;
  /** When the first ping for each lead arrived (`performance.now()`), by its number. */
  firstPings: ReadonlyMap<number, number>;
  /** Each lead's first post, by its email. */
  arrivals: ReadonlyMap<string, Arrival>;
  /** Posts of a lead a buyer already had: at-least-once repeats. */
  repeats(): number;
  /** Leads posted to a second buyer after one took them: sold twice. */
  soldTwice(): number;
  /**
   * Resolves once every one of `emails` has arrived, or when none arrived for `stallMs`, or at `deadline`
   * (`performance.now()`): the bench measures what arrived and counts the rest as not delivered.
   */
  settle(emails: readonly string[], stallMs: number, deadline: number): Promise<void>;
  close(): Promise<void>;
}

/** The JSON body of a request, or undefined when it is not a JSON object or too long. */
async function jsonBody(request: IncomingMessage): Promise<Record<string, unknown> | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) return undefined;
    chunks.push(chunk);
  }
  try {
    const parsed: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

function answer(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

export async function startBiddingBuyers(lenders: readonly string[], seed: string): Promise<BiddingBuyers> {
  const pings = new Map<string, AnsweredPing>();
  const bids = new Map<number, Map<string, number>>();
  const firstPings = new Map<number, number>();
  const arrivals = new Map<string, Arrival>();
  /** Which buyers each lead reached, by email. */
  const reached = new Map<string, Set<string>>();
  let repeats = 0;
  let soldTwice = 0;
  let lastArrival = performance.now();

  const onPing = async (buyer: string, body: Record<string, unknown>, response: ServerResponse) => {
    const n = auctionLeadNumber(body.average_monthly_revenue);
    const pingId = body.ping_id;
    if (n === undefined || typeof pingId !== 'string') return answer(response, 200, { bid: null });
    if (!firstPings.has(n)) firstPings.set(n, performance.now());
    const { bid, delayMs } = drawBid(seed, buyer, n);
    await wait(delayMs);
    pings.set(pingId, { buyer, n, bid });
    const ofLead = bids.get(n) ?? new Map<string, number>();
    ofLead.set(buyer, bid);
    bids.set(n, ofLead);
    answer(response, 200, { bid });
  };

  const onPost = (buyer: string, body: Record<string, unknown>, response: ServerResponse) => {
    const email = String(body.email);
    const at = performance.now();
    const buyers = reached.get(email) ?? new Set<string>();
    if (buyers.has(buyer)) repeats++;
    else if (buyers.size > 0) soldTwice++;
    buyers.add(buyer);
    reached.set(email, buyers);
    if (!arrivals.has(email)) {
      const n = auctionLeadNumber(body.average_monthly_revenue);
      arrivals.set(email, { at, buyer, n, price: body.price, pingId: body.ping_id });
    }
    lastArrival = at;
    answer(response, 200, { ok: true });
  };

  const server = createServer((request, response) => {
    const [, buyer, kind] = /^\/([^/]+)\/(ping|leads)$/.exec(request.url ?? '') ?? [];
    if (request.method !== 'POST' || buyer === undefined || !lenders.includes(buyer)) {
      request.resume();
      return answer(response, 404, { error: 'no such buyer' });
    }
    void jsonBody(request).then((body) => {
      if (body === undefined) return answer(response, 400, { error: 'not a JSON object' });
      if (kind === 'ping') return onPing(buyer, body, response);
      return onPost(buyer, body, response);
    });
  });
  // The server keeps its connections to the buyers open between requests, as to any buyer.
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;

  return {
    lenders,
    endpoints: (lender) => ({ endpoint: `${origin}/${lender}/leads`, pingEndpoint: `${origin}/${lender}/ping` }),
    pings,
    bids,
    firstPings,
    arrivals,
    repeats: () => repeats,
    soldTwice: () => soldTwice,
    settle: (emails, stallMs, deadline) => settleArrivals(arrivals, () => lastArrival, emails, stallMs, deadline),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
