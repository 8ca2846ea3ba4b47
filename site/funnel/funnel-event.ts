/** A funnel event as the page's queue notes it and its reporter sends it. */
import type { EventType } from '../../contracts/funnel.ts';
import type { StepRef } from '../../engine/render/flow-events.ts';

/** A step event as it happened: its step, when (milliseconds since 1970), and the offer of an offer event. */
export interface FunnelEvent {
  type: EventType;
  step: StepRef;
  at: number;
  offer?: string;
}

/** Where the queue hands its events once the reporter has arrived (site/funnel/reporter.ts). */
export interface FunnelSink {
  /** An event to send, soon. */
  add(event: FunnelEvent): void;
  /** The page is being hidden or closed: send everything now. */
  hidden(): void;
}
