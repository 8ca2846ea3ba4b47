/**
 * Google's consent mode v2: the defaults the page sets before the tag manager loads, from CONSENT_DEFAULT, and what a
 * visitor's opt-out preference signal (Global Privacy Control) changes in them. The server parses the setting and
 * writes both sets of commands into the page (PublicConfig.consentDefaults); the page pushes one of them into the
 * dataLayer, as gtag('consent', 'default', ...) would, before anything else
 * (docs/decisions/121-global-privacy-control-and-consent-mode.md). Plain values only: the page bundles this module.
 */

export type ConsentState = 'granted' | 'denied';

/**
 * One part of CONSENT_DEFAULT: a state for the listed regions (ISO 3166-2 "US-CA", or a country "DE"), or for
 * everywhere no other part lists when it lists none.
 */
export interface ConsentRule {
  state: ConsentState;
  regions: readonly string[];
}

/** The parameters of one gtag('consent', 'default', ...) command, named as Google names them. */
export interface ConsentDefaults {
  ad_storage: ConsentState;
  ad_user_data: ConsentState;
  ad_personalization: ConsentState;
  analytics_storage: ConsentState;
  region?: string[];
  wait_for_update?: number;
}

/** The commands for every visitor, and for one whose browser sends an opt-out preference signal. */
export interface ConsentCommands {
  everyone: ConsentDefaults[];
  optedOut: ConsentDefaults[];
}

/**
 * How long the tags wait, where storage is denied by default, for a consent banner loaded by the tag manager to say
 * what the visitor chose (gtag('consent', 'update', ...)) before they run with the defaults.
 */
export const WAIT_FOR_UPDATE_MS = 500;

/**
 * One default command per rule. An opt-out preference signal denies the advertising storage and signals everywhere
 * (an opt-out of sale and sharing), whatever the rule grants; analytics keeps the rule's state.
 */
export function consentDefaults(rules: readonly ConsentRule[], optedOut: boolean): ConsentDefaults[] {
  return rules.map(({ state, regions }) => {
    const ads = optedOut ? 'denied' : state;
    return {
      ad_storage: ads,
      ad_user_data: ads,
      ad_personalization: ads,
      analytics_storage: state,
      ...(regions.length > 0 ? { region: [...regions] } : {}),
      ...(state === 'denied' ? { wait_for_update: WAIT_FOR_UPDATE_MS } : {}),
    };
  });
}

export function consentCommands(rules: readonly ConsentRule[]): ConsentCommands {
  return { everyone: consentDefaults(rules, false), optedOut: consentDefaults(rules, true) };
}
