/**
 * Sends the funnel's step events to our own server (POST /api/events) in batches, with navigator.sendBeacon: the
 * browser sends a beacon on its own, even as the page closes, and nothing waits for it. A batch goes when the page is
 * hidden, when it holds MAX_EVENTS_PER_BATCH events, and a few seconds after its first event, so the console is timely.
 * It carries the flow version, step ids, a random visit id, the device class, the campaign and the honeypot's verdict:
 * never an answer, an address, the referrer or anything else about the visitor (docs/decisions/025-funnel-reporting.md).
 * A beacon the browser refuses, or a failing endpoint, is dropped: the visitor's form goes on the same.
 */
import {
  EVENTS_PATH,
  MAX_EVENTS_PER_BATCH,
  eventBatch,
  type DeviceClass,
  type EventBatch,
  type StepEvent,
} from '../../contracts/funnel.ts';
import type { StepRef } from '../../engine/render/flow-events.ts';
import type { Attribution } from '../../contracts/attribution.ts';
import type { FunnelEvent, FunnelSink } from './funnel-event.ts';

/** The sessionStorage key of the visit id: sessionStorage lives as long as the tab, across reloads. */
export const VISIT_KEY = 'fundflow.visit';
/** How long after its first event a batch waits for more before it goes. */
export const BATCH_DELAY_MS = 3000;

const VISIT_PATTERN = new RegExp(eventBatch.properties.visit.pattern);

export interface ReporterPage {
  /** navigator.sendBeacon, where the browser has it. */
  sendBeacon?: (url: string, data: Blob) => boolean;
  /** The tab's sessionStorage (which a browser may refuse to give). */
  storage: () => Pick<Storage, 'getItem' | 'setItem'>;
  /** The viewport's width in CSS pixels. */
  width: () => number;
  /** The XSRF-TOKEN cookie's value: a beacon sets no header, so the token travels in the body. */
  xsrf: () => string;
  /** Where the visit came from, as the flow of `step` keeps it. */
  campaign: (step: StepRef) => Attribution | undefined;
  /** Whether the form's honeypot field was filled. */
  honeypot: () => boolean;
  /** Calls back when the page is hidden or closed (pagehide, or the tab hidden). */
  onHidden: (listener: () => void) => void;
  now: () => number;
}

export function deviceClass(width: number): DeviceClass {
  if (width < 768) return 'phone';
  return width < 1024 ? 'tablet' : 'desktop';
}

function base64url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');
}

/** The tab's visit id: the one kept in sessionStorage, or a new random one kept there. */
export function visitId(storage: ReporterPage['storage']): string {
  try {
    const kept = storage().getItem(VISIT_KEY);
    if (kept !== null && VISIT_PATTERN.test(kept)) return kept;
  } catch {
    // No sessionStorage (a browser setting): the visit lasts as long as the page.
  }
  const id = base64url(crypto.getRandomValues(new Uint8Array(16)));
  try {
    storage().setItem(VISIT_KEY, id);
  } catch {
    // As above.
  }
  return id;
}

/** Starts reporting: answers the sink the page's funnel queue drains into. */
export function startFunnelReporter(page: ReporterPage): FunnelSink {
  const visit = visitId(page.storage);
  let pending: { step: StepRef; events: StepEvent[] } | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** The step on screen and the type of the last event noted for it. */
  let shown: { step: StepRef; last: FunnelEvent['type'] } | undefined;
  // Each version's campaign as its first batch told it: the last step clears the record that keeps it.
  const campaigns = new Map<string, Attribution>();

  function send(): void {
    clearTimeout(timer);
    timer = undefined;
    if (pending === undefined) return;
    const { step, events } = pending;
    pending = undefined;
    const campaign = campaigns.get(step.version) ?? page.campaign(step) ?? {};
    campaigns.set(step.version, campaign);
    const batch: EventBatch = {
      xsrf: page.xsrf(),
      visit,
      flow_version: step.version,
      device: deviceClass(page.width()),
      ...(campaign.utm_source === undefined ? {} : { utm_source: campaign.utm_source }),
      ...(campaign.utm_medium === undefined ? {} : { utm_medium: campaign.utm_medium }),
      ...(campaign.utm_campaign === undefined ? {} : { utm_campaign: campaign.utm_campaign }),
      honeypot: page.honeypot(),
      events,
    };
    try {
      page.sendBeacon?.(EVENTS_PATH, new Blob([JSON.stringify(batch)], { type: 'application/json' }));
    } catch {
      // A beacon refused (too large, a browser's policy) is dropped: the funnel misses a little, the visitor nothing.
    }
  }

  function add(event: FunnelEvent): void {
    // One batch is one flow version's: a visitor who opens another version in the tab starts a batch of its own.
    if (pending !== undefined && pending.step.version !== event.step.version) send();
    pending ??= { step: event.step, events: [] };
    pending.events.push({
      type: event.type,
      step: event.step.stepId,
      at: event.at,
      ...(event.offer === undefined ? {} : { offer: event.offer }),
    });
    if (event.type === 'view') shown = { step: event.step, last: 'view' };
    else if (shown !== undefined && shown.step.stepId === event.step.stepId) shown.last = event.type;
    if (pending.events.length >= MAX_EVENTS_PER_BATCH) send();
    else timer ??= setTimeout(send, BATCH_DELAY_MS);
  }

  page.onHidden(() => {
    // Hiding the tab and then closing it tells of two moments but one leave.
    if (shown !== undefined && shown.last !== 'leave') add({ type: 'leave', step: shown.step, at: page.now() });
    send();
  });
  return add;
}

/** What the reporter learns from the page's first script (whose modules it does not import: see queue.ts). */
export type PageKnowledge = Pick<ReporterPage, 'campaign' | 'honeypot' | 'xsrf'>;

/** The browser's page for the reporter. */
export function browserReporterPage(known: PageKnowledge): ReporterPage {
  return {
    ...known,
    sendBeacon: typeof navigator.sendBeacon === 'function' ? navigator.sendBeacon.bind(navigator) : undefined,
    storage: () => window.sessionStorage,
    width: () => window.innerWidth,
    onHidden(listener) {
      window.addEventListener('pagehide', listener);
      document.addEventListener('visibilitychange', () => {
        if (document.visibilityState === 'hidden') listener();
      });
    },
    now: Date.now,
  };
}
