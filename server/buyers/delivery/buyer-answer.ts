/**
 * What a buyer's answer means for a lead (docs/delivery.md): delivered, rejected for good, or failed for now and
 * worth another attempt. The one place that decides which answers are retried.
 */

export type HandOverOutcome =
  | { outcome: 'delivered'; httpStatus: number }
  /** The buyer will never take this lead: no retry. `error` is safe to store and log. */
  | { outcome: 'rejected'; httpStatus: number; error: string }
  /**
   * Worth another attempt. `error` is a short summary safe to store and log: never the buyer's text, never the
   * lead. `retryAfterSeconds`: the buyer asked for this pause (Retry-After).
   */
  | { outcome: 'failed'; httpStatus: number | null; error: string; retryAfterSeconds?: number };

/** Statuses that say the lead itself is unacceptable: sending it again cannot help. */
const REJECTING_STATUSES = new Set([400, 422]);

/** A buyer's reason is stored only when it is a short code like `out_of_area`: free text could echo the lead. */
const REASON_CODE = /^[A-Za-z0-9_.-]{1,64}$/;

/** How much of an answer's body is read to look for a rejection; the rest is discarded. */
export const MAX_ANSWER_BYTES = 8 * 1024;

/** Whether the status's body is read at all: only answers that can carry a rejection. */
export function mayCarryRejection(status: number): boolean {
  return (status >= 200 && status < 300) || REJECTING_STATUSES.has(status);
}

/** An explicit rejection (`{"status": "rejected", "reason": "..."}`) and its reason code; else undefined. */
function rejection(body: string): { reason: string | undefined } | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null || (parsed as { status?: unknown }).status !== 'rejected') {
    return undefined;
  }
  const reason = (parsed as { reason?: unknown }).reason;
  return { reason: typeof reason === 'string' && REASON_CODE.test(reason) ? reason : undefined };
}

function rejected(status: number, reason: string | undefined): HandOverOutcome {
  const because = reason === undefined ? '' : `, reason ${reason}`;
  return { outcome: 'rejected', httpStatus: status, error: `lender rejected the lead (HTTP ${status}${because})` };
}

/**
 * The outcome of an answer: 2xx is delivered unless its body is an explicit rejection; 400 and 422 are rejections;
 * every other status (408, 429, 5xx, redirects, and 401/403/404, which usually mean our settings are wrong and an
 * operator fixes them within the retry window) is a failure worth retrying.
 */
export function answerOutcome(status: number, body: string, retryAfterSeconds: number | undefined): HandOverOutcome {
  const explicit = mayCarryRejection(status) ? rejection(body) : undefined;
  if (explicit !== undefined) return rejected(status, explicit.reason);
  if (status >= 200 && status < 300) return { outcome: 'delivered', httpStatus: status };
  if (REJECTING_STATUSES.has(status)) return rejected(status, undefined);
  return {
    outcome: 'failed',
    httpStatus: status,
    error: `lender answered HTTP ${status}`,
    ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }),
  };
}
