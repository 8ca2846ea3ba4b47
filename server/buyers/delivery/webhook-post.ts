/**
 * What every request to a buyer shares, posts, events and pings alike: the Standard Webhooks headers
 * (docs/buyer-signatures.md), a bounded read of the answer, and a short name for a failure to reach the buyer.
 */
import { webhookSignature } from '../../platform/webhook-signature.ts';

/**
 * The headers of a message: its id (the same on every attempt, also as Idempotency-Key), when this attempt was sent
 * and, with signing keys, one signature per key over "<id>.<timestamp>.<body>".
 */
export function webhookHeaders(
  messageId: string,
  sentAt: Date,
  body: string,
  signingKeys: readonly Buffer[],
): Record<string, string> {
  const timestamp = String(Math.floor(sentAt.getTime() / 1000));
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'idempotency-key': messageId,
    'webhook-id': messageId,
    'webhook-timestamp': timestamp,
  };
  if (signingKeys.length > 0) headers['webhook-signature'] = webhookSignature(signingKeys, messageId, timestamp, body);
  return headers;
}

export interface AnswerStart {
  /** The body's first `maxBytes` bytes, as text. */
  text: string;
  /** The body was longer: the rest was never read. */
  cut: boolean;
}

/** The start of a body, at most `maxBytes`: a buyer's long answer is not ours to hold. */
export async function answerStart(response: Response, maxBytes: number): Promise<AnswerStart> {
  if (response.body === null) return { text: '', cut: false };
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size <= maxBytes) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.byteLength;
    }
  } finally {
    await reader.cancel();
  }
  return { text: Buffer.concat(chunks).subarray(0, maxBytes).toString('utf8'), cut: size > maxBytes };
}

/** A failed request in a few words safe to store: which network failure, never the URL it went to. */
export function networkProblem(error: unknown): string {
  // fetch reports every network failure as "fetch failed"; the cause says which (ECONNREFUSED, ENOTFOUND, ...).
  const cause = (error as { cause?: { code?: unknown } }).cause;
  const code = typeof cause?.code === 'string' ? cause.code : (error as Error).name;
  return `request failed (${code})`;
}
