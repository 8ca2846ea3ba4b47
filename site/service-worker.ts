/**
 * The service worker: keeps the page and its built files so a reload without network still shows the current step
 * (the answers themselves live in localStorage). The API is never cached: its answers carry personal data.
 */
import { manifest, version } from '@parcel/service-worker';
import { strategyFor } from './service-worker-routing.ts';

// The project's lib is DOM (the page's); these are the few worker types this file needs, declared here so the
// WebWorker lib does not replace the DOM globals for every other file.
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(response: Promise<Response>): void;
}
interface ServiceWorkerScope {
  readonly location: Location;
  readonly clients: { claim(): Promise<void> };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
}
declare const self: ServiceWorkerScope;

const CACHE_PREFIX = 'fundflow-';
const CACHE_NAME = `${CACHE_PREFIX}${version}`;
/**
 * The page as the server renders it for '/'. Start screens come prerendered, every other route as the same plain
 * page; each route's last good copy is kept under its path, and this one answers for a route never visited.
 */
const PAGE_KEY = '/';

// The manifest lists /index.html too; the page is kept under PAGE_KEY instead, as the server renders it.
const precached = [PAGE_KEY, ...manifest.filter((url) => !url.endsWith('.html'))];

async function install(): Promise<void> {
  const cache = await caches.open(CACHE_NAME);
  await cache.addAll(precached);
  await self.skipWaiting();
}

async function activate(): Promise<void> {
  const names = await caches.keys();
  await Promise.all(
    names.filter((name) => name.startsWith(CACHE_PREFIX) && name !== CACHE_NAME).map((name) => caches.delete(name)),
  );
  await self.clients.claim();
}

/** Storing is a convenience: a full or failing cache must never cost the visitor the response. */
async function store(key: RequestInfo, response: Response): Promise<void> {
  try {
    const cache = await caches.open(CACHE_NAME);
    await cache.put(key, response);
  } catch (error) {
    console.warn('The service worker could not store', typeof key === 'string' ? key : key.url, error);
  }
}

/** A route's page, whatever the query: answers passed in a link are not kept. */
function pageKey(request: Request): string {
  return new URL(request.url).pathname;
}

async function networkFirstPage(event: FetchEvent): Promise<Response> {
  try {
    const response = await fetch(event.request);
    // A 404 page or a redirect is not the shell to fall back on.
    if (response.ok && !response.redirected) event.waitUntil(store(pageKey(event.request), response.clone()));
    return response;
  } catch (error) {
    const options = { cacheName: CACHE_NAME, ignoreVary: true };
    const cached = (await caches.match(pageKey(event.request), options)) ?? (await caches.match(PAGE_KEY, options));
    if (cached !== undefined) return cached;
    throw error;
  }
}

async function cacheFirstAsset(event: FetchEvent): Promise<Response> {
  const cached = await caches.match(event.request, { cacheName: CACHE_NAME, ignoreVary: true });
  if (cached !== undefined) return cached;
  const response = await fetch(event.request);
  if (response.ok) event.waitUntil(store(event.request, response.clone()));
  return response;
}

self.addEventListener('install', (event) => event.waitUntil(install()));
self.addEventListener('activate', (event) => event.waitUntil(activate()));
self.addEventListener('fetch', (event) => {
  switch (strategyFor(event.request, self.location.origin)) {
    case 'navigate':
      event.respondWith(networkFirstPage(event));
      return;
    case 'asset':
      event.respondWith(cacheFirstAsset(event));
      return;
    case 'api':
    case 'passthrough':
      // Not answering leaves the request to the browser: straight to the network, never cached.
      return;
  }
});
