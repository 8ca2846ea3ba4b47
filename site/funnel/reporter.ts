/**
 * Sends the funnel's step events to our own server (POST /api/events) in batches, once the first script's queue
 * (./queue.ts) hands them over. A batch goes when it holds the most a batch may, a few seconds after its first
 * event so the console is timely, and at once when the page is hidden. A batch the server could not take (a 503 when
 * it is far behind, or no answer) is sent once more after a random delay of a few seconds, so a burst of refusals
 * does not come back as one burst; then it is dropped: the visitor's form goes on the same
 * (docs/decisions/101-retried-batches-and-shedding.md).
 */
import type { EventBatch } from '../../contracts/funnel.ts';
import type { BatchOf, PostBatch } from './batch.ts';
import type { FunnelEvent, FunnelSink } from './funnel-event.ts';

/** How long after its first event a batch waits for more before it goes. */
export const BATCH_DELAY_MS = 3000;
/** A refused batch is sent again after RETRY_DELAY_MS plus up to RETRY_SPREAD_MS more, at random. */
export const RETRY_DELAY_MS = 2000;
export const RETRY_SPREAD_MS = 4000;

/** What the reporter learns from the page's first script (whose modules it does not import: see queue.ts). */
export interface ReporterPage {
  batchOf: BatchOf;
  post: PostBatch;
  /** The most events a batch may hold (MAX_EVENTS_PER_BATCH), handed in: an import would share the module. */
  maxEvents: number;
}

/** Starts reporting: answers the sink the page's funnel queue drains into. */
export function startFunnelReporter(page: ReporterPage): FunnelSink {
  /** The batch being gathered: one flow version's events. */
  let pending: FunnelEvent[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** Batches refused once, waiting for their second try. */
  const retrying = new Set<EventBatch>();

  function post(batch: EventBatch, hiding: boolean, again: boolean): void {
    void page.post(batch, hiding).then((done) => {
      if (done || again) return;
      retrying.add(batch);
      setTimeout(
        () => {
          if (retrying.delete(batch)) post(batch, false, true);
        },
        RETRY_DELAY_MS + Math.random() * RETRY_SPREAD_MS,
      );
    });
  }

  function send(hiding = false): void {
    clearTimeout(timer);
    timer = undefined;
    if (pending.length > 0) post(page.batchOf(pending), hiding, false);
    pending = [];
  }

  return {
    add(event) {
      // One batch is one flow version's: a visitor who opens another version in the tab starts a batch of its own.
      if (pending.length > 0 && pending[0]!.step.version !== event.step.version) send();
      pending.push(event);
      if (pending.length >= page.maxEvents) send();
      else timer ??= setTimeout(send, BATCH_DELAY_MS);
    },
    hidden() {
      send(true);
      // A page being closed would never run their timers: they go now, for the second and last time.
      for (const batch of retrying) {
        retrying.delete(batch);
        post(batch, true, true);
      }
    },
  };
}
