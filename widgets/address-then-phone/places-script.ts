/**
 * Loads Google's Maps JavaScript API with the Places library, once per page. Loading it here rather than through
 * react-google-autocomplete lets the page notice a script that cannot load or a key that Google refuses, and fall
 * back to plain typing; the library's own loader waits forever in both cases.
 */
import { useEffect, useSyncExternalStore } from 'react';

export type PlacesStatus = 'loading' | 'ready' | 'failed';

const SCRIPT_URL = 'https://maps.googleapis.com/maps/api/js';
const CALLBACK = '__fundflowPlacesLoaded';

interface MapsWindow {
  google?: { maps?: { places?: unknown; importLibrary?: (name: string) => Promise<unknown> } };
  gm_authFailure?: () => void;
  [CALLBACK]?: () => void;
}

const page = () => window as unknown as MapsWindow;

let status: PlacesStatus | undefined;
const listeners = new Set<() => void>();

/** Logged (never shown: the visitor types the address instead) when Places cannot be used. */
export const PLACES_MISSING = 'Google maps library can not be found';

function settle(next: PlacesStatus) {
  status = next;
  if (next === 'failed') console.warn(PLACES_MISSING);
  for (const listener of listeners) listener();
}

function placesAvailable(): boolean {
  return page().google?.maps?.places !== undefined;
}

/** Starts loading the script unless it is loaded, loading or failed: a failure holds until the page reloads. */
function loadPlaces(apiKey: string): void {
  if (status !== undefined) return;
  if (placesAvailable()) return settle('ready');
  settle('loading');
  // Google calls this when it refuses the key; its Autocomplete then disables the input it is attached to.
  page().gm_authFailure = () => settle('failed');
  page()[CALLBACK] = () => {
    if (placesAvailable()) return settle('ready');
    const importLibrary = page().google?.maps?.importLibrary;
    if (!importLibrary) return settle('failed');
    importLibrary('places').then(
      () => settle('ready'),
      () => settle('failed'),
    );
  };
  const script = document.createElement('script');
  script.src = `${SCRIPT_URL}?${new URLSearchParams({ key: apiKey, libraries: 'places', loading: 'async', callback: CALLBACK })}`;
  script.async = true;
  // Under a nonce-based Content-Security-Policy the added script needs the nonce the page's own scripts carry.
  const nonce = document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce;
  if (nonce) script.nonce = nonce;
  script.addEventListener('error', () => {
    script.remove();
    settle('failed');
  });
  document.head.append(script);
}

/**
 * The Places library of the loaded Maps script (`importLibrary('places')`), for Places API (New); rejects when the
 * script on the page has no `importLibrary`.
 */
export function importPlacesLibrary(): Promise<unknown> {
  const importLibrary = page().google?.maps?.importLibrary;
  return importLibrary ? importLibrary('places') : Promise.reject(new Error('the Maps script has no importLibrary'));
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Where loading Places stands for this key; undefined without a key (nothing is loaded then). */
export function usePlacesStatus(apiKey: string | undefined): PlacesStatus | undefined {
  const current = useSyncExternalStore(subscribe, () => status);
  useEffect(() => {
    if (apiKey) loadPlaces(apiKey);
  }, [apiKey]);
  if (!apiKey) return undefined;
  // Already on the page (a previous step loaded it): no plain input first.
  return current ?? (placesAvailable() ? 'ready' : 'loading');
}
