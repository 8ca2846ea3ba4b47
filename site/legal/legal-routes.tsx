/**
 * The built-in legal pages as routes of the site, in the shell. Their screen and text are fetched when one opens
 * (LegalScreen.tsx); what the screen needs of the first script, its links and the API its forms call, is made here and
 * handed to it.
 */
import { Suspense } from 'react';
import type { ApiClient } from '../../engine/api/client.ts';
import { deferredComponent } from '../../engine/render/deferred-component.ts';
import type { SitePage } from '../../engine/render/FlowRoutes.tsx';
import { BUILT_IN_PAGES, type BuiltInPage, type PublicConfig } from '../../contracts/public-config.ts';
import { Shell, type ShellContent } from '../shell/Shell.tsx';
import { legalHref } from '../shell/legal-links.ts';
import { QueryLink, SiteLink } from '../site-link.tsx';
import type { LegalLink, LegalScreenProps } from './LegalScreen.tsx';
import type { LegalPagesContent } from '../content/types.ts';

/** The pages of the site's language: its address prefix ("" or "/es") and its legal pages' texts, loaded on demand. */
export interface LegalLanguage {
  prefix: string;
  loadPages: () => Promise<LegalPagesContent>;
  /** The link back to the form. */
  backLabel: string;
}

export function legalRoutes(
  config: PublicConfig,
  shell: ShellContent,
  api: ApiClient,
  { prefix, loadPages, backLabel }: LegalLanguage,
): SitePage[] {
  // The screen's code and the language's texts arrive together, when a legal page first opens.
  const LegalScreen = deferredComponent<Omit<LegalScreenProps, 'pages'>>(
    () =>
      Promise.all([import('./LegalScreen.tsx'), loadPages()]).then(
        ([module, pages]) =>
          function LegalScreenIn(props: Omit<LegalScreenProps, 'pages'>) {
            return <module.LegalScreen {...props} pages={pages} />;
          },
      ),
    'the page',
  );
  const home = prefix || '/';
  const Link: LegalLink = ({ to, children }) =>
    to === 'form' ? (
      <QueryLink to={home}>{children}</QueryLink>
    ) : (
      <SiteLink href={legalHref(config, to, prefix)}>{children}</SiteLink>
    );
  const route = (page: BuiltInPage): SitePage => ({
    path: `${prefix}${BUILT_IN_PAGES[page].path}`,
    element: (
      <Shell config={config} content={shell} homePath={home}>
        <Suspense fallback={null}>
          <LegalScreen page={page} productName={config.productName} Link={Link} api={api} backLabel={backLabel} />
        </Suspense>
      </Shell>
    ),
  });
  return (Object.keys(BUILT_IN_PAGES) as BuiltInPage[]).map(route);
}
