/**
 * What a batch of funnel events carries besides its events: the XSRF token, the tab's visit id, the flow version, the
 * device class, the page's language, the campaign and the honeypot's verdict; never an answer, an address, the referrer or anything else
 * about the visitor (docs/decisions/025-funnel-reporting.md). Part of the page's first script, which sends the first
 * view and a quick leave itself (docs/decisions/100-the-first-script-counts-the-visit.md); the reporter fetched later
 * is handed `batchOf` rather than importing this module, which would cost the first script the wrapping of a shared
 * module.
 */
import type { DeviceClass, EventBatch } from '../../contracts/funnel.ts';
import { EVENTS_PATH, VISIT_PATTERN } from '../../contracts/funnel-beacon.ts';
import type { StepRef } from '../../engine/render/flow-events.ts';
import type { Attribution } from '../../contracts/attribution.ts';
import type { FunnelEvent } from './funnel-event.ts';

/** The sessionStorage key of the visit id: sessionStorage lives as long as the tab, across reloads. */
export const VISIT_KEY = 'fundflow.visit';

const VISIT = new RegExp(VISIT_PATTERN);

export function deviceClass(width: number): DeviceClass {
  if (width < 768) return 'phone';
  return width < 1024 ? 'tablet' : 'desktop';
}

/** The tab's visit id: the one kept in sessionStorage, or a new random one (16 bytes, hex) kept there. */
export function visitId(storage: () => Pick<Storage, 'getItem' | 'setItem'>): string {
  let id: string | null = null;
  try {
    id = storage().getItem(VISIT_KEY);
  } catch {
    // No sessionStorage (a browser setting): the visit lasts as long as the page.
  }
  if (id !== null && VISIT.test(id)) return id;
  id = Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
  try {
    storage().setItem(VISIT_KEY, id);
  } catch {
    // As above.
  }
  return id;
}

/** What the page knows that a batch carries. */
export interface BatchSources {
  /** The tab's visit id (visitId). */
  visit: string;
  /** The XSRF-TOKEN cookie's value: a beacon sets no header, so the token travels in the body. */
  xsrf: () => string;
  /** The viewport's width in CSS pixels, as the batch goes. */
  width: () => number;
  /** Where the visit came from, as the flow of `step` keeps it. */
  campaign: (step: StepRef) => Attribution | undefined;
  /** Whether the form's honeypot field was filled. */
  honeypot: () => boolean;
  /** The page's language as its `<html lang>` says it ("es", "en-US"); a page without one sends none (English). */
  language?: () => string;
}

/** The language code of a `lang` attribute ("en-US" is "en"), as the endpoint takes it; none for anything else. */
export function languageCode(lang: string): string | undefined {
  const code = lang.split('-')[0]!.toLowerCase();
  return /^[a-z]{2}$/.test(code) ? code : undefined;
}

/** The campaign's fields a batch carries (an attribution's others, the landing page and the referrer, never). */
const CAMPAIGN_FIELDS = ['utm_source', 'utm_medium', 'utm_campaign'] as const;

/** Makes the batch of some events of one flow version (at least one). */
export type BatchOf = (events: readonly FunnelEvent[]) => EventBatch;

export function batchMaker(sources: BatchSources): BatchOf {
  // Each version's campaign as its first batch told it: the last step clears the record that keeps it.
  const campaigns = new Map<string, Attribution>();
  return (events) => {
    const { step } = events[0]!;
    const campaign = campaigns.get(step.version) ?? sources.campaign(step) ?? {};
    campaigns.set(step.version, campaign);
    const batch: EventBatch = {
      xsrf: sources.xsrf(),
      visit: sources.visit,
      flow_version: step.version,
      device: deviceClass(sources.width()),
      honeypot: sources.honeypot(),
      events: events.map(({ type, step: { stepId }, at, offer }) => ({
        type,
        step: stepId,
        at,
        ...(offer === undefined ? {} : { offer }),
      })),
    };
    for (const field of CAMPAIGN_FIELDS) if (campaign[field] !== undefined) batch[field] = campaign[field];
    const language = languageCode(sources.language?.() ?? '');
    if (language !== undefined) batch.language = language;
    return batch;
  };
}

/**
 * Sends a batch and resolves to whether it is done with: true once the server took it or refused it for good (a 4xx:
 * sent again it would be refused again), false when it may take it later (a 5xx, no answer). As the page is hidden
 * it goes with navigator.sendBeacon, which the browser delivers even as the page closes, though nobody learns the
 * answer; a beacon the browser refuses (false, or no sendBeacon at all) and every batch of a page on screen go with
 * fetch's keepalive, which outlives the page too and whose answer can be read. Either sends the JSON as a string,
 * text/plain, which the endpoint reads as JSON (a beacon of a string cannot say otherwise). Never rejects.
 */
export async function postBatch(batch: EventBatch, hiding: boolean): Promise<boolean> {
  const body = JSON.stringify(batch);
  try {
    if (hiding && navigator.sendBeacon(EVENTS_PATH, body)) return true;
  } catch {
    // No sendBeacon, or it threw: fetch below.
  }
  try {
    return (await fetch(EVENTS_PATH, { method: 'POST', keepalive: true, body })).status < 500;
  } catch {
    return false;
  }
}

export type PostBatch = typeof postBatch;
