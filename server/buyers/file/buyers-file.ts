/**
 * The buyers, from the settings: BUYERS_FILE (docs/buyers.md) read and checked at start, every mistake named with
 * the file, the buyer and the field, or, without it, the one buyer BUYER_URL makes, exactly as delivery worked
 * before buyers. Their names come from site/content/lenders.json by id, so the consent and routing cannot drift.
 */
import { readFileSync } from 'node:fs';
import { contentAjv, type Located } from '../../../engine/content/json-file.ts';
import { explainAjvErrors } from '../../../engine/flow/explain.ts';
import { BUYERS_FILE_AND_URL, ConfigError } from '../../platform/config/load.ts';
import { DEFAULT_BUYER_NAME } from '../../platform/config/settings.ts';
import { httpBuyerClient } from '../delivery/buyer-client.ts';
import { signingKey } from '../../platform/webhook-signature.ts';
import type { Lender } from '../../intake/index.ts';
import { FLOWS_DIR } from '../../platform/paths.ts';
import { SINGLE_BUYER_ID, type Buyer, type RoutedBuyer, type SaleSettings } from '../buyer.ts';
import { buyerProblems, centsProblem } from './buyer-checks.ts';
import { cleartextProblem } from './cleartext.ts';
import { buyersFileSchema, type BuyerEntry, type BuyersFileEntry } from './buyers-schema.ts';
import { readFlowValues, type FlowValues } from './flow-values.ts';

/** A buyer's time zone when the file names none. */
export const DEFAULT_TIME_ZONE = 'America/Los_Angeles';

/** How long a buyer's answer to a ping is waited for when the file says nothing: what ping-post buyers expect. */
export const DEFAULT_PING_TIMEOUT_MS = 750;

/** The sale's terms when the file leaves them out, or there is no file. */
export const DEFAULT_SALE_SETTINGS: SaleSettings = { floorPrice: 0, maxBid: 1000, failoverSeconds: 120 };

/** Everything the settings give about buyers: the buyers, in the file's order, and the terms of a sale. */
export interface BuyersAndSale {
  buyers: Buyer[];
  sale: SaleSettings;
}

/** The settings buyers come from (the server's Config has them all). */
export interface BuyerSettings {
  /** BUYERS_FILE, resolved. */
  buyersFile?: string | undefined;
  /** BUYER_URL. */
  buyerUrl?: string | undefined;
  /** BUYER_NAME: how the console names the buyer of BUYER_URL. */
  buyerName?: string | undefined;
  /** BUYER_SECRET's keys. */
  buyerSigningKeys?: readonly Buffer[] | undefined;
}

function readJson(path: string): { json: unknown } | { problem: string } {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return {
      problem:
        code === 'ENOENT'
          ? 'there is no such file: write it as docs/buyers.md shows, or correct the path'
          : `cannot be read (${code ?? 'error'}): let the server's user read it`,
    };
  }
  try {
    return { json: JSON.parse(text) };
  } catch (error) {
    // The parser's message may quote the file, secrets and all: only where it stopped is repeated.
    const { message } = error as Error;
    const where = /line \d+ column \d+/.exec(message)?.[0] ?? /position \d+/.exec(message)?.[0];
    return { problem: `not valid JSON${where === undefined ? '' : ` (at ${where})`}: often a missing comma or quote` };
  }
}

/** Which buyer a pointer is in, as the message names it: by its lender id, else by its place in the list. */
function buyerLabel(json: unknown, pointer: string): string | undefined {
  const index = /^\/buyers\/(\d+)(?:\/|$)/.exec(pointer)?.[1];
  if (index === undefined) return undefined;
  const buyers = (json as { buyers?: unknown }).buyers;
  const lender = Array.isArray(buyers) ? (buyers[Number(index)] as { lender?: unknown } | null)?.lender : undefined;
  return typeof lender === 'string' && lender !== '' ? `buyer "${lender}"` : `buyer #${Number(index) + 1}`;
}

/** Every problem of the file, in the order of the buyers they are in. */
function fileProblems(json: unknown, lenderIds: readonly string[], offered: FlowValues): Located[] {
  const validate = contentAjv().compile<unknown>(buyersFileSchema);
  const found = validate(json) ? [] : explainAjvErrors(validate.errors ?? []);
  const top = json as { floorPrice?: unknown; maxBid?: unknown } | null;
  found.push(...centsProblem(top?.floorPrice, '/floorPrice'), ...centsProblem(top?.maxBid, '/maxBid'));
  const buyers = (json as { buyers?: unknown } | null)?.buyers;
  if (Array.isArray(buyers)) {
    const taken = new Map<string, number>();
    buyers.forEach((buyer, index) => {
      found.push(...buyerProblems(buyer, `/buyers/${index}`, { lenderIds, taken, offered }));
      const lender = (buyer as { lender?: unknown } | null)?.lender;
      if (typeof lender === 'string' && lenderIds.includes(lender) && !taken.has(lender)) taken.set(lender, index);
    });
  }
  const order = (pointer: string) => Number(/^\/buyers\/(\d+)/.exec(pointer)?.[1] ?? -1);
  // sort is stable: within a buyer, the schema's problems come first, each in the order found.
  return found.sort((a, b) => order(a.pointer) - order(b.pointer));
}

function buyerOf(entry: BuyerEntry, names: ReadonlyMap<string, string>): Buyer {
  const buyer: Buyer = {
    id: entry.lender,
    name: names.get(entry.lender)!,
    priority: entry.priority,
    timeZone: entry.timeZone ?? DEFAULT_TIME_ZONE,
    filters: entry.filters ?? {},
    caps: entry.caps ?? {},
    endpoint: new URL(entry.endpoint).href,
    // Checked by fileProblems: every secret gives a key.
    signingKeys: (entry.secrets ?? []).map((secret) => (signingKey(secret) as { key: Buffer }).key),
  };
  if (entry.schedule !== undefined) buyer.schedule = entry.schedule;
  if (entry.dedupeDays !== undefined) buyer.dedupeDays = entry.dedupeDays;
  if (entry.fieldMap !== undefined) buyer.fieldMap = entry.fieldMap;
  if (entry.eventsEndpoint !== undefined) buyer.eventsEndpoint = new URL(entry.eventsEndpoint).href;
  if (entry.price !== undefined) buyer.price = entry.price;
  if (entry.pingEndpoint !== undefined) buyer.pingEndpoint = new URL(entry.pingEndpoint).href;
  buyer.pingTimeoutMs = entry.pingTimeoutMs ?? DEFAULT_PING_TIMEOUT_MS;
  if (entry.minPrice !== undefined) buyer.minPrice = entry.minPrice;
  return buyer;
}

function saleOf(file: BuyersFileEntry): SaleSettings {
  return {
    floorPrice: file.floorPrice ?? DEFAULT_SALE_SETTINGS.floorPrice,
    maxBid: file.maxBid ?? DEFAULT_SALE_SETTINGS.maxBid,
    failoverSeconds: file.failoverSeconds ?? DEFAULT_SALE_SETTINGS.failoverSeconds,
  };
}

/** BUYERS_FILE's buyers, in the file's order, and its sale's terms; throws ConfigError listing every problem. */
function readBuyersFile(path: string, lenders: readonly Lender[], offered: FlowValues): BuyersAndSale {
  const read = readJson(path);
  if ('problem' in read) throw new ConfigError([`BUYERS_FILE ${path}: ${read.problem}`]);
  const problems = fileProblems(
    read.json,
    lenders.map((lender) => lender.id),
    offered,
  );
  if (problems.length > 0) {
    throw new ConfigError(
      problems.map(({ pointer, message }) => {
        const buyer = buyerLabel(read.json, pointer);
        return `BUYERS_FILE ${path}: ${buyer === undefined ? '' : `${buyer} `}${pointer || '/'}: ${message}`;
      }),
    );
  }
  const names = new Map(lenders.map((lender) => [lender.id, lender.name]));
  const file = read.json as BuyersFileEntry;
  return { buyers: file.buyers.map((entry) => buyerOf(entry, names)), sale: saleOf(file) };
}

/**
 * The buyers the settings give: BUYERS_FILE's, in its order, with the terms of its top-level keys; else the one
 * BUYER_URL makes, which takes every lead at any hour, as delivery worked before buyers; else none (leads are stored
 * and wait). Without the file, the terms are the defaults. `lenders` are site/content/lenders.json's (readLenders);
 * `offered`, what the flows offer, by default read from flows/. Throws ConfigError when both settings are set, the
 * file is wrong, or BUYER_URL is http:// to another machine.
 */
export function loadBuyersAndSale(
  settings: BuyerSettings,
  lenders: readonly Lender[],
  offered?: FlowValues,
): BuyersAndSale {
  const { buyersFile, buyerUrl, buyerName = DEFAULT_BUYER_NAME, buyerSigningKeys = [] } = settings;
  if (buyersFile !== undefined && buyerUrl !== undefined) throw new ConfigError([BUYERS_FILE_AND_URL]);
  if (buyersFile !== undefined) return readBuyersFile(buyersFile, lenders, offered ?? readFlowValues(FLOWS_DIR));
  const sale = { ...DEFAULT_SALE_SETTINGS };
  if (buyerUrl === undefined) return { buyers: [], sale };
  const cleartext = cleartextProblem(buyerUrl);
  if (cleartext !== undefined) throw new ConfigError([`BUYER_URL ${cleartext} (not shown here: it may hold a key)`]);
  const buyer: Buyer = {
    id: SINGLE_BUYER_ID,
    name: buyerName,
    priority: 1,
    timeZone: DEFAULT_TIME_ZONE,
    filters: {},
    caps: {},
    endpoint: buyerUrl,
    signingKeys: buyerSigningKeys,
  };
  return { buyers: [buyer], sale };
}

/** The buyers alone (loadBuyersAndSale's), for what does not sell by bids. */
export function loadBuyers(settings: BuyerSettings, lenders: readonly Lender[], offered?: FlowValues): Buyer[] {
  return loadBuyersAndSale(settings, lenders, offered).buyers;
}

/**
 * Each buyer with its client: its endpoint, keys, field map and events endpoint, and, when it bids, where it is
 * pinged; no endpoint or key beside its rules otherwise.
 */
export function routedBuyers(buyers: readonly Buyer[], timeoutMs: number): RoutedBuyer[] {
  return buyers.map(({ endpoint, signingKeys, eventsEndpoint, pingEndpoint, ...rules }) => ({
    ...rules,
    client: httpBuyerClient({
      url: endpoint,
      signingKeys,
      timeoutMs,
      fieldMap: rules.fieldMap,
      eventsUrl: eventsEndpoint,
    }),
    ...(pingEndpoint === undefined ? {} : { ping: { pingEndpoint, signingKeys, pingTimeoutMs: rules.pingTimeoutMs } }),
  }));
}
