/**
 * The consent text as the visitor reads it: the flow's text with the product and the participating lenders named.
 * The page shows it and the server records it with each lead, both through this one function, so the evidence holds
 * exactly the words on the screen.
 */
import type { Consent } from './definition.ts';

export interface ConsentNames {
  product: string;
  /** The participating lenders, in the order the site lists them. */
  lenders: readonly string[];
}

/** "A, B, and C": the list as US English writes it, the same in every browser and in Node. */
export function listOfNames(names: readonly string[]): string {
  return new Intl.ListFormat('en-US', { style: 'long', type: 'conjunction' }).format(names);
}

export function consentText(consent: Consent, names: ConsentNames): string {
  return consent.text.replaceAll('{product}', names.product).replaceAll('{lenders}', listOfNames(names.lenders));
}
