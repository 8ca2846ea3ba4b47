/**
 * Which strategy the service worker takes for a request. Kept apart from the worker so the decision is tested
 * without a browser.
 */
import { CONSOLE_PAGE } from '../contracts/console.ts';

/**
 * - navigate: the page, network first, the last good copy when offline (every client route renders from one HTML).
 * - asset: a content-hashed file, cache first (its name changes whenever its content does).
 * - api: the server's API, network only: answers carry a visitor's personal data and must never be kept.
 * - passthrough: left to the browser (other origins, other methods, files whose name does not change, and the
 *   operators' console: its page and files, a build of their own, are never kept, and the visitor's page must never
 *   stand in for it).
 */
export type Strategy = 'navigate' | 'asset' | 'api' | 'passthrough';

export interface RoutableRequest {
  url: string;
  method: string;
  mode: RequestMode;
}

/**
 * A content-hashed file name, as Parcel writes them (main.1a2b3c4d.js, index.5e6f7a8b.css): a dot-separated segment of
 * 8 or more letters and digits right before the extension, hexadecimal or with a digit in it. The server's
 * isHashedAsset gives these files a year of immutable caching by the same rule.
 */
export function isHashedAssetPath(pathname: string): boolean {
  const name = pathname.slice(pathname.lastIndexOf('/') + 1);
  const hash = /\.([0-9A-Za-z]{8,})\.[0-9A-Za-z]+$/.exec(name)?.[1];
  return hash !== undefined && (/^[0-9a-f]+$/i.test(hash) || /\d/.test(hash));
}

/** Where the console's build lives: the console target's publicUrl in package.json. */
const CONSOLE_FILES = '/console/';

function isConsolePath(pathname: string): boolean {
  return pathname === CONSOLE_PAGE || pathname.startsWith(`${CONSOLE_PAGE}/`) || pathname.startsWith(CONSOLE_FILES);
}

export function strategyFor(request: RoutableRequest, origin: string): Strategy {
  const url = new URL(request.url);
  if (url.origin !== origin) return 'passthrough';
  if (url.pathname === '/api' || url.pathname.startsWith('/api/')) return 'api';
  if (request.method !== 'GET' || isConsolePath(url.pathname)) return 'passthrough';
  if (request.mode === 'navigate') return 'navigate';
  if (isHashedAssetPath(url.pathname)) return 'asset';
  return 'passthrough';
}
