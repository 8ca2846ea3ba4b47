/**
 * The console's own navigation on the History API: its address, links that change it without a reload, and Back.
 * The console imports nothing from the router the page's first script uses: a module shared with a lazily loaded
 * part has its exports wrapped for that part in the first script, which made '/' a third of a kilobyte heavier
 * (docs/decisions/062-console-bundle.md).
 */
import { useSyncExternalStore, type AnchorHTMLAttributes, type MouseEvent } from 'react';

const NAVIGATED = 'console-navigated';

function subscribe(onChange: () => void) {
  window.addEventListener('popstate', onChange);
  window.addEventListener(NAVIGATED, onChange);
  return () => {
    window.removeEventListener('popstate', onChange);
    window.removeEventListener(NAVIGATED, onChange);
  };
}

const address = () => window.location.pathname + window.location.search;

export interface ConsoleLocation {
  /** Without a trailing slash: /admin/ is /admin. */
  pathname: string;
  query: URLSearchParams;
}

/** The address, followed as links, navigate() and Back change it. */
export function useConsoleLocation(): ConsoleLocation {
  const current = useSyncExternalStore(subscribe, address, address);
  const url = new URL(current, 'http://console.invalid');
  return { pathname: url.pathname.replace(/\/+$/, '') || '/', query: url.searchParams };
}

/** Opens `to` (a path with its query) as a new history entry. */
export function navigate(to: string): void {
  window.history.pushState(null, '', to);
  window.dispatchEvent(new Event(NAVIGATED));
}

/** A path with the query of these values, empty ones left out. */
export function withQuery(pathname: string, values: Readonly<Record<string, string>>): string {
  const query = new URLSearchParams(Object.entries(values).filter(([, value]) => value !== '')).toString();
  return query === '' ? pathname : `${pathname}?${query}`;
}

/** What follows `prefix` in the path (a lead's id after /admin/leads/), decoded; '' when the path is elsewhere. */
export function pathAfter(pathname: string, prefix: string): string {
  if (!pathname.startsWith(prefix)) return '';
  const rest = pathname.slice(prefix.length);
  try {
    return decodeURIComponent(rest);
  } catch {
    return rest;
  }
}

/** A link within the console: a plain click navigates in place; a modified click opens a tab as any link does. */
export function ConsoleLink({ href, onClick, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    ) {
      return;
    }
    event.preventDefault();
    navigate(href);
  };
  return <a href={href} onClick={follow} {...rest} />;
}
