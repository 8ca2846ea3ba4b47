/**
 * The few values of the event batch's contract (funnel.ts) that the page's first script sends batches with, apart
 * from the contract's schemas, which that script has no use for and would otherwise carry.
 */
export const EVENTS_PATH = '/api/events';

/** Most events one batch carries; the page sends sooner when it has this many. */
export const MAX_EVENTS_PER_BATCH = 50;

/** A batch's `visit`: random, kept for the tab's session (sessionStorage). */
export const VISIT_PATTERN = '^[A-Za-z0-9_-]{16,64}$';
