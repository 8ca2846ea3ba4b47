/**
 * A buyer in the bench's process that answers 200 at once and notes when each lead first arrived, by its email, on
 * the clock the lead sender uses: the time from a lead's 201 to the buyer's 2xx is then one subtraction.
 */
import { setTimeout as wait } from 'node:timers/promises';
import { startTestBuyer, type TestBuyer } from '../support/test-buyer.ts';

export interface RecordingBuyer {
  /** Where the buyer's endpoint points. */
  url: string;
  /** When the lead with this email first arrived (`performance.now()`). */
  arrivals: ReadonlyMap<string, number>;
  /** Requests for a lead that had arrived before (an at-least-once repeat). */
  repeats(): number;
  /**
   * Resolves once every one of `emails` has arrived, or when none arrived for `stallMs`, or at `deadline`
   * (`performance.now()`): the bench measures what arrived and counts the rest as not delivered.
   */
  settle(emails: readonly string[], stallMs: number, deadline: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * Resolves once every one of `emails` is in `arrivals`, or when none arrived for `stallMs` (`lastArrival` gives when
 * the last did), or at `deadline` (`performance.now()`).
 */
export async function settleArrivals(
  arrivals: ReadonlyMap<string, unknown>,
  lastArrival: () => number,
  emails: readonly string[],
  stallMs: number,
  deadline: number,
): Promise<void> {
  const start = performance.now();
  for (;;) {
    const now = performance.now();
    if (emails.every((email) => arrivals.has(email))) return;
    if (now >= deadline || now - Math.max(lastArrival(), start) >= stallMs) return;
    // The map is in this process: a check costs nothing, and 20 ms is finer than anything measured here.
    await wait(20);
  }
}

export async function startRecordingBuyer(): Promise<RecordingBuyer> {
  const arrivals = new Map<string, number>();
  let repeats = 0;
  let lastArrival = performance.now();
  const buyer: TestBuyer = await startTestBuyer({
    script: ({ body }) => {
      const email = String(body.email);
      const now = performance.now();
      if (arrivals.has(email)) repeats++;
      else arrivals.set(email, now);
      lastArrival = now;
      return { status: 200 };
    },
  });
  return {
    url: buyer.url,
    arrivals,
    repeats: () => repeats,
    settle: (emails, stallMs, deadline) => settleArrivals(arrivals, () => lastArrival, emails, stallMs, deadline),
    // The bench's record of what arrived is all it needs; the test buyer's own list is dropped with it.
    close: () => buyer.close(),
  };
}
