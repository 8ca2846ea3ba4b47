/**
 * The funnel's part of the page's first script: a flow listener that only notes each step event with its time. The
 * reporter that sends them (./reporter.ts) is fetched after the first screen and takes the notes made until then, so
 * reporting adds next to nothing to the first screen and never holds up a step change.
 */
import type { EventType } from '../../contracts/funnel.ts';
import type { FunnelEvent, FunnelSink } from './funnel-event.ts';
import { LEAD_ACTION } from '../../engine/actions/index.ts';
import type { FlowEvents, StepRef } from '../../engine/render/flow-events.ts';
import { whenIdle } from '../../engine/render/deferred.ts';
import { onFirstVisitorAction } from '../../engine/render/first-visitor-action.ts';
import { cookieValue } from '../../engine/api/client.ts';
import { XSRF_COOKIE } from '../../contracts/api-paths.ts';
import { honeypotAnswers } from '../honeypot.ts';
import type { Attribution } from '../../contracts/attribution.ts';

export interface FunnelQueue {
  events: FlowEvents;
  /** Hands the events noted so far to `sink`, in order, and every later one as it happens. */
  drainTo(sink: FunnelSink): void;
}

export function funnelQueue(now: () => number = Date.now): FunnelQueue {
  const noted: FunnelEvent[] = [];
  let sink: FunnelSink = (event) => noted.push(event);
  const deliver = (event: FunnelEvent) => {
    try {
      sink(event);
    } catch {
      // Reporting is the page's own business: whatever goes wrong there, the visitor's step goes on.
    }
  };
  const note = (type: EventType, { flow, version, stepId }: StepRef, offer?: string) =>
    deliver({ type, step: { flow, version, stepId }, at: now(), ...(offer === undefined ? {} : { offer }) });
  return {
    events: {
      stepViewed: (step) => note('view', step),
      stepLeft: (step, how) => note(how, step),
      validationFailed: () => {},
      actionCompleted: (step) => {
        if (step.action === LEAD_ACTION) note('lead', step);
      },
      offerOpened: (step, offer) => note('offer', step, offer),
    },
    drainTo(next) {
      sink = next;
      noted.splice(0).forEach(deliver);
    },
  };
}

/**
 * A visitor who does nothing on the first screen has the reporter fetched this long after it is up, so a visit that
 * only reads the first screen and leaves counts too. Until then '/' sends no script but its first (the first-screen
 * budget, tests/e2e/first-screen.spec.ts, counts what it sends before the visitor acts).
 */
export const REPORTER_DELAY_MS = 5000;

/**
 * Fetches the reporter on the visitor's first action (when the next steps' code is fetched too) or REPORTER_DELAY_MS
 * after the first screen, then at an idle moment, and drains the queue into it. Without it (the fetch failed) the
 * events stay noted in memory: the funnel misses the visit, the visitor nothing. What the reporter needs of the first
 * script's modules (the cookie, the honeypot, the record) is handed to it from here: a module both scripts imported
 * would be kept in the first script in a form that costs it bytes.
 */
export function reportAfterFirstScreen(queue: FunnelQueue, campaign: (step: StepRef) => Attribution | undefined): void {
  const fetchReporter = () => {
    stop();
    clearTimeout(timer);
    whenIdle(() => {
      import('./reporter.ts').then(
        ({ startFunnelReporter, browserReporterPage }) => {
          const page = browserReporterPage({
            campaign,
            xsrf: () => cookieValue(XSRF_COOKIE) ?? '',
            honeypot: () => Object.keys(honeypotAnswers(document)).length > 0,
          });
          queue.drainTo(startFunnelReporter(page));
        },
        () => {},
      );
    });
  };
  const stop = onFirstVisitorAction(fetchReporter);
  const timer = setTimeout(fetchReporter, REPORTER_DELAY_MS);
}
