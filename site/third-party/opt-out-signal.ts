/**
 * The visitor's opt-out preference signal (Global Privacy Control): a browser that sends `Sec-GPC: 1` says so to the
 * page as navigator.globalPrivacyControl. The page honours it as an opt-out of sale and sharing: no advertising
 * storage or enhanced conversions, the footer says it was honoured, and the lead carries `gpc: true` for the buyers
 * (docs/decisions/121-global-privacy-control-and-consent-mode.md).
 */
import { useSyncExternalStore } from 'react';
import type { Action } from '../../engine/actions/action.ts';
import type { LeadExtras } from '../../contracts/lead.ts';

/** Whether the browser sends the signal: only `true` counts, as its specification says. */
export function sendsOptOutSignal(browser: Navigator): boolean {
  return (browser as Navigator & { globalPrivacyControl?: unknown }).globalPrivacyControl === true;
}

// The signal is the browser's setting: it does not change while the page is open.
const unchanging = () => () => {};

/**
 * The signal for a component: false in the server's markup and while hydrating it (the server cannot know), the
 * browser's own right after.
 */
export function useOptOutSignal(): boolean {
  return useSyncExternalStore(
    unchanging,
    () => sendsOptOutSignal(navigator),
    () => false,
  );
}

/** The lead action, its lead sent with `gpc: true` (the server also reads the Sec-GPC header such a browser sends). */
export function withOptOutSignal(action: Action): Action {
  return (input) =>
    action({
      ...input,
      api: {
        ...input.api,
        sendLead: (lead) => input.api.sendLead({ ...lead, ...({ gpc: true } satisfies Pick<LeadExtras, 'gpc'>) }),
      },
    });
}
