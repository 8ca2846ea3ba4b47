/**
 * A promise settled in a later task of the event loop, so that the work before it and the work after it are not one
 * long task: the browser can paint or answer input in between. `scheduler.yield` where the browser has it
 * (its continuation goes ahead of other queued tasks), a zero timeout elsewhere.
 */
export function nextTask(): Promise<void> {
  const { scheduler } = globalThis as { scheduler?: { yield?: () => Promise<void> } };
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
