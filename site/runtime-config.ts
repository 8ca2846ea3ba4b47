/** The environment's settings, written into the page by the server, so one build serves every environment. */
import { RUNTIME_CONFIG_ELEMENT_ID, type PublicConfig } from '../contracts/public-config.ts';

export function readRuntimeConfig(doc: Document = document): PublicConfig {
  return JSON.parse(doc.getElementById(RUNTIME_CONFIG_ELEMENT_ID)?.textContent ?? '') as PublicConfig;
}
