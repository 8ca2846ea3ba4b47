/**
 * The pauses between attempts to one buyer, after the Standard Webhooks schedule
 * (https://www.standardwebhooks.com/): at once, then 5 seconds, 5 minutes, 30 minutes, 2 hours, 5 hours, 10 hours
 * and 10 hours after each failure: eight attempts over about 27.5 hours. A lead and a buyer event follow it alike.
 */
export const RETRY_PAUSES_SECONDS = [5, 5 * 60, 30 * 60, 2 * 3600, 5 * 3600, 10 * 3600, 10 * 3600] as const;

/** Attempts to one buyer, the first included. */
export const ATTEMPTS_PER_BUYER = RETRY_PAUSES_SECONDS.length + 1;

/**
 * The pause before the next attempt once `attemptsMade` attempts have failed, or undefined when they are spent. A
 * buyer's Retry-After lengthens it, up to the schedule's longest pause. `pauses`: another schedule (tests compress
 * time with one of seconds).
 */
export function nextRetryPause(
  attemptsMade: number,
  retryAfterSeconds?: number,
  pauses: readonly number[] = RETRY_PAUSES_SECONDS,
): number | undefined {
  const pause = pauses[attemptsMade - 1];
  if (pause === undefined) return undefined;
  const longest = Math.max(...pauses);
  return retryAfterSeconds === undefined ? pause : Math.max(pause, Math.min(retryAfterSeconds, longest));
}
