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

/**
 * The list as the locale writes it, the same in every browser and in Node: "A, B, and C" in US English ("en-US"),
 * "A, B y C" in US Spanish ("es-US").
 */
export function listOfNames(names: readonly string[], locale = 'en-US'): string {
  return new Intl.ListFormat(locale, { style: 'long', type: 'conjunction' }).format(names);
}

/** `locale` is the page's: the lenders' list is written in the language of the text around it. */
export function consentText(consent: Consent, names: ConsentNames, locale = 'en-US'): string {
  return consent.text
    .replaceAll('{product}', names.product)
    .replaceAll('{lenders}', listOfNames(names.lenders, locale));
}
