/**
 * The funnel's reporter and what it sends with: the batches it makes for /api/events, when they go, how a batch the
 * server could not take is tried once more, how a batch goes as the page is hidden, and the visit id of the tab.
 */
import { Ajv } from 'ajv';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EVENTS_PATH, MAX_EVENTS_PER_BATCH, eventBatch } from '../../../contracts/funnel.ts';
import { VISIT_KEY, batchMaker, deviceClass, postBatch, visitId, type PostBatch } from '../../../site/funnel/batch.ts';
import { BATCH_DELAY_MS, RETRY_DELAY_MS, RETRY_SPREAD_MS, startFunnelReporter } from '../../../site/funnel/reporter.ts';
import type { FunnelEvent } from '../../../site/funnel/funnel-event.ts';
import {
  batchesOf,
  fakePost,
  fakeReporterPage,
  fakeSources,
  memoryStorage,
  postedOf,
} from '../../support/funnel-beacons.ts';

const validBatch = new Ajv({ strict: false }).compile(eventBatch);

const step = (stepId: string, version = 'v2') => ({ flow: 'business-funding', version, stepId });
const event = (type: FunnelEvent['type'], stepId: string, at: number, version?: string): FunnelEvent => ({
  type,
  step: step(stepId, version),
  at,
});

/** The longest a refused batch waits for its second try. */
const RETRY_AT_THE_LATEST = RETRY_DELAY_MS + RETRY_SPREAD_MS;

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('a batch', () => {
  it('carries the token, visit, version, device, campaign and honeypot, and the events with their step and time', () => {
    const batch = batchMaker(fakeSources())([
      event('view', 'start', 1000),
      event('advance', 'start', 2500),
      event('view', 'amount', 2600),
      { ...event('offer', 'amount', 2700), offer: 'bluevine' },
    ]);
    expect(batch).toEqual({
      xsrf: 'token-1',
      visit: 'visit-0123456789abcdef',
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
      ],
    });
    expect(validBatch(batch)).toBe(true);
  });

  it('leaves out the campaign fields the visit has none of, and says when the honeypot was filled', () => {
    const batchOf = batchMaker(fakeSources({ campaign: () => undefined, honeypot: () => true, width: () => 800 }));
    const batch = batchOf([event('view', 'start', 1000)]);
    expect(batch).toEqual(expect.objectContaining({ device: 'tablet', honeypot: true }));
    expect(Object.keys(batch)).not.toContain('utm_source');
    expect(validBatch(batch)).toBe(true);
  });

  it("carries the page's language as its <html lang> says it, the code alone", () => {
    const languageOf = (lang: string) => batchMaker(fakeSources({ language: () => lang }))([event('view', 'start', 1)]);
    expect(languageOf('es')).toEqual(expect.objectContaining({ language: 'es' }));
    expect(languageOf('en-US')).toEqual(expect.objectContaining({ language: 'en' }));
    expect(validBatch(languageOf('es'))).toBe(true);
    // A page without a language the endpoint takes sends none, which the server counts as English.
    for (const lang of ['', 'spanish', 'x-klingon']) expect(Object.keys(languageOf(lang))).not.toContain('language');
  });

  it('keeps the campaign its version first went with, after the record that kept it was cleared', () => {
    let campaign: { utm_source: string } | undefined = { utm_source: 'newsletter' };
    const batchOf = batchMaker(fakeSources({ campaign: () => campaign }));
    batchOf([event('view', 'start', 1000)]);
    campaign = undefined;
    expect(batchOf([event('view', 'thank-you', 2000)]).utm_source).toBe('newsletter');
  });
});

describe('the reporter', () => {
  it('sends a batch a few seconds after its first event, while the page is on screen', () => {
    const post = fakePost();
    const report = startFunnelReporter(fakeReporterPage(post));
    report.add(event('view', 'start', 1000));
    vi.advanceTimersByTime(BATCH_DELAY_MS - 1);
    report.add(event('advance', 'start', 2000));
    expect(post).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(postedOf(post).map(({ batch, hiding }) => [batch.events.length, hiding])).toEqual([[2, false]]);
  });

  it(`sends at once when it holds ${MAX_EVENTS_PER_BATCH} events`, () => {
    const post = fakePost();
    const report = startFunnelReporter(fakeReporterPage(post));
    for (let at = 0; at < MAX_EVENTS_PER_BATCH + 1; at++) report.add(event(at % 2 ? 'back' : 'view', 'amount', at));
    expect(batchesOf(post).map((batch) => batch.events.length)).toEqual([MAX_EVENTS_PER_BATCH]);
    vi.advanceTimersByTime(BATCH_DELAY_MS);
    expect(batchesOf(post).map((batch) => batch.events.length)).toEqual([MAX_EVENTS_PER_BATCH, 1]);
  });

  it("makes a batch one version's: another version's events start a batch of their own", () => {
    const post = fakePost();
    const report = startFunnelReporter(fakeReporterPage(post));
    report.add(event('view', 'start', 1000, 'v1'));
    report.add(event('view', 'start', 2000, 'v3'));
    report.hidden();
    expect(postedOf(post).map(({ batch, hiding }) => [batch.flow_version, hiding])).toEqual([
      ['v1', false],
      ['v3', true],
    ]);
  });

  it('sends what it holds at once, as the page is hidden, and nothing when it holds nothing', () => {
    const post = fakePost();
    const report = startFunnelReporter(fakeReporterPage(post));
    report.add(event('view', 'start', 1000));
    report.hidden();
    report.hidden();
    vi.advanceTimersByTime(BATCH_DELAY_MS);
    expect(postedOf(post).map(({ batch, hiding }) => [batch.events.length, hiding])).toEqual([[1, true]]);
  });
});

describe('a batch the server could not take', () => {
  /** A post that answers, for each batch sent, the next of `answers` (then true). */
  const answering = (...answers: boolean[]) => vi.fn<PostBatch>(() => Promise.resolve(answers.shift() ?? true));

  it('is sent once more after a random delay of a few seconds', async () => {
    const post = answering(false);
    startFunnelReporter(fakeReporterPage(post)).add(event('view', 'start', 1000));
    await vi.advanceTimersByTimeAsync(BATCH_DELAY_MS);
    expect(post).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(RETRY_DELAY_MS - 1);
    expect(post).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(RETRY_SPREAD_MS + 1);
    expect(post).toHaveBeenCalledTimes(2);
    expect(post.mock.calls[1]).toEqual(post.mock.calls[0]);
  });

  it('waits a different time for each page, so refusals at one moment do not come back at one moment', async () => {
    const delays: number[] = [];
    for (const random of [0, 0.5, 0.99]) {
      vi.spyOn(Math, 'random').mockReturnValue(random);
      const post = answering(false);
      startFunnelReporter(fakeReporterPage(post)).add(event('view', 'start', 1000));
      await vi.advanceTimersByTimeAsync(BATCH_DELAY_MS);
      let waited = 0;
      while (post.mock.calls.length < 2) {
        await vi.advanceTimersByTimeAsync(100);
        waited += 100;
      }
      delays.push(waited);
    }
    expect(new Set(delays).size).toBe(3);
    expect(Math.min(...delays)).toBeGreaterThanOrEqual(RETRY_DELAY_MS);
    expect(Math.max(...delays)).toBeLessThanOrEqual(RETRY_AT_THE_LATEST + 100);
  });

  it('is not sent a third time when the second try is refused too', async () => {
    const post = answering(false, false);
    startFunnelReporter(fakeReporterPage(post)).add(event('view', 'start', 1000));
    await vi.advanceTimersByTimeAsync(BATCH_DELAY_MS + RETRY_AT_THE_LATEST);
    expect(post).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(10 * RETRY_AT_THE_LATEST);
    expect(post).toHaveBeenCalledTimes(2);
  });

  it('goes at once, for its second try, when the page is hidden before its delay is over', async () => {
    const post = answering(false);
    const report = startFunnelReporter(fakeReporterPage(post));
    report.add(event('view', 'start', 1000));
    await vi.advanceTimersByTimeAsync(BATCH_DELAY_MS);
    report.hidden();
    await vi.advanceTimersByTimeAsync(0);
    expect(post.mock.calls.map(([, hiding]) => hiding)).toEqual([false, true]);
    await vi.advanceTimersByTimeAsync(10 * RETRY_AT_THE_LATEST);
    expect(post).toHaveBeenCalledTimes(2);
  });
});

describe('sending a batch', () => {
  const batch = batchMaker(fakeSources())([event('view', 'start', 1000)]);
  const answer = (status: number) => vi.fn(() => Promise.resolve(new Response(null, { status })));

  it('goes with a keepalive fetch while the page is on screen, and is done unless the server answered 5xx', async () => {
    const sendBeacon = vi.fn(() => true);
    vi.stubGlobal('navigator', { sendBeacon });
    for (const [status, done] of [
      [204, true],
      [400, true],
      [503, false],
    ] as const) {
      const fetch = answer(status);
      vi.stubGlobal('fetch', fetch);
      expect(await postBatch(batch, false)).toBe(done);
      expect(fetch).toHaveBeenCalledWith(EVENTS_PATH, { method: 'POST', keepalive: true, body: JSON.stringify(batch) });
    }
    expect(sendBeacon).not.toHaveBeenCalled();
  });

  it('is not done when no answer came', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    expect(await postBatch(batch, false)).toBe(false);
  });

  it('goes with a beacon as the page is hidden', async () => {
    const sendBeacon = vi.fn((_url: string, _data: string) => true);
    const fetch = answer(204);
    vi.stubGlobal('navigator', { sendBeacon });
    vi.stubGlobal('fetch', fetch);
    expect(await postBatch(batch, true)).toBe(true);
    const [url, data] = sendBeacon.mock.calls[0]!;
    expect(url).toBe(EVENTS_PATH);
    expect(JSON.parse(data)).toEqual(batch);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('falls back to a keepalive fetch when the browser refuses the beacon, throws or has no sendBeacon', async () => {
    for (const sendBeacon of [
      () => false,
      () => {
        throw new TypeError('Beacon refused');
      },
      undefined,
    ]) {
      vi.stubGlobal('navigator', { sendBeacon });
      const fetch = answer(503);
      vi.stubGlobal('fetch', fetch);
      expect(await postBatch(batch, true)).toBe(false);
      expect(fetch).toHaveBeenCalledWith(EVENTS_PATH, expect.objectContaining({ keepalive: true }));
    }
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
