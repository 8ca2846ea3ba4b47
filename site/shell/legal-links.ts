/** The legal pages the footer links to, and where each is: the operator's own page or the built-in one. */
import { BUILT_IN_PAGES, type BuiltInPage, type PublicConfig } from '../../contracts/public-config.ts';

/** The legal pages the footer links to, in its order; their words are the page language's (interface.json). */
export const FOOTER_LEGAL_PAGES: readonly BuiltInPage[] = ['privacy', 'terms', 'doNotSell', 'stopContacting'];

/**
 * The page's address: the operator's own where a setting may name one, else the built-in page's path in the page's
 * language (`prefix`: "" or "/es").
 */
export function legalHref(config: PublicConfig, page: BuiltInPage, prefix = ''): string {
  // No setting names another "Stop contacting me": its revocations must reach the buyers that received the leads.
  const hrefs: Partial<Record<BuiltInPage, string>> = {
    privacy: config.privacyUrl,
    terms: config.termsUrl,
    doNotSell: config.doNotSellUrl,
  };
  return hrefs[page] ?? `${prefix}${BUILT_IN_PAGES[page].path}`;
}
