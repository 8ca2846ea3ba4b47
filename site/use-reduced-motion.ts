/** Whether the visitor asked the system for less motion; follows the setting when it changes. */
import { useSyncExternalStore } from 'react';

const QUERY = '(prefers-reduced-motion: reduce)';

function mediaQuery(): MediaQueryList | undefined {
  // Without matchMedia nothing was asked for, which the query would report as motion allowed. Only the browser asks:
  // the server's render (and a hydration) read the server snapshot.
  return typeof window.matchMedia === 'function' ? window.matchMedia(QUERY) : undefined;
}

function subscribe(onChange: () => void): () => void {
  const query = mediaQuery();
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => mediaQuery()?.matches ?? false,
    () => false,
  );
}
