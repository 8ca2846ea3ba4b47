/**
 * Registers the service worker in production builds, once the page is loaded and the browser is idle, or 30 seconds
 * after start at the latest, so it never competes with the first screen for the network. A failure is logged and
 * never reaches the visitor: the page works the same without the worker.
 */

export const REGISTRATION_DEADLINE_MS = 30_000;

export interface RegistrationEnvironment {
  production: boolean;
  /** The browser has service workers (not in some private modes, insecure origins or old browsers). */
  supported: boolean;
  register: () => Promise<unknown>;
  /** Undefined where the browser has no idle callbacks (Safari): the deadline registers alone. */
  requestIdleCallback: ((callback: () => void) => void) | undefined;
  setTimeout: (callback: () => void, ms: number) => void;
  /** Calls back once the window's load event has fired, at once if it already has. */
  whenLoaded: (callback: () => void) => void;
  warn: (message: string, error: unknown) => void;
}

function browserEnvironment(): RegistrationEnvironment {
  return {
    // Parcel replaces process.env.NODE_ENV at build time.
    production: process.env.NODE_ENV === 'production',
    supported: typeof navigator !== 'undefined' && 'serviceWorker' in navigator,
    // Written out in full: Parcel bundles the worker, with its manifest, from exactly this call.
    register: () =>
      navigator.serviceWorker.register(new URL('./service-worker.ts', import.meta.url), { type: 'module', scope: '/' }),
    requestIdleCallback:
      typeof window.requestIdleCallback === 'function' ? (callback) => window.requestIdleCallback(callback) : undefined,
    setTimeout: (callback, ms) => window.setTimeout(callback, ms),
    whenLoaded: (callback) => {
      if (document.readyState === 'complete') callback();
      else window.addEventListener('load', callback, { once: true });
    },
    warn: (message, error) => console.warn(message, error),
  };
}

export function registerServiceWorker(overrides: Partial<RegistrationEnvironment> = {}): void {
  const environment = { ...browserEnvironment(), ...overrides };
  if (!environment.production || !environment.supported) return;

  let started = false;
  const register = () => {
    if (started) return;
    started = true;
    Promise.resolve()
      .then(environment.register)
      .catch((error: unknown) => environment.warn('The service worker could not be registered', error));
  };

  try {
    environment.setTimeout(register, REGISTRATION_DEADLINE_MS);
    const idle = environment.requestIdleCallback;
    if (idle !== undefined) environment.whenLoaded(() => idle(register));
  } catch (error) {
    environment.warn('The service worker registration could not be scheduled', error);
  }
}
