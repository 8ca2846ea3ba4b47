/**
 * Speed to lead: how soon a lead answered 201 reaches its buyer. One fresh server per database, routing to one buyer
 * (a buyer in the bench's process that answers 200 at once), measured three ways, in this order:
 * - idle: single leads on an idle server, each after a pause, the time to the buyer's first attempt;
 * - burst: BURST_LEADS sent as fast as intake takes them; delivered leads per second and the latencies;
 * - paced: PACED_PER_SECOND for PACED_SECONDS, the latencies at that steady rate;
 * - backlog: BURST_LEADS stored by a server without buyers, then a server with the buyer started on the same
 *   database: how fast one instance delivers, with intake out of the way (in a burst, intake on the same process
 *   and database sets the pace).
 * A lead that never arrives counts as an infinite latency, so a percentile it reaches reads "not delivered".
 */
import { setTimeout as wait } from 'node:timers/promises';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CONNECTIONS } from './api.ts';
import { LeadSender, type SentLead } from './lead-sender.ts';
import { onBothDatabases } from './postgres.ts';
import { say, startProjectServer, tempDir } from './processes.ts';
import { startRecordingBuyer, type RecordingBuyer } from './recording-buyer.ts';
import { max, median, percentile } from './stats.ts';

export const BURST_LEADS = 500;
export const PACED_PER_SECOND = 50;
export const PACED_SECONDS = 60;
/** Single leads on an idle server, each after its pause: pauses of different lengths meet a polling worker anywhere. */
const IDLE_PAUSES_MS = [3000, 2300, 3700, 2600, 3300];
/** Waiting for deliveries: given up when none arrived for this long, or this long after the last lead was sent. */
const STALL_MS = 20_000;
const DRAIN_MS = 120_000;

export interface Latencies {
  /** Leads answered 201. */
  leads: number;
  /** Of those, the ones the buyer received. */
  delivered: number;
  p50Ms: number | undefined;
  p99Ms: number | undefined;
  maxMs: number | undefined;
}

export interface SpeedResult {
  database: 'PGlite' | 'PostgreSQL';
  /** 201 to the buyer's first attempt, single leads on an idle server. */
  idle: Latencies;
  burst: Latencies & {
    /** Leads sent that were not answered 201. */
    refused: number;
    /** Leads delivered per second, from the first lead sent to the last delivered. */
    deliveredPerSecond: number | undefined;
    /** Leads answered 201 per second. */
    acceptedPerSecond: number;
  };
  paced: Latencies & { refused: number; perSecond: number; seconds: number };
  backlog: {
    /** Leads stored before the server with the buyer started. */
    leads: number;
    delivered: number;
    /** Leads delivered per second, from the first arrival to the last. */
    deliveredPerSecond: number | undefined;
  };
  /** Requests for a lead the buyer had already received: at-least-once repeats. */
  repeats: number;
}

export interface SpeedToLeadResults {
  databases: SpeedResult[];
  /** Why PostgreSQL was not measured. */
  postgresSkipped: string | undefined;
}

function latencies(sent: readonly SentLead[], buyer: RecordingBuyer): Latencies {
  const answered = sent.filter((lead) => lead.answeredAt !== undefined);
  const values = answered.map((lead) => {
    const arrived = buyer.arrivals.get(lead.email);
    return arrived === undefined ? Infinity : arrived - lead.answeredAt!;
  });
  const finite = values.filter(Number.isFinite);
  return {
    leads: answered.length,
    delivered: finite.length,
    p50Ms: median(values),
    p99Ms: percentile(values, 99),
    maxMs: max(values),
  };
}

async function measureIdle(sender: LeadSender, buyer: RecordingBuyer): Promise<Latencies> {
  const sent: SentLead[] = [];
  for (const pause of IDLE_PAUSES_MS) {
    await wait(pause);
    const lead = await sender.send();
    sent.push(lead);
    await buyer.settle([lead.email], STALL_MS, performance.now() + STALL_MS);
  }
  return latencies(sent, buyer);
}

async function measureBurst(sender: LeadSender, buyer: RecordingBuyer): Promise<SpeedResult['burst']> {
  const started = performance.now();
  const sent = await sender.burst(BURST_LEADS, CONNECTIONS);
  const answered = performance.now();
  const emails = sent.filter((lead) => lead.answeredAt !== undefined).map((lead) => lead.email);
  await buyer.settle(emails, STALL_MS, performance.now() + DRAIN_MS);
  const arrivals = emails.map((email) => buyer.arrivals.get(email)).filter((at) => at !== undefined);
  const last = max(arrivals);
  return {
    ...latencies(sent, buyer),
    refused: sent.length - emails.length,
    deliveredPerSecond: last === undefined ? undefined : arrivals.length / ((last - started) / 1000),
    acceptedPerSecond: emails.length / ((answered - started) / 1000),
  };
}

async function measurePaced(sender: LeadSender, buyer: RecordingBuyer): Promise<SpeedResult['paced']> {
  const sent = await sender.paced(PACED_PER_SECOND, PACED_SECONDS);
  const emails = sent.filter((lead) => lead.answeredAt !== undefined).map((lead) => lead.email);
  await buyer.settle(emails, STALL_MS, performance.now() + DRAIN_MS);
  return {
    ...latencies(sent, buyer),
    refused: sent.length - emails.length,
    perSecond: PACED_PER_SECOND,
    seconds: PACED_SECONDS,
  };
}

/**
 * A backlog: BURST_LEADS stored by a server with no buyer (they wait, queued), then a server with the buyer on the
 * same database, which delivers them all; the rate from its first delivery to its last.
 */
async function measureBacklog(
  database: SpeedResult['database'],
  databaseUrl: string | undefined,
  buyer: RecordingBuyer,
): Promise<SpeedResult['backlog']> {
  const place = {
    env: { DATA_DIR: tempDir('fundflow-bench-data-') },
    ...(databaseUrl === undefined ? {} : { databaseUrl }),
  };
  const storing = await startProjectServer(`the backlog's intake server on ${database}`, { buyerUrl: '', ...place });
  const sender = new LeadSender(storing.url, CONNECTIONS);
  let emails: string[];
  try {
    const sent = await sender.burst(BURST_LEADS, CONNECTIONS);
    emails = sent.filter((lead) => lead.answeredAt !== undefined).map((lead) => lead.email);
  } finally {
    await sender.close();
    await storing.child.stop();
  }
  const delivering = await startProjectServer(`the backlog's delivering server on ${database}`, {
    buyerUrl: '',
    ...place,
    env: { ...place.env, BUYERS_FILE: buyersFile(buyer.url) },
  });
  try {
    await buyer.settle(emails, STALL_MS, performance.now() + DRAIN_MS);
  } finally {
    await delivering.child.stop();
  }
  const arrivals = emails.map((email) => buyer.arrivals.get(email)).filter((at) => at !== undefined);
  const first = arrivals.length === 0 ? undefined : Math.min(...arrivals);
  const last = max(arrivals);
  return {
    leads: emails.length,
    delivered: arrivals.length,
    deliveredPerSecond:
      first === undefined || last === undefined || last === first
        ? undefined
        : (arrivals.length - 1) / ((last - first) / 1000),
  };
}

/** One buyer that takes every lead, in a BUYERS_FILE of a temp folder. */
function buyersFile(endpoint: string): string {
  const file = join(tempDir('fundflow-bench-buyers-'), 'buyers.json');
  writeFileSync(file, JSON.stringify({ buyers: [{ lender: 'quillmont', endpoint, priority: 1 }] }));
  return file;
}

function describe(what: string, result: Latencies): string {
  const ms = (value: number | undefined) =>
    value === undefined ? 'n/a' : Number.isFinite(value) ? `${value.toFixed(0)} ms` : 'not delivered';
  return (
    `${what}: ${result.delivered} of ${result.leads} delivered, p50 ${ms(result.p50Ms)}, p99 ${ms(result.p99Ms)}, ` +
    `max ${ms(result.maxMs)}`
  );
}

/** Idle, burst and paced on one server routing to `buyer`. */
async function measureLive(
  database: SpeedResult['database'],
  databaseUrl: string | undefined,
  buyer: RecordingBuyer,
): Promise<Pick<SpeedResult, 'idle' | 'burst' | 'paced'>> {
  const server = await startProjectServer(`the speed-to-lead server on ${database}`, {
    buyerUrl: '',
    env: { BUYERS_FILE: buyersFile(buyer.url) },
    ...(databaseUrl === undefined ? {} : { databaseUrl }),
  });
  const sender = new LeadSender(server.url, CONNECTIONS);
  try {
    say(`  ${database}: ${IDLE_PAUSES_MS.length} single leads on an idle server`);
    const idle = await measureIdle(sender, buyer);
    say(`    ${describe('idle', idle)}`);
    say(`  ${database}: a burst of ${BURST_LEADS} leads`);
    const burst = await measureBurst(sender, buyer);
    say(
      `    ${describe('burst', burst)}, ${burst.deliveredPerSecond?.toFixed(0)} delivered/s, ` +
        `${burst.acceptedPerSecond.toFixed(0)} accepted/s, ${burst.refused} refused`,
    );
    say(`  ${database}: ${PACED_PER_SECOND} leads/s for ${PACED_SECONDS} s`);
    const paced = await measurePaced(sender, buyer);
    say(`    ${describe('paced', paced)}, ${paced.refused} refused`);
    return { idle, burst, paced };
  } finally {
    await sender.close();
    await server.child.stop();
  }
}

async function measureOn(database: SpeedResult['database'], databaseUrl: string | undefined): Promise<SpeedResult> {
  const buyer = await startRecordingBuyer();
  try {
    const live = await measureLive(database, databaseUrl, buyer);
    say(`  ${database}: a backlog of ${BURST_LEADS} leads, delivered after a restart with the buyer`);
    const backlog = await measureBacklog(database, databaseUrl, buyer);
    say(
      `    backlog: ${backlog.delivered} of ${backlog.leads} delivered, ` +
        `${backlog.deliveredPerSecond?.toFixed(0) ?? 'n/a'} delivered/s`,
    );
    return { database, ...live, backlog, repeats: buyer.repeats() };
  } finally {
    await buyer.close();
  }
}

export async function runSpeedToLead(): Promise<SpeedToLeadResults> {
  return onBothDatabases(measureOn);
}
