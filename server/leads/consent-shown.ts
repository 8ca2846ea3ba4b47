/** The consent text exactly as the page showed it, and the fingerprint stored with every lead that agreed to it. */
import { createHash } from 'node:crypto';
import type { Consent } from '../../engine/flow/format.ts';

export interface ConsentShown {
  version: string;
  /** The flow's text with {product} replaced by the product name, as the page renders it. */
  text: string;
  /** SHA-256 of the UTF-8 text, hex: proves later which words were shown even if the flow file has changed. */
  sha256: string;
}

export function consentShown(consent: Consent, productName: string): ConsentShown {
  const text = consent.text.replaceAll('{product}', productName);
  return { version: consent.version, text, sha256: createHash('sha256').update(text, 'utf8').digest('hex') };
}
