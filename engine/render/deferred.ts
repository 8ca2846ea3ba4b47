/**
 * Something the first screen does not need (a later step's validators, a later step's widget), fetched once: when
 * the visitor first acts on the page, or when a screen that needs it renders first. A fetch that fails (no network)
 * is tried again once the browser is back online or the visitor acts again, never in a loop.
 */

/** Events that say the visitor is there again. */
const RETRY_EVENTS = ['online', 'pointerdown', 'keydown'] as const;

function nextRetry(): Promise<void> {
  return new Promise((resolve) => {
    const retry = () => {
      for (const type of RETRY_EVENTS) window.removeEventListener(type, retry);
      resolve();
    };
    for (const type of RETRY_EVENTS) window.addEventListener(type, retry);
  });
}

export interface Deferred<T> {
  /** The value once it arrived. */
  readonly value: T | undefined;
  /**
   * Starts the fetch unless the value is here or on its way. Settles once the value arrived, or once a failed fetch
   * may be tried again; never rejects, so a component suspended on it simply renders again and asks once more.
   */
  load(): Promise<void>;
}

export function deferred<T>(fetch: () => Promise<T>, what: string): Deferred<T> {
  let value: T | undefined;
  let pending: Promise<void> | undefined;
  return {
    get value() {
      return value;
    },
    load() {
      pending ??= fetch().then(
        (arrived) => {
          value = arrived;
        },
        async (error: unknown) => {
          console.warn(`The form could not load ${what}; it tries again when the visitor is back`, error);
          await nextRetry();
          pending = undefined;
        },
      );
      return pending;
    },
  };
}

/** The value, or suspends the rendering component (in a Suspense boundary) until it arrives. */
export function readOrSuspend<T>(source: Deferred<T>): T {
  if (source.value !== undefined) return source.value;
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- Suspense waits on a thrown promise, then renders again
  throw source.load();
}

/**
 * Calls back once the main thread is idle, or after two seconds at the latest: a screen that animates (confetti) may
 * never leave it idle. Safari has no idle callbacks: a short delay stands in.
 */
export function whenIdle(callback: () => void): void {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(callback, { timeout: 2000 });
  else window.setTimeout(callback, 200);
}
