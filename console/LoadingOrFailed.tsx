/**
 * What a page shows in place of its data while the data is on the way, when it could not be had, and when it holds
 * nothing to show: one look for the three on every page, so an operator tells "wait", "something is wrong" and "there
 * is nothing" apart at a glance. With `children`, the data itself once it is there and not empty.
 */
import type { ReactNode } from 'react';
import type { Loaded } from './use-console-data.ts';

export interface LoadingOrFailedProps<T> {
  loaded: Loaded<T>;
  /** The words while loading ("Loading leads…"). */
  loading: string;
  /** When the data holds nothing to show, and what the page says then. */
  empty?: { when: (data: T) => boolean; message: ReactNode };
  /** The page's own words for a failure it knows (a lead that is not there), else the server's message. */
  failed?: (status: number) => string | undefined;
  /** Asks again, offered with a failure asking again may cure: the server's own (5xx) or the network's. */
  retry?: () => void;
  children?: (data: T) => ReactNode;
}

export function LoadingOrFailed<T>({ loaded, loading, empty, failed, retry, children }: LoadingOrFailedProps<T>) {
  if (loaded.state === 'loading') {
    return (
      <p role="status" className="console-state console-state--loading">
        {loading}
      </p>
    );
  }
  if (loaded.state === 'failed') {
    return (
      <div className="console-state console-state--failed">
        <p role="alert" className="console-error">
          {failed?.(loaded.status) ?? loaded.message}
        </p>
        {retry !== undefined && (loaded.status === 0 || loaded.status >= 500) && (
          <button type="button" className="console-button" onClick={retry}>
            Try again
          </button>
        )}
      </div>
    );
  }
  if (empty?.when(loaded.data)) return <Empty>{empty.message}</Empty>;
  return children?.(loaded.data) ?? null;
}

/** The empty state alone, for a part of a page that can be empty while the rest is not. */
export function Empty({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="console-state console-state--empty">
      {children}
    </p>
  );
}
