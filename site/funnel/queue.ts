/**
 * The funnel's part of the page's first script: a flow listener that notes each step event with its time, sends the
 * first screen's view at once and, as the page is hidden, a leave with whatever is not sent yet, so a visit that
 * leaves before the reporter has arrived still counts (docs/decisions/100-the-first-script-counts-the-visit.md). The
 * reporter (./reporter.ts), fetched after the first screen, takes over the rest: batches, their timing and retries.
 * Reporting never holds up a step change and never throws into the flow.
 */
import type { FunnelEvent, FunnelSink } from './funnel-event.ts';
import { LEAD_ACTION } from '../../engine/actions/index.ts';
import type { FlowEvents, StepRef } from '../../engine/render/flow-events.ts';
import { whenIdle } from '../../engine/render/deferred.ts';
import { onFirstVisitorAction } from '../../engine/render/first-visitor-action.ts';
import { cookieValue } from '../../engine/api/client.ts';
import { XSRF_COOKIE } from '../../contracts/api-paths.ts';
import { honeypotAnswers } from '../honeypot.ts';
import type { Attribution } from '../../contracts/attribution.ts';
import { MAX_EVENTS_PER_BATCH } from '../../contracts/funnel-beacon.ts';
import { batchMaker, postBatch, visitId, type BatchOf, type PostBatch } from './batch.ts';

/** What the queue needs of the page. */
export interface QueuePage {
  /** The tab's visit id, which the lead carries too. */
  visit: string;
  batchOf: BatchOf;
  post: PostBatch;
  /** Calls back when the page is hidden or closed (pagehide, or the tab hidden). */
  onHidden: (listener: () => void) => void;
  now: () => number;
}

export interface FunnelQueue {
  events: FlowEvents;
  /** Hands the events noted and not sent so far to `sink`, in order, and every later one as it happens. */
  drainTo(sink: FunnelSink): void;
}

export function funnelQueue(page: QueuePage): FunnelQueue {
  const noted: FunnelEvent[] = [];
  /** Events the queue sent itself, until the server has refused them: the reporter gets none of them. */
  const sent = new Set<FunnelEvent>();
  let sink: FunnelSink | undefined;
  let shown: StepRef | undefined;
  let left = false;
  const safely = (run: () => void) => {
    try {
      run();
    } catch {
      // Reporting is the page's own business: whatever goes wrong there, the visitor's step goes on.
    }
  };
  const sendNow = (events: FunnelEvent[], hiding: boolean) => {
    events.forEach((event) => sent.add(event));
    safely(() => {
      void page.post(page.batchOf(events), hiding).then((done) => {
        if (done) return;
        // The server could not take them: the reporter sends them again, or they wait for it.
        for (const event of events) {
          sent.delete(event);
          if (sink) safely(() => sink!.add(event));
        }
      });
    });
  };
  const note = (event: FunnelEvent) => {
    if (event.type === 'view') shown = event.step;
    // A tab hidden, then closed, is one leave; after anything else on the page, a leave is told again.
    left = event.type === 'leave';
    if (sink) return safely(() => sink!.add(event));
    noted.push(event);
    if (noted.length === 1 && event.type === 'view') sendNow(noted.slice(), false);
  };
  const at = (type: FunnelEvent['type'], step: StepRef, offer?: string) =>
    note({ type, step, at: page.now(), ...(offer === undefined ? {} : { offer }) });

  page.onHidden(() => {
    if (shown && !left) at('leave', shown);
    if (sink) return safely(() => sink!.hidden());
    const unsent = noted.filter((event) => !sent.has(event));
    // A batch is one version's. Before the reporter there are a few events (it is fetched at the visitor's first
    // action), well under MAX_EVENTS_PER_BATCH.
    for (const version of new Set(unsent.map(({ step }) => step.version)))
      sendNow(
        unsent.filter(({ step }) => step.version === version),
        true,
      );
  });
  return {
    events: {
      stepViewed: (step) => at('view', step),
      stepLeft: (step, how) => at(how, step),
      validationFailed: () => {},
      actionCompleted: (step) => {
        if (step.action === LEAD_ACTION) at('lead', step);
      },
      offerOpened: (step, offer) => at('offer', step, offer),
    },
    drainTo(next) {
      sink = next;
      noted.splice(0).forEach((event) => sent.has(event) || safely(() => next.add(event)));
    },
  };
}

/** The queue's page in the browser: the visit id, the batches' sources and the sending, from the first script. */
export function browserQueuePage(campaign: (step: StepRef) => Attribution | undefined): QueuePage {
  const visit = visitId(() => window.sessionStorage);
  return {
    visit,
    batchOf: batchMaker({
      visit,
      xsrf: () => cookieValue(XSRF_COOKIE) ?? '',
      width: () => window.innerWidth,
      campaign,
      honeypot: () => Object.keys(honeypotAnswers(document)).length > 0,
      language: () => document.documentElement.lang,
    }),
    post: postBatch,
    onHidden(listener) {
      window.addEventListener('pagehide', listener);
      document.addEventListener('visibilitychange', () => {
        if (document.visibilityState === 'hidden') listener();
      });
    },
    now: Date.now,
  };
}

/**
 * A visitor who does nothing on the first screen has the reporter fetched this long after it is up. Until then '/'
 * sends no script but its first (the first-screen budget, tests/e2e/first-screen.spec.ts, counts what it sends before
 * the visitor acts); the queue has sent the first view itself.
 */
export const REPORTER_DELAY_MS = 5000;

/**
 * Fetches the reporter on the visitor's first action (when the next steps' code is fetched too) or REPORTER_DELAY_MS
 * after the first screen, then at an idle moment, and drains the queue into it. Without it (the fetch failed) the
 * events stay noted in memory and go when the page is hidden. What the reporter needs of the first script (the
 * batches' making and sending) is handed to it from here: a module both scripts imported would be kept in the first
 * script in a form that costs it bytes.
 */
export function reportAfterFirstScreen(queue: FunnelQueue, page: Pick<QueuePage, 'batchOf' | 'post'>): void {
  const fetchReporter = () => {
    stop();
    clearTimeout(timer);
    whenIdle(() => {
      import('./reporter.ts').then(
        ({ startFunnelReporter }) => queue.drainTo(startFunnelReporter({ ...page, maxEvents: MAX_EVENTS_PER_BATCH })),
        () => {},
      );
    });
  };
  const stop = onFirstVisitorAction(fetchReporter);
  const timer = setTimeout(fetchReporter, REPORTER_DELAY_MS);
}
