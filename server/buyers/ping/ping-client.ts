/**
 * Asks one buyer for a bid: POSTs the ping body to its `pingEndpoint`, signed as its posts are, and reads the answer
 * into a bid or a reason for none. A buyer that is late, down or answers nonsense has made no bid; nothing it does
 * makes the ping throw or wait past its timeout (docs/decisions/145-ping-post-auction.md).
 */
import { performance } from 'node:perf_hooks';
import { answerStart, networkProblem, webhookHeaders } from '../delivery/webhook-post.ts';
import { DEFAULT_PING_TIMEOUT_MS } from '../file/buyers-file.ts';
import type { BuyerPingTarget } from '../buyer.ts';
import type { PingBody } from './ping-body.ts';

/** A bid is a few bytes of JSON; an answer longer than this is no bid, and the rest is never read. */
export const MAX_PING_ANSWER_BYTES = 2 * 1024;
/** How much of an answer is kept to show on the lead's path in the console. */
export const SHOWN_ANSWER_CHARS = 300;

/** A buyer as a ping reaches it. */
export type PingTarget = BuyerPingTarget;

/** Why a buyer made no bid: a short code, safe to store and show. */
export type NoBidReason =
  /** It answered `{"bid": null}` or `{"status": "rejected"}`. */
  | 'declined'
  /** No whole answer within its timeout. */
  | 'late'
  /** It could not be reached: connection refused or reset, name not found. */
  | 'unreachable'
  /** It answered a status other than 2xx. */
  | 'http_status'
  /** Its 2xx answer is not JSON. */
  | 'not_json'
  /** Its JSON holds no finite, non-negative number as `bid`. */
  | 'invalid_bid'
  /** Its bid is above the seller's `maxBid`. */
  | 'above_max_bid'
  /** Its answer is longer than MAX_PING_ANSWER_BYTES. */
  | 'too_large';

export type PingResult = { kind: 'bid'; amount: number } | { kind: 'no-bid'; reason: NoBidReason };

/** What a buyer answered a ping, as the lead's path shows it. */
export interface PingAnswer {
  /** Its HTTP status; null when none came. */
  status: number | null;
  /** The start of its answer (SHOWN_ANSWER_CHARS at most); empty when none came. */
  answer: string;
  result: PingResult;
  /** From sending the ping to having the answer or giving up, in whole milliseconds. */
  durationMs: number;
  /** What went wrong on the way, when the answer never came: `no answer within 750 ms`, `request failed (ECONNREFUSED)`. */
  error?: string;
}

function noBid(reason: NoBidReason): PingResult {
  return { kind: 'no-bid', reason };
}

/** Whole cents: prices are kept and posted to the cent. */
function inCents(amount: number): number {
  return Math.round(amount * 100) / 100;
}

/** The result a 2xx answer's body stands for. */
function bidOf(body: string, maxBid: number): PingResult {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return noBid('not_json');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return noBid('invalid_bid');
  const { bid, status } = parsed as { bid?: unknown; status?: unknown };
  if (bid === null || status === 'rejected') return noBid('declined');
  if (typeof bid !== 'number' || !Number.isFinite(bid) || bid < 0) return noBid('invalid_bid');
  const amount = inCents(bid);
  return amount > maxBid ? noBid('above_max_bid') : { kind: 'bid', amount };
}

/**
 * POSTs the ping and reads the answer, a bid above `maxBid` (the seller's, SaleSettings) being no bid; resolves
 * within the buyer's timeout, never rejects.
 */
export async function pingBuyer(target: PingTarget, body: PingBody, maxBid: number): Promise<PingAnswer> {
  const { pingEndpoint, signingKeys, pingTimeoutMs = DEFAULT_PING_TIMEOUT_MS } = target;
  const json = JSON.stringify(body);
  const headers = webhookHeaders(body.ping_id, new Date(), json, signingKeys);
  const started = performance.now();
  const took = () => Math.round(performance.now() - started);
  // Covers the whole exchange, the answer's body included: a buyer trickling its answer is as late as a silent one.
  const timeout = AbortSignal.timeout(pingTimeoutMs);
  try {
    const response = await fetch(pingEndpoint, {
      method: 'POST',
      headers,
      body: json,
      // A redirect would send the ping elsewhere as a GET: it is no bid (its 3xx status).
      redirect: 'manual',
      signal: timeout,
    });
    const { text, cut } = await answerStart(response, MAX_PING_ANSWER_BYTES);
    const answer = text.slice(0, SHOWN_ANSWER_CHARS);
    const { status } = response;
    let result: PingResult;
    if (status < 200 || status >= 300) result = noBid('http_status');
    else if (cut) result = noBid('too_large');
    else result = bidOf(text, maxBid);
    return { status, answer, result, durationMs: took() };
  } catch (error) {
    const late = timeout.aborted;
    return {
      status: null,
      answer: '',
      result: noBid(late ? 'late' : 'unreachable'),
      durationMs: took(),
      error: late ? `no answer within ${pingTimeoutMs} ms` : networkProblem(error),
    };
  }
}
