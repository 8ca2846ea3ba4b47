/** A fake page for the funnel's reporter (site/funnel/reporter.ts), and the batches its beacons carried. */
import { expect, vi, type Mock } from 'vitest';
import { EVENTS_PATH, type EventBatch } from '../../contracts/funnel.ts';
import type { ReporterPage } from '../../site/funnel/reporter.ts';

/** The beacons sent, as the server would read their bodies. */
export async function batchesOf(send: Mock<Beacon>): Promise<EventBatch[]> {
  expect(send.mock.calls.every(([url]) => url === EVENTS_PATH)).toBe(true);
  return Promise.all(
    send.mock.calls.map(async ([, blob]) => {
      expect(blob.type).toBe('application/json');
      return JSON.parse(await blob.text()) as EventBatch;
    }),
  );
}

type Beacon = (url: string, data: Blob) => boolean;

/** A navigator.sendBeacon that takes every beacon. */
export const fakeBeacon = () => vi.fn<Beacon>(() => true);

export function memoryStorage(): Pick<Storage, 'getItem' | 'setItem'> {
  const items = new Map<string, string>();
  return { getItem: (key) => items.get(key) ?? null, setItem: (key, value) => void items.set(key, value) };
}

export function fakePage(overrides: Partial<ReporterPage> = {}) {
  const hidden: (() => void)[] = [];
  const send = fakeBeacon();
  const storage = memoryStorage();
  const page: ReporterPage = {
    sendBeacon: send,
    storage: () => storage,
    width: () => 1280,
    xsrf: () => 'token-1',
    campaign: () => ({ utm_source: 'google', utm_medium: 'cpc', utm_campaign: 'spring', landing_url: 'https://x/' }),
    honeypot: () => false,
    onHidden: (listener) => void hidden.push(listener),
    now: () => 5000,
    ...overrides,
  };
  return { page, send, hide: () => hidden.forEach((listener) => listener()) };
}
