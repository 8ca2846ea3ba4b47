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

/** `locale` writes the list of lenders as the page in that language does ("A, B y C" in es-US). */
export function consentShown(consent: Consent, names: ConsentNames, locale?: string): ConsentShown {
  const text = consentText(consent, names, locale);
  return { version: consent.version, text, sha256: createHash('sha256').update(text, 'utf8').digest('hex') };
}
