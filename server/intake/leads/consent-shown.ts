/** The consent text exactly as the page showed it, and the fingerprint stored with every lead that agreed to it. */
import { createHash } from 'node:crypto';
import { consentText, type ConsentNames } from '../../../engine/flow/consent.ts';
import type { Consent } from '../../../engine/flow/definition.ts';

export interface ConsentShown {
  version: string;
  /** The flow's text with the product and the lenders named, as the page renders it. */
  text: string;
  /** SHA-256 of the UTF-8 text, hex: proves later which words were shown even if the flow file has changed. */
  sha256: string;
}

export function consentShown(consent: Consent, names: ConsentNames): ConsentShown {
  const text = consentText(consent, names);
  return { version: consent.version, text, sha256: createHash('sha256').update(text, 'utf8').digest('hex') };
}
