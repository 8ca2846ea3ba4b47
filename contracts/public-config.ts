/**
 * The settings the server hands to the page at run time (one build serves every environment): part of the
 * page-server contract, so the site and the server both import it from here and neither imports the other.
 * Plain values and types, and the one reader of the page's element: the pages bundle this module.
 */

import type { ConsentCommands } from './consent-mode.ts';

/** The id of the `<script type="application/json">` element in index.html that carries the PublicConfig JSON. */
export const RUNTIME_CONFIG_ELEMENT_ID = 'runtime-config';

export interface GtmConfig {
  /** The container id, e.g. "GTM-XXXXXXX". */
  id: string;
  /** The environment's gtm_auth value, or null for the live container. */
  auth: string | null;
  /** The environment's gtm_preview value (e.g. "env-3"), or null for the live container. */
  preview: string | null;
}

/**
 * The paths of the legal pages the site serves itself, where PRIVACY_URL, TERMS_URL or DO_NOT_SELL_URL do not name the
 * operator's own; "Stop contacting me" is always the site's own (its revocations reach the buyers from here).
 */
export const BUILT_IN_PAGES = {
  privacy: { path: '/privacy' },
  terms: { path: '/terms' },
  doNotSell: { path: '/do-not-sell' },
  stopContacting: { path: '/stop-contacting' },
} as const;

export type BuiltInPage = keyof typeof BUILT_IN_PAGES;

/** The built-in pages' paths, each with what it is: no flow route may take one (flows:check, and the server). */
export function builtInPagePaths(): Map<string, string> {
  const names: Record<BuiltInPage, string> = {
    privacy: 'built-in privacy policy',
    terms: 'built-in terms of use',
    doNotSell: 'built-in "Do Not Sell My Information" page',
    stopContacting: 'built-in "Stop contacting me" page',
  };
  return new Map(Object.entries(BUILT_IN_PAGES).map(([page, { path }]) => [path, names[page as BuiltInPage]]));
}

/**
 * Which Google service suggests addresses: Places API (New) through the Maps JavaScript API's Autocomplete Data API,
 * or the legacy Places Autocomplete widget (GOOGLE_PLACES_API).
 */
export type PlacesApi = 'new' | 'legacy';

/** What the server hands the page: the settings below, and the Maps key with the service that suggests with it. */
export type PublicConfig = PageConfig & MapsConfig;

/**
 * The Google Maps Platform key for address suggestions, with the service that suggests addresses with it; or no key
 * (null): visitors type the address by hand. A union on the key, so that a config with a key is the widgets' page
 * settings as it is (site/site-tree.tsx), and the first script builds no object for them.
 */
export type MapsConfig = { mapsApiKey: string; placesApi: PlacesApi } | { mapsApiKey: null; placesApi: PlacesApi };

interface PageConfig {
  /** The product name (also the page title). */
  productName: string;
  /** The legal pages: the operator's absolute http(s) URL when configured, else the built-in page's path. */
  privacyUrl: string;
  termsUrl: string;
  doNotSellUrl: string;
  /** Google Tag Manager, or null when no container is configured. */
  gtm: GtmConfig | null;
  /**
   * Google consent mode's default commands (CONSENT_DEFAULT), for every visitor and for one whose browser sends the
   * opt-out preference signal; null without a tag manager.
   */
  consentDefaults: ConsentCommands | null;
  /**
   * Whether lead_submitted carries the lead's email and phone hashed (SHA-256) for the ad platforms' enhanced
   * conversions: only with a tag manager, and only when ENHANCED_CONVERSIONS is on.
   */
  enhancedConversions: boolean;
  /** Whether the page loads the TrustedForm lead-certificate script. */
  loadTrustedFormScript: boolean;
}

/** The settings the server wrote into this page: how the visitor's page and the console's read them at start. */
export function readRuntimeConfig(doc: Document = document): PublicConfig {
  return JSON.parse(doc.getElementById(RUNTIME_CONFIG_ELEMENT_ID)?.textContent ?? '') as PublicConfig;
}
