/**
 * The settings the server hands to the page at run time (one build serves every environment). The page imports
 * these types and the element id; this file must stay free of server-only imports.
 */

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

export interface PublicConfig {
  /** The product name (also the page title). */
  productName: string;
  /** Absolute http(s) URLs of the legal pages, or null when not configured. */
  privacyUrl: string | null;
  termsUrl: string | null;
  doNotSellUrl: string | null;
  /** Google Tag Manager, or null when no container is configured. */
  gtm: GtmConfig | null;
  /** Whether the page loads the TrustedForm lead-certificate script. */
  loadTrustedFormScript: boolean;
  /** The Google Maps Platform key for address autocomplete, or null: visitors type the address by hand. */
  mapsApiKey: string | null;
}
