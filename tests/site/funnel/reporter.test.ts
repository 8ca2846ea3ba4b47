/**
 * The funnel's reporter: the batches it sends to /api/events, when it sends them, the visit id it keeps for the tab,
 * and the leave it adds when the page is hidden.
 */
import { Ajv } from 'ajv';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_EVENTS_PER_BATCH, eventBatch } from '../../../contracts/funnel.ts';
import {
  BATCH_DELAY_MS,
  VISIT_KEY,
  browserReporterPage,
  deviceClass,
  startFunnelReporter,
  visitId,
} from '../../../site/funnel/reporter.ts';
import type { FunnelEvent } from '../../../site/funnel/funnel-event.ts';
import { batchesOf, fakeBeacon, fakePage, memoryStorage } from '../../support/funnel-beacons.ts';

const validBatch = new Ajv({ strict: false }).compile(eventBatch);

const step = (stepId: string, version = 'v2') => ({ flow: 'business-funding', version, stepId });
const event = (type: FunnelEvent['type'], stepId: string, at: number, version?: string): FunnelEvent => ({
  type,
  step: step(stepId, version),
  at,
});

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('a batch', () => {
  it('carries the token, visit, version, device, campaign and honeypot, and the events with their step and time', async () => {
    const { page, send, hide } = fakePage();
    const report = startFunnelReporter(page);
    report(event('view', 'start', 1000));
    report(event('advance', 'start', 2500));
    report(event('view', 'amount', 2600));
    report({ ...event('offer', 'amount', 2700), offer: 'bluevine' });
    hide();

    const [batch, ...others] = await batchesOf(send);
    expect(others).toEqual([]);
    expect(batch).toEqual({
      xsrf: 'token-1',
      visit: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
      flow_version: 'v2',
      device: 'desktop',
      utm_source: 'google',
      utm_medium: 'cpc',
      utm_campaign: 'spring',
      honeypot: false,
      events: [
        { type: 'view', step: 'start', at: 1000 },
        { type: 'advance', step: 'start', at: 2500 },
        { type: 'view', step: 'amount', at: 2600 },
        { type: 'offer', step: 'amount', at: 2700, offer: 'bluevine' },
        { type: 'leave', step: 'amount', at: 5000 },
      ],
    });
    expect(validBatch(batch)).toBe(true);
  });

  it('leaves out the campaign fields the visit has none of, and says when the honeypot was filled', async () => {
    const { page, send, hide } = fakePage({ campaign: () => undefined, honeypot: () => true, width: () => 800 });
    startFunnelReporter(page)(event('view', 'start', 1000));
    hide();
    const [batch] = await batchesOf(send);
    expect(batch).toEqual(expect.objectContaining({ device: 'tablet', honeypot: true }));
    expect(Object.keys(batch!)).not.toContain('utm_source');
    expect(validBatch(batch)).toBe(true);
  });

  it('goes a few seconds after its first event, without waiting for the page to be hidden', async () => {
    const { page, send } = fakePage();
    const report = startFunnelReporter(page);
    report(event('view', 'start', 1000));
    vi.advanceTimersByTime(BATCH_DELAY_MS - 1);
    report(event('advance', 'start', 2000));
    expect(send).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect((await batchesOf(send)).map((batch) => batch.events.length)).toEqual([2]);
  });

  it(`goes at once when it holds ${MAX_EVENTS_PER_BATCH} events`, async () => {
    const { page, send } = fakePage();
    const report = startFunnelReporter(page);
    for (let at = 0; at < MAX_EVENTS_PER_BATCH + 1; at++) report(event(at % 2 ? 'back' : 'view', 'amount', at));
    expect((await batchesOf(send)).map((batch) => batch.events.length)).toEqual([MAX_EVENTS_PER_BATCH]);
    vi.advanceTimersByTime(BATCH_DELAY_MS);
    expect((await batchesOf(send)).map((batch) => batch.events.length)).toEqual([MAX_EVENTS_PER_BATCH, 1]);
  });

  it("is one version's: another version's events start a batch of their own", async () => {
    const { page, send, hide } = fakePage();
    const report = startFunnelReporter(page);
    report(event('view', 'start', 1000, 'v1'));
    report(event('view', 'start', 2000, 'v3'));
    hide();
    const batches = await batchesOf(send);
    expect(batches.map((batch) => [batch.flow_version, batch.events.map(({ type }) => type)])).toEqual([
      ['v1', ['view']],
      ['v3', ['view', 'leave']],
    ]);
  });
});

describe('leaving', () => {
  it('is told once for the step shown, however many ways the page says it is hidden', async () => {
    const { page, send, hide } = fakePage();
    startFunnelReporter(page)(event('view', 'start', 1000));
    hide();
    hide();
    const events = (await batchesOf(send)).flatMap((batch) => batch.events);
    expect(events).toEqual([
      { type: 'view', step: 'start', at: 1000 },
      { type: 'leave', step: 'start', at: 5000 },
    ]);
  });

  it('is told again when the visitor came back to the tab and did something before hiding it again', async () => {
    const { page, send, hide } = fakePage();
    const report = startFunnelReporter(page);
    report(event('view', 'start', 1000));
    hide();
    report(event('advance', 'start', 6000));
    report(event('view', 'amount', 6100));
    hide();
    const events = (await batchesOf(send)).flatMap((batch) => batch.events.map(({ type, step }) => `${type} ${step}`));
    expect(events).toEqual(['view start', 'leave start', 'advance start', 'view amount', 'leave amount']);
  });

  it('is noticed on pagehide and on the tab hidden, in the browser', async () => {
    const send = fakeBeacon();
    vi.stubGlobal('navigator', { sendBeacon: send });
    const report = startFunnelReporter(
      browserReporterPage({ campaign: () => undefined, xsrf: () => 'token', honeypot: () => false }),
    );
    report(event('view', 'start', 1000));
    window.dispatchEvent(new Event('pagehide'));
    expect((await batchesOf(send)).flatMap((batch) => batch.events.map(({ type }) => type))).toEqual(['view', 'leave']);

    report(event('advance', 'start', 2000));
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    expect((await batchesOf(send)).map((batch) => batch.events.map(({ type }) => type))).toEqual([
      ['view', 'leave'],
      ['advance', 'leave'],
    ]);
    vi.unstubAllGlobals();
  });
});

describe('a beacon that fails', () => {
  it('is dropped without a word, whether the browser refuses it, throws, or has no sendBeacon', () => {
    for (const sendBeacon of [() => false, undefined]) {
      const { page, hide } = fakePage({ sendBeacon });
      const report = startFunnelReporter(page);
      expect(() => {
        report(event('view', 'start', 1000));
        hide();
      }).not.toThrow();
    }
    const { page, hide } = fakePage({
      sendBeacon: () => {
        throw new TypeError('Beacon refused');
      },
    });
    const report = startFunnelReporter(page);
    report(event('view', 'start', 1000));
    expect(hide).not.toThrow();
  });
});

describe('the visit id', () => {
  it('is random, kept for the tab (a reload finds it) and new in another tab', () => {
    const tab = memoryStorage();
    const first = visitId(() => tab);
    expect(first).toMatch(new RegExp(eventBatch.properties.visit.pattern));
    expect(tab.getItem(VISIT_KEY)).toBe(first);
    expect(visitId(() => tab)).toBe(first);
    expect(visitId(() => memoryStorage())).not.toBe(first);
  });

  it('lasts as long as the page where the browser gives no sessionStorage', () => {
    const id = visitId(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    });
    expect(id).toMatch(new RegExp(eventBatch.properties.visit.pattern));
  });

  it('is the same in every batch of the page', async () => {
    const { page, send, hide } = fakePage();
    const report = startFunnelReporter(page);
    report(event('view', 'start', 1000));
    hide();
    report(event('view', 'start', 2000, 'v3'));
    hide();
    const [first, second] = await batchesOf(send);
    expect(second!.visit).toBe(first!.visit);
  });
});

describe('the device class', () => {
  it('is by the viewport width: phone below 768, tablet below 1024, desktop from there', () => {
    expect([320, 767, 768, 1023, 1024, 1920].map(deviceClass)).toEqual([
      'phone',
      'phone',
      'tablet',
      'tablet',
      'desktop',
      'desktop',
    ]);
  });
});
