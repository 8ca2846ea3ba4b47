/**
 * Google Tag Manager: the container script (only when an id is configured, after the first screen is up) and the
 * dataLayer events of the flow. Events carry the flow, its version and step ids, never an answer as typed.
 */
import type { GtmConfig } from '../../contracts/public-config.ts';
import type { ConsentDefaults } from '../../contracts/consent-mode.ts';
import type { FlowEvents } from '../../engine/render/flow-events.ts';
import { LEAD_ACTION } from '../../engine/actions/index.ts';
import { addAsyncScript, type ScriptPage } from './add-script.ts';
import type { UserData } from './enhanced-conversions.ts';

export const TAG_MANAGER_ORIGIN = 'https://www.googletagmanager.com';
export const NO_TAG_MANAGER = 'Google tag manager ID not provided.';

export type DataLayer = { push(...items: object[]): unknown };

export function tagManagerUrl(gtm: GtmConfig): string {
  const url = new URL('/gtm.js', TAG_MANAGER_ORIGIN);
  url.searchParams.set('id', gtm.id);
  // An environment (preview or staging container) needs both; gtm_cookies_win keeps its preview cookie working.
  if (gtm.auth !== null && gtm.preview !== null) {
    url.searchParams.set('gtm_auth', gtm.auth);
    url.searchParams.set('gtm_preview', gtm.preview);
    url.searchParams.set('gtm_cookies_win', 'x');
  }
  return url.href;
}

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

/** Adds the container script; without an id it only logs, as the page works the same without analytics. */
export function loadTagManager(gtm: GtmConfig | null, page: ScriptPage & { dataLayer: DataLayer }): void {
  if (gtm === null) {
    page.log(NO_TAG_MANAGER);
    return;
  }
  page.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
  addAsyncScript(page, tagManagerUrl(gtm), 'Google tag manager script could not be loaded.');
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
