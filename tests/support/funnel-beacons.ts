/** Fakes for the funnel's queue and reporter (site/funnel/), and the batches they sent. */
import { vi } from 'vitest';
import type { EventBatch } from '../../contracts/funnel.ts';
import { MAX_EVENTS_PER_BATCH } from '../../contracts/funnel-beacon.ts';
import { batchMaker, type BatchSources, type PostBatch } from '../../site/funnel/batch.ts';
import type { QueuePage } from '../../site/funnel/queue.ts';
import type { ReporterPage } from '../../site/funnel/reporter.ts';

/** A post that answers `done` for every batch (true: the server took it). */
export const fakePost = (done = true) => vi.fn<PostBatch>(() => Promise.resolve(done));

/** The batches a fake post was given, in order, with whether each went as the page was hidden. */
export const postedOf = (post: ReturnType<typeof fakePost>): { batch: EventBatch; hiding: boolean }[] =>
  post.mock.calls.map(([batch, hiding]) => ({ batch, hiding }));

export const batchesOf = (post: ReturnType<typeof fakePost>): EventBatch[] => postedOf(post).map(({ batch }) => batch);

export function memoryStorage(): Pick<Storage, 'getItem' | 'setItem'> {
  const items = new Map<string, string>();
  return { getItem: (key) => items.get(key) ?? null, setItem: (key, value) => void items.set(key, value) };
}

export const VISIT = 'visit-0123456789abcdef';

export function fakeSources(overrides: Partial<BatchSources> = {}): BatchSources {
  return {
    visit: VISIT,
    width: () => 1280,
    xsrf: () => 'token-1',
    campaign: () => ({ utm_source: 'google', utm_medium: 'cpc', utm_campaign: 'spring', landing_url: 'https://x/' }),
    honeypot: () => false,
    ...overrides,
  };
}

export function fakeReporterPage(post = fakePost(), sources: Partial<BatchSources> = {}): ReporterPage {
  return { batchOf: batchMaker(fakeSources(sources)), post, maxEvents: MAX_EVENTS_PER_BATCH };
}

/** The queue's page: the clock is `now`, `hide()` hides the page. */
export function fakeQueuePage(post = fakePost()) {
  const hidden: (() => void)[] = [];
  const clock = { now: 5000 };
  const page: QueuePage = {
    visit: VISIT,
    batchOf: batchMaker(fakeSources()),
    post,
    onHidden: (listener) => void hidden.push(listener),
    now: () => clock.now,
  };
  return { page, post, clock, hide: () => hidden.forEach((listener) => listener()) };
}
