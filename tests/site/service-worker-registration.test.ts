import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  REGISTRATION_DEADLINE_MS,
  registerServiceWorker,
  type RegistrationEnvironment,
} from '../../site/service-worker-registration.ts';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

/** A production browser with service workers whose load event and idle time the test fires by hand. */
function browser(overrides: Partial<RegistrationEnvironment> = {}) {
  const loaded: Array<() => void> = [];
  const idle: Array<() => void> = [];
  const register = vi.fn(async () => ({}));
  const warn = vi.fn();
  const environment: Partial<RegistrationEnvironment> = {
    production: true,
    supported: true,
    register,
    requestIdleCallback: (callback) => void idle.push(callback),
    whenLoaded: (callback) => void loaded.push(callback),
    warn,
    ...overrides,
  };
  return {
    environment,
    register,
    warn,
    load: () => loaded.splice(0).forEach((callback) => callback()),
    idle: () => idle.splice(0).forEach((callback) => callback()),
    idleRequested: () => idle.length > 0,
  };
}

describe('registerServiceWorker', () => {
  it('registers once the page has loaded and the browser is idle, and only once', async () => {
    const page = browser();
    registerServiceWorker(page.environment);
    expect(page.idleRequested()).toBe(false);

    page.load();
    expect(page.idleRequested()).toBe(true);
    await vi.advanceTimersByTimeAsync(1000);
    expect(page.register).not.toHaveBeenCalled();

    page.idle();
    await vi.advanceTimersByTimeAsync(0);
    expect(page.register).toHaveBeenCalledTimes(1);

    await vi.advanceTimersByTimeAsync(REGISTRATION_DEADLINE_MS);
    expect(page.register).toHaveBeenCalledTimes(1);
  });

  it('registers 30 s after start at the latest where the browser has no idle callbacks', async () => {
    const page = browser({ requestIdleCallback: undefined });
    registerServiceWorker(page.environment);
    page.load();

    await vi.advanceTimersByTimeAsync(29_999);
    expect(page.register).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(page.register).toHaveBeenCalledTimes(1);
  });

  it('registers 30 s after start at the latest when the load event or idle time never comes', async () => {
    const page = browser();
    registerServiceWorker(page.environment);

    await vi.advanceTimersByTimeAsync(30_000);
    expect(page.register).toHaveBeenCalledTimes(1);
    page.load();
    page.idle();
    await vi.advanceTimersByTimeAsync(0);
    expect(page.register).toHaveBeenCalledTimes(1);
  });

  it('never registers in development', async () => {
    const page = browser({ production: false });
    registerServiceWorker(page.environment);
    page.load();
    page.idle();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(page.register).not.toHaveBeenCalled();
  });

  it('takes development or production from the build (not production under test)', async () => {
    const page = browser();
    const { production: _production, ...notSaid } = page.environment;
    registerServiceWorker(notSaid);
    page.load();
    page.idle();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(page.register).not.toHaveBeenCalled();
  });

  it('does nothing where the browser has no service workers', async () => {
    const page = browser({ supported: false });
    registerServiceWorker(page.environment);
    page.load();
    page.idle();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(page.register).not.toHaveBeenCalled();
  });

  it('logs a rejected registration instead of throwing it', async () => {
    const failure = new DOMException('The operation is insecure.', 'SecurityError');
    const page = browser({ register: vi.fn(async () => Promise.reject(failure)) });
    registerServiceWorker(page.environment);
    page.load();
    page.idle();
    await vi.advanceTimersByTimeAsync(0);
    expect(page.warn).toHaveBeenCalledWith('The service worker could not be registered', failure);
  });

  it('logs a registration that throws at once instead of throwing it', async () => {
    const failure = new TypeError('navigator.serviceWorker is undefined');
    const page = browser({
      register: () => {
        throw failure;
      },
    });
    registerServiceWorker(page.environment);
    expect(() => page.load()).not.toThrow();
    expect(() => page.idle()).not.toThrow();
    await vi.advanceTimersByTimeAsync(0);
    expect(page.warn).toHaveBeenCalledWith('The service worker could not be registered', failure);
  });
});
