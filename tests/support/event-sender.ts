/**
 * A buyer-event sender over HTTP for the tests, as the lender client sends events: POST the Standard Webhooks
 * envelope `{ type, timestamp, data }`, with the event id as webhook-id, signed with the buyer's keys; the answer read
 * as a lead's is (answerOutcome, Retry-After).
 */
import { answerOutcome, mayCarryRejection } from '../../server/delivery/lender-answer.ts';
import { retryAfterSeconds } from '../../server/delivery/retry-after.ts';
import { webhookSignature } from '../../server/delivery/webhook-signature.ts';
import type { BuyerEventSender } from '../../server/routing/buyer-events.ts';

export function httpEventSender(url: string, signingKeys: readonly Buffer[], timeoutMs = 5_000): BuyerEventSender {
  return {
    async sendEvent({ messageId, type, data, attemptedAt, signal }) {
      const body = JSON.stringify({ type, timestamp: attemptedAt.toISOString(), data });
      const timestamp = String(Math.floor(attemptedAt.getTime() / 1000));
      const headers: Record<string, string> = {
        'content-type': 'application/json',
        'webhook-id': messageId,
        'webhook-timestamp': timestamp,
      };
      if (signingKeys.length > 0)
        headers['webhook-signature'] = webhookSignature(signingKeys, messageId, timestamp, body);
      const timeout = AbortSignal.timeout(timeoutMs);
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers,
          body,
          redirect: 'manual',
          signal: signal === undefined ? timeout : AbortSignal.any([timeout, signal]),
        });
        const answer = mayCarryRejection(response.status) ? await response.text() : '';
        if (!mayCarryRejection(response.status)) await response.body?.cancel();
        return answerOutcome(
          response.status,
          answer,
          retryAfterSeconds(response.headers.get('retry-after'), new Date()),
        );
      } catch {
        return { outcome: 'failed', httpStatus: null, error: 'request failed' };
      }
    },
  };
}
