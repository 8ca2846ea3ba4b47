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
import { SINGLE_BUYER_ID, type Buyer, type RoutedBuyer } from '../buyer.ts';
import { buyerProblems } from './buyer-checks.ts';
import { cleartextProblem } from './cleartext.ts';
import { buyersFileSchema, type BuyerEntry } from './buyers-schema.ts';
import { readFlowValues, type FlowValues } from './flow-values.ts';

/** A buyer's time zone when the file names none. */
export const DEFAULT_TIME_ZONE = 'America/Los_Angeles';

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
  return buyer;
}

/** BUYERS_FILE's buyers, in the file's order; throws ConfigError listing every problem. */
function readBuyersFile(path: string, lenders: readonly Lender[], offered: FlowValues): Buyer[] {
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
  return (read.json as { buyers: BuyerEntry[] }).buyers.map((entry) => buyerOf(entry, names));
}

/**
 * The buyers the settings give: BUYERS_FILE's, in its order; else the one BUYER_URL makes, which takes every
 * lead at any hour, as delivery worked before buyers; else none (leads are stored and wait). `lenders` are
 * site/content/lenders.json's (readLenders); `offered`, what the flows offer, by default read from flows/. Throws
 * ConfigError when both settings are set, the file is wrong, or BUYER_URL is http:// to another machine.
 */
export function loadBuyers(settings: BuyerSettings, lenders: readonly Lender[], offered?: FlowValues): Buyer[] {
  const { buyersFile, buyerUrl, buyerName = DEFAULT_BUYER_NAME, buyerSigningKeys = [] } = settings;
  if (buyersFile !== undefined && buyerUrl !== undefined) throw new ConfigError([BUYERS_FILE_AND_URL]);
  if (buyersFile !== undefined) return readBuyersFile(buyersFile, lenders, offered ?? readFlowValues(FLOWS_DIR));
  if (buyerUrl === undefined) return [];
  const cleartext = cleartextProblem(buyerUrl);
  if (cleartext !== undefined) throw new ConfigError([`BUYER_URL ${cleartext} (not shown here: it may hold a key)`]);
  return [
    {
      id: SINGLE_BUYER_ID,
      name: buyerName,
      priority: 1,
      timeZone: DEFAULT_TIME_ZONE,
      filters: {},
      caps: {},
      endpoint: buyerUrl,
      signingKeys: buyerSigningKeys,
    },
  ];
}

/** Each buyer with its client: its endpoint, keys, field map and events endpoint; no endpoint or key beside it. */
export function routedBuyers(buyers: readonly Buyer[], timeoutMs: number): RoutedBuyer[] {
  return buyers.map(({ endpoint, signingKeys, eventsEndpoint, ...rules }) => ({
    ...rules,
    client: httpBuyerClient({
      url: endpoint,
      signingKeys,
      timeoutMs,
      fieldMap: rules.fieldMap,
      eventsUrl: eventsEndpoint,
    }),
  }));
}
