/** The legal pages the footer links to, and where each is: the operator's own page or the built-in one. */
import { BUILT_IN_PAGES, type BuiltInPage, type PublicConfig } from '../../contracts/public-config.ts';

export const LEGAL_LINKS: readonly { page: BuiltInPage; label: string }[] = [
  { page: 'privacy', label: 'Privacy' },
  { page: 'terms', label: 'Terms' },
  { page: 'doNotSell', label: 'Do Not Sell My Information' },
  { page: 'stopContacting', label: 'Stop contacting me' },
];

/** The page's address: the operator's own where a setting may name one, else the built-in page's path. */
export function legalHref(config: PublicConfig, page: BuiltInPage): string {
  // No setting names another "Stop contacting me": its revocations must reach the buyers that received the leads.
  const hrefs: Partial<Record<BuiltInPage, string>> = {
    privacy: config.privacyUrl,
    terms: config.termsUrl,
    doNotSell: config.doNotSellUrl,
  };
  return hrefs[page] ?? BUILT_IN_PAGES[page].path;
}
