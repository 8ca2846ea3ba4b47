/**
 * The third parties the environment configures, started once the page has loaded so none delays the first screen:
 * the tag manager (or a log line saying it is not configured) and the lead-certificate script. Returns the flow
 * events for the tag manager's dataLayer, which collects them even before its script arrives, and the actions, the
 * lead action preparing enhanced conversions where they are on. Consent mode's defaults go into the dataLayer first;
 * a visitor with the opt-out preference signal gets the advertising ones denied, no enhanced conversions, and a lead
 * sent with `gpc: true`.
 */
import type { Action } from '../../engine/actions/action.ts';
import { LEAD_ACTION } from '../../engine/actions/index.ts';
import type { PublicConfig } from '../../contracts/public-config.ts';
import type { FlowEvents } from '../../engine/render/flow-events.ts';
import { NO_TAG_MANAGER, pushConsentDefaults, tagManagerEvents, type DataLayer } from './tag-manager.ts';
import { leadUserData } from './lead-user-data.ts';
import { sendsOptOutSignal, withOptOutSignal } from './opt-out-signal.ts';

type Actions = Readonly<Record<string, Action>>;

declare global {
  interface Window {
    dataLayer?: object[];
  }
}

function afterLoad(run: () => void): void {
  if (document.readyState === 'complete') setTimeout(run);
  else window.addEventListener('load', () => setTimeout(run), { once: true });
}

export function startThirdParties(config: PublicConfig, actions: Actions): { events: FlowEvents; actions: Actions } {
  window.dataLayer ??= [];
  const dataLayer: DataLayer = window.dataLayer;
  const optedOut = sendsOptOutSignal(navigator);
  // Before any event: the tag manager reads the consent state from the commands that come before it.
  const defaults = config.consentDefaults;
  if (defaults !== null) pushConsentDefaults(dataLayer, optedOut ? defaults.optedOut : defaults.everyone);
  const log = (message: string) => console.warn(message);
  afterLoad(() => {
    if (config.gtm === null) log(NO_TAG_MANAGER);
    if (config.gtm === null && !config.loadTrustedFormScript) return;
    import('./third-party-scripts.ts').then(
      ({ loadThirdPartyScripts }) => loadThirdPartyScripts(config, { document, dataLayer, log }),
      () => log("The third parties' scripts could not be loaded."),
    );
  });
  const lead = actions[LEAD_ACTION];
  // Enhanced conversions are advertising: a visitor who opted out gets none.
  if (optedOut && lead !== undefined) {
    return { events: tagManagerEvents(dataLayer), actions: { ...actions, [LEAD_ACTION]: withOptOutSignal(lead) } };
  }
  if (!config.enhancedConversions || lead === undefined) return { events: tagManagerEvents(dataLayer), actions };
  const userData = leadUserData();
  return {
    events: tagManagerEvents(dataLayer, () => userData.take()),
    actions: { ...actions, [LEAD_ACTION]: userData.wrap(lead) },
  };
}
