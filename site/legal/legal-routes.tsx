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

const LegalScreen = deferredComponent<LegalScreenProps>(
  () => import('./LegalScreen.tsx').then((module) => module.LegalScreen),
  'the page',
);

export function legalRoutes(config: PublicConfig, shell: ShellContent, api: ApiClient): SitePage[] {
  const Link: LegalLink = ({ to, children }) =>
    to === 'form' ? (
      <QueryLink to="/">{children}</QueryLink>
    ) : (
      <SiteLink href={legalHref(config, to)}>{children}</SiteLink>
    );
  const route = (page: BuiltInPage): SitePage => ({
    path: BUILT_IN_PAGES[page].path,
    element: (
      <Shell config={config} content={shell} homePath="/">
        <Suspense fallback={null}>
          <LegalScreen page={page} productName={config.productName} Link={Link} api={api} />
        </Suspense>
      </Shell>
    ),
  });
  return (Object.keys(BUILT_IN_PAGES) as BuiltInPage[]).map(route);
}
