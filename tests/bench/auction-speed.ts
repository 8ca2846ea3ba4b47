/**
 * The auction's speed: how soon a lead answered 201 reaches the buyer that won it, with four bidding buyers each
 * answering its ping within MAX_PING_DELAY_MS, at AUCTION_PER_SECOND leads a second; and whether intake keeps
 * answering as fast meanwhile (a ping never blocks intake). One fresh server per database, its BUYERS_FILE the four
 * bidding buyers of bidding-buyer.ts, in the bench's process. Every lead that arrived is checked against the bids: it
 * must have gone to the highest bid (ties go by priority, at the same price), its post carrying that bid as `price`
 * and the winning ping's `ping_id`. A lead that never arrives counts as an infinite latency, so a percentile it
 * reaches reads "not delivered".
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { LENDERS_CONTENT_FILE, readLenders } from '../../server/intake/index.ts';
import { CONNECTIONS } from './api.ts';
import { sendAuctionLeads, type SentAuctionLead } from './auction-leads.ts';
import { MAX_PING_DELAY_MS, startBiddingBuyers, type BiddingBuyers } from './bidding-buyer.ts';
import { onBothDatabases } from './postgres.ts';
import { say, startProjectServer, tempDir } from './processes.ts';
import { max, median, percentile } from './stats.ts';

export const AUCTION_PER_SECOND = 50;
/**
 * The measured period. Before it, AUCTION_WARMUP_SECONDS of leads at the same rate warm the server up, and are
 * delivered, unmeasured, before it starts: the measured leads meet no queue the warm-up left.
 */
export const AUCTION_SECONDS = 60;
export const AUCTION_WARMUP_SECONDS = 5;
export const AUCTION_BIDDERS = 4;
/** Bids and delays are drawn from this: change it and every lead meets other bids. */
const SEED = 'fundflow-auction-bench-1';
/** Waiting for deliveries: given up when none arrived for this long, or this long after the last lead was sent. */
const STALL_MS = 20_000;
const DRAIN_MS = 120_000;
/** The measured period is also summed up in slices this long, to tell a steady lag from a growing queue. */
const SLICE_SECONDS = 10;
/** How many leads sold other than to the highest bid at its price are described in the results file. */
const EXAMPLES = 5;

export interface LatencySummary {
  p50Ms: number | undefined;
  p99Ms: number | undefined;
  maxMs: number | undefined;
}

/** Every lead that arrived, set against the bids its buyers answered. */
export interface AuctionCheck {
  /** Leads that arrived. */
  checked: number;
  /** Of those, posted to a buyer with the highest bid answered for it, with that bid as `price` and its ping's id. */
  soldToHighest: number;
  /** Arrived without a price: sold by priority, not at auction. */
  unpriced: number;
  /** What went wrong with the first few others, for the results file. */
  examples: string[];
}

export interface AuctionResult {
  database: 'PGlite' | 'PostgreSQL';
  /** Measured leads answered 201. */
  leads: number;
  /** Of those, the ones a buyer received. */
  delivered: number;
  /** Measured leads not answered 201. */
  refused: number;
  /** From the lead's 201 to the winning buyer's receipt of the post. */
  toWinner: LatencySummary;
  /**
   * The same p50 over each SLICE_SECONDS of the measured period, in order: level when deliveries keep pace, rising
   * when a queue grows.
   */
  toWinnerP50BySlice: (number | undefined)[];
  /**
   * From the lead's 201 to its first ping reaching a buyer: the wait before its auction starts, of the leads that
   * were pinged (none when the server sells without an auction).
   */
  toFirstPing: LatencySummary;
  /** From sending the lead to its 201, during the auctions. */
  intake: LatencySummary;
  /** Pings answered with a bid, the warm-up's included: none means the server sold without an auction. */
  pings: number;
  check: AuctionCheck;
  /** Measured leads each buyer won. */
  wins: Record<string, number>;
  /** Leads posted to a second buyer after one took them. */
  soldTwice: number;
  /** Posts of a lead a buyer already had (at-least-once repeats). */
  repeats: number;
}

export interface AuctionResults {
  databases: AuctionResult[];
  /** Why PostgreSQL was not measured. */
  postgresSkipped: string | undefined;
}

function summary(values: readonly number[]): LatencySummary {
  return { p50Ms: median(values), p99Ms: percentile(values, 99), maxMs: max(values) };
}

/** What is wrong with how a lead that arrived was sold; undefined when it went to the highest bid at its price. */
function misSale(lead: SentAuctionLead, buyers: BiddingBuyers): string | undefined {
  const arrival = buyers.arrivals.get(lead.email)!;
  const { buyer, price, pingId } = arrival;
  const bids = buyers.bids.get(lead.n);
  const highest = bids === undefined ? undefined : Math.max(...bids.values());
  const ping = typeof pingId === 'string' ? buyers.pings.get(pingId) : undefined;
  const where = `lead ${lead.n} went to ${buyer}`;
  if (ping === undefined || ping.buyer !== buyer || ping.n !== lead.n)
    return `${where} without the id of a ping it answered for that lead`;
  if (price !== ping.bid) return `${where} at ${String(price)}, not its bid of ${ping.bid}`;
  if (highest !== undefined && ping.bid < highest) return `${where} at ${ping.bid} below the highest bid, ${highest}`;
  return undefined;
}

export function checkSales(delivered: readonly SentAuctionLead[], buyers: BiddingBuyers): AuctionCheck {
  const check: AuctionCheck = { checked: delivered.length, soldToHighest: 0, unpriced: 0, examples: [] };
  for (const lead of delivered) {
    if (buyers.arrivals.get(lead.email)!.price === undefined) check.unpriced++;
    const wrong = misSale(lead, buyers);
    if (wrong === undefined) check.soldToHighest++;
    else if (check.examples.length < EXAMPLES) check.examples.push(wrong);
  }
  return check;
}

/** The four buyers, each with its ping endpoint, in a BUYERS_FILE of a temp folder; priority in the file's order. */
function buyersFile(buyers: BiddingBuyers): string {
  const file = join(tempDir('fundflow-bench-buyers-'), 'buyers.json');
  const entries = buyers.lenders.map((lender, index) => ({ lender, ...buyers.endpoints(lender), priority: index + 1 }));
  writeFileSync(file, JSON.stringify({ buyers: entries }));
  return file;
}

function answeredEmails(sent: readonly SentAuctionLead[]): string[] {
  return sent.filter((lead) => lead.answeredAt !== undefined).map((lead) => lead.email);
}

function describe(result: AuctionResult): string {
  const ms = (value: number | undefined) =>
    value === undefined ? 'n/a' : Number.isFinite(value) ? `${value.toFixed(0)} ms` : 'not delivered';
  const { toWinner, toFirstPing, intake, check } = result;
  const sold =
    result.pings === 0
      ? 'no ping was sent: sold by priority'
      : `${check.soldToHighest} of ${check.checked} sold to the highest bid at its price`;
  return (
    `${result.delivered} of ${result.leads} delivered, 201 to the winner p50 ${ms(toWinner.p50Ms)}, ` +
    `p99 ${ms(toWinner.p99Ms)}, max ${ms(toWinner.maxMs)} (p50 by ${SLICE_SECONDS} s: ` +
    `${result.toWinnerP50BySlice.map(ms).join(', ')}); to the first ping p50 ${ms(toFirstPing.p50Ms)}, ` +
    `p99 ${ms(toFirstPing.p99Ms)}; intake p50 ${ms(intake.p50Ms)}, p99 ${ms(intake.p99Ms)}; ` +
    `${sold}; wins ${Object.entries(result.wins)
      .map(([lender, count]) => `${lender} ${count}`)
      .join(', ')}`
  );
}

async function measureOn(database: AuctionResult['database'], databaseUrl: string | undefined): Promise<AuctionResult> {
  const lenders = readLenders(LENDERS_CONTENT_FILE)
    .map((lender) => lender.id)
    .slice(0, AUCTION_BIDDERS);
  if (lenders.length < AUCTION_BIDDERS) {
    throw new Error(
      `the auction needs ${AUCTION_BIDDERS} lenders in site/content/lenders.json, it has ${lenders.length}`,
    );
  }
  const buyers = await startBiddingBuyers(lenders, SEED);
  try {
    const server = await startProjectServer(`the auction's server on ${database}`, {
      buyerUrl: '',
      env: { BUYERS_FILE: buyersFile(buyers) },
      ...(databaseUrl === undefined ? {} : { databaseUrl }),
    });
    let measured: SentAuctionLead[];
    try {
      say(
        `  ${database}: ${AUCTION_PER_SECOND} leads/s for ${AUCTION_WARMUP_SECONDS} s of warm-up, delivered, then ` +
          `${AUCTION_SECONDS} s measured, ${AUCTION_BIDDERS} buyers bidding within ${MAX_PING_DELAY_MS} ms`,
      );
      const rate = { perSecond: AUCTION_PER_SECOND, connections: CONNECTIONS };
      const warmUp = await sendAuctionLeads(server.url, { ...rate, seconds: AUCTION_WARMUP_SECONDS, from: 0 });
      await buyers.settle(answeredEmails(warmUp), STALL_MS, performance.now() + DRAIN_MS);
      measured = await sendAuctionLeads(server.url, { ...rate, seconds: AUCTION_SECONDS, from: warmUp.length });
      await buyers.settle(answeredEmails(measured), STALL_MS, performance.now() + DRAIN_MS);
    } finally {
      await server.child.stop();
    }
    const answered = measured.filter((lead) => lead.answeredAt !== undefined);
    const delivered = answered.filter((lead) => buyers.arrivals.has(lead.email));
    const toWinner = (lead: SentAuctionLead) => {
      const arrival = buyers.arrivals.get(lead.email);
      return arrival === undefined ? Infinity : arrival.at - lead.answeredAt!;
    };
    const wins = Object.fromEntries(lenders.map((lender) => [lender, 0]));
    for (const lead of delivered) wins[buyers.arrivals.get(lead.email)!.buyer]!++;
    const result: AuctionResult = {
      database,
      leads: answered.length,
      delivered: delivered.length,
      refused: measured.length - answered.length,
      toWinner: summary(answered.map(toWinner)),
      toWinnerP50BySlice: Array.from({ length: AUCTION_SECONDS / SLICE_SECONDS }, (_, slice) =>
        median(
          measured
            .slice(slice * SLICE_SECONDS * AUCTION_PER_SECOND, (slice + 1) * SLICE_SECONDS * AUCTION_PER_SECOND)
            .filter((lead) => lead.answeredAt !== undefined)
            .map(toWinner),
        ),
      ),
      toFirstPing: summary(
        answered.flatMap((lead) => {
          const pinged = buyers.firstPings.get(lead.n);
          return pinged === undefined ? [] : [pinged - lead.answeredAt!];
        }),
      ),
      intake: summary(answered.map((lead) => lead.answeredAt! - lead.sentAt)),
      pings: buyers.pings.size,
      check: checkSales(delivered, buyers),
      wins,
      soldTwice: buyers.soldTwice(),
      repeats: buyers.repeats(),
    };
    say(`    ${describe(result)}`);
    return result;
  } finally {
    await buyers.close();
  }
}

export async function runAuction(): Promise<AuctionResults> {
  return onBothDatabases(measureOn);
}
