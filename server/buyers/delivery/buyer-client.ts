/** Hands leads and events to a buyer over HTTP: the one place that knows the buyer's wire format. */
import { LEAD_PAYLOAD_FIELDS, PING_ID_FIELD, SALE_PRICE_FIELD } from '../../../contracts/lead.ts';
import { mapFields } from './field-map.ts';
import { answerOutcome, mayCarryRejection, MAX_ANSWER_BYTES, type HandOverOutcome } from './buyer-answer.ts';
import { retryAfterSeconds } from './retry-after.ts';
import { answerStart, networkProblem, webhookHeaders } from './webhook-post.ts';

export type { HandOverOutcome } from './buyer-answer.ts';

export interface LeadHandOver {
  /** The lead id: the same on every attempt, so the buyer can drop a lead it already has. */
  messageId: string;
  /** The lead as stored. */
  payload: Record<string, unknown>;
  /** When intake stored the lead; sent as its `time_stamp`. */
  receivedAt: Date;
  /** When this attempt started; sent as `webhook-timestamp`. */
  attemptedAt: Date;
  /** The bid the lead is posted on, when it is sold at a price (docs/decisions/146-auction-in-routing.md). */
  sale?: PostedSale | undefined;
  /** Aborts the attempt (the worker is shutting down). */
  signal?: AbortSignal | undefined;
}

/** What a post on a bid adds to the lead: its `price` and, when the bid answered a ping, that ping's `ping_id`. */
export interface PostedSale {
  /** USD, whole cents. */
  price: number;
  pingId?: string | undefined;
}

/** The events a buyer is told of about a lead it received (buyer_events.type). */
export type BuyerEventType = 'lead.revoked';

export interface BuyerEvent {
  /** The event's id: the same on every attempt (webhook-id, Idempotency-Key), so the buyer can drop a repeat. */
  messageId: string;
  type: BuyerEventType;
  /** What the event says, such as the lead's id; never more of the lead than the buyer already holds. */
  data: Readonly<Record<string, unknown>>;
  /** When this attempt started; sent as `webhook-timestamp`. */
  attemptedAt: Date;
  /** When the event happened, the envelope's `timestamp`; default: attemptedAt. */
  occurredAt?: Date | undefined;
  /** Aborts the attempt (the worker is shutting down). */
  signal?: AbortSignal | undefined;
}

export interface BuyerClient {
  /** Resolves with the outcome; never rejects for a failed delivery. */
  handOver(lead: LeadHandOver): Promise<HandOverOutcome>;
  /**
   * Posts an event in the Standard Webhooks envelope (`{"type", "timestamp", "data"}`), signed as leads are; the
   * outcome reads as a lead's does. Never rejects for a failed delivery.
   */
  sendEvent(event: BuyerEvent): Promise<HandOverOutcome>;
}

export interface HttpBuyerOptions {
  /** The buyer's endpoint (BUYERS_FILE or BUYER_URL): server configuration, never taken from a request. */
  url: string;
  /** The keys of its secrets: when there are any, each request is signed with each. */
  signingKeys?: readonly Buffer[] | undefined;
  timeoutMs: number;
  /** Renames the lead's fields in the body the buyer receives (its `fieldMap`): lead field -> the buyer's field. */
  fieldMap?: Readonly<Record<string, string>> | undefined;
  /** Where events go (its `eventsEndpoint`); default: `url`. */
  eventsUrl?: string | undefined;
}

/** Every field of the spec's payload, empty when the lead has none, so a buyer can map fixed columns. */
const EMPTY_LEAD: Readonly<Record<string, string>> = Object.fromEntries(
  LEAD_PAYLOAD_FIELDS.map((field) => [field, '']),
);

/**
 * What the buyer receives: the spec's payload with every field (in the spec's order), the lead's other fields (such
 * as flow_version), `time_stamp`, when the lead was received, and, sold on a bid, its `price` and `ping_id`, under the
 * names its field map gives them. The same bytes on every attempt and every replay of one sale.
 */
function buyerBody(
  payload: Readonly<Record<string, unknown>>,
  receivedAt: Date,
  sale: PostedSale | undefined,
  fieldMap: Readonly<Record<string, string>> | undefined,
): string {
  const body: Record<string, unknown> = { ...EMPTY_LEAD, ...payload, time_stamp: receivedAt.toISOString() };
  // The sale's own keys: a lead that carried either from its client never passes it off as a price or a ping.
  delete body[SALE_PRICE_FIELD];
  delete body[PING_ID_FIELD];
  if (sale !== undefined) body[SALE_PRICE_FIELD] = sale.price;
  if (sale?.pingId !== undefined) body[PING_ID_FIELD] = sale.pingId;
  return JSON.stringify(mapFields(body, fieldMap));
}

interface Post {
  url: string;
  messageId: string;
  body: string;
  attemptedAt: Date;
  signal?: AbortSignal | undefined;
}

/**
 * POSTs JSON with a timeout and the Standard Webhooks headers: the message id (the same on every attempt, also as
 * Idempotency-Key), the attempt's time and, with signing keys, the signatures.
 */
async function post(
  { url, messageId, body, attemptedAt, signal }: Post,
  signingKeys: readonly Buffer[],
  timeoutMs: number,
): Promise<HandOverOutcome> {
  const headers = webhookHeaders(messageId, attemptedAt, body, signingKeys);
  const timeout = AbortSignal.timeout(timeoutMs);
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers,
      body,
      // A redirect would turn the POST into a GET elsewhere: it counts as a failed attempt, retried.
      redirect: 'manual',
      signal: signal === undefined ? timeout : AbortSignal.any([timeout, signal]),
    });
    let answer = '';
    if (mayCarryRejection(response.status)) answer = (await answerStart(response, MAX_ANSWER_BYTES)).text;
    else await response.body?.cancel();
    const pause = retryAfterSeconds(response.headers.get('retry-after'), new Date());
    return answerOutcome(response.status, answer, pause);
  } catch (error) {
    if (timeout.aborted) return { outcome: 'failed', httpStatus: null, error: `no answer within ${timeoutMs} ms` };
    if (signal?.aborted) return { outcome: 'failed', httpStatus: null, error: 'stopped by shutdown' };
    return { outcome: 'failed', httpStatus: null, error: networkProblem(error) };
  }
}

/** The buyer client over fetch: leads to its endpoint, events to its events endpoint, both signed alike. */
export function httpBuyerClient(options: HttpBuyerOptions): BuyerClient {
  const { url, signingKeys = [], timeoutMs, fieldMap, eventsUrl = url } = options;
  return {
    handOver({ messageId, payload, receivedAt, attemptedAt, sale, signal }) {
      const body = buyerBody(payload, receivedAt, sale, fieldMap);
      return post({ url, messageId, body, attemptedAt, signal }, signingKeys, timeoutMs);
    },
    sendEvent({ messageId, type, data, attemptedAt, occurredAt = attemptedAt, signal }) {
      const body = JSON.stringify({ type, timestamp: occurredAt.toISOString(), data });
      return post({ url: eventsUrl, messageId, body, attemptedAt, signal }, signingKeys, timeoutMs);
    },
  };
}
