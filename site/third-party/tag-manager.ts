/**
 * Google Tag Manager's dataLayer: consent mode's defaults and the flow's events, pushed from the first screen on (the
 * container script, added once the page has loaded, is in tag-manager-script.ts). Events carry the flow, its version
 * and step ids, never an answer as typed.
 */
import type { ConsentDefaults } from '../../contracts/consent-mode.ts';
import type { FlowEvents } from '../../engine/render/flow-events.ts';
import { LEAD_ACTION } from '../../engine/actions/index.ts';
import type { UserData } from './enhanced-conversions.ts';

/** Logged, not shown: the page works the same without analytics. */
export const NO_TAG_MANAGER = 'Google tag manager ID not provided.';

export type DataLayer = { push(...items: object[]): unknown };

/**
 * Google's gtag('consent', 'default', ...) for each set of defaults. gtag pushes its `arguments` object, which the tag
 * manager reads as a command; an array or a plain object would be read as data.
 */
export function pushConsentDefaults(dataLayer: DataLayer, defaults: readonly ConsentDefaults[]): void {
  function gtag(..._command: unknown[]) {
    // eslint-disable-next-line prefer-rest-params -- the tag manager needs the arguments object itself
    dataLayer.push(arguments);
  }
  for (const parameters of defaults) gtag('consent', 'default', parameters);
}

/**
 * The flow's events as dataLayer events. `page_refreshed` is 'true' on the first step shown after the page loaded
 * (a fresh visit or a reload) and 'false' on every step reached inside the page. With enhanced conversions,
 * lead_submitted carries the lead's hashed email and phone as `user_data` (lead-user-data.ts), and nothing else does.
 */
export function tagManagerEvents(dataLayer: DataLayer, userData?: () => UserData | undefined): FlowEvents {
  let firstView = true;
  return {
    stepViewed(step) {
      dataLayer.push({
        event: 'step_view',
        flow: step.flow,
        flow_version: step.version,
        step: step.stepId,
        page_refreshed: firstView ? 'true' : 'false',
      });
      firstView = false;
    },
    // The container has step_view for every step; moving on or back adds nothing a tag needs.
    stepLeft() {},
    validationFailed(step) {
      dataLayer.push({
        event: 'form_validation_error',
        flow: step.flow,
        flow_version: step.version,
        step: step.stepId,
      });
    },
    actionCompleted(step) {
      if (step.action !== LEAD_ACTION) return;
      const user = userData?.();
      dataLayer.push({
        event: 'lead_submitted',
        flow: step.flow,
        flow_version: step.version,
        step: step.stepId,
        ...(user === undefined ? {} : { user_data: user }),
      });
    },
    offerOpened(step, offer) {
      dataLayer.push({ event: 'offer_opened', flow: step.flow, flow_version: step.version, step: step.stepId, offer });
    },
  };
}
