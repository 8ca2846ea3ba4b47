/**
 * The page's component tree below its router, built alike in the browser (site/main.tsx) and when the server
 * prerenders the start screens (site/prerender.tsx), so the browser's first render matches the markup it was sent.
 */
import { StrictMode, type ReactElement } from 'react';
import { Provider } from 'jotai';
import { widgets } from '../widgets/index.ts';
import { EngineSettingsProvider, type EngineSettings } from '../engine/render/engine-settings.tsx';
import { FlowRoutes } from '../engine/render/FlowRoutes.tsx';
import { widgetRegistry } from '../engine/render/registry.ts';
import { AlertProvider } from '../engine/alerts/Alerts.tsx';
import type { ApiClient } from '../engine/api/client.ts';
import type { PublicConfig } from '../contracts/public-config.ts';
import type { CompiledFlow } from '../engine/flow/compiled.ts';
import { legalRoutes } from './legal/legal-routes.tsx';
import { Shell } from './shell/Shell.tsx';
import { SiteLayout, type SiteLanguage, type SiteSettings } from './SiteLayout.tsx';
import type { LegalPagesContent, SiteContent } from './content/types.ts';
import { NotFound } from './NotFound.tsx';
import { HydrationTurnsProvider, type HydrationTurns } from '../engine/render/hydrate-later.tsx';

/** What differs between the browser and the prerender: the environment's settings and the page's connections. */
export type SiteEnvironment = Pick<
  EngineSettings,
  'recordAtomFor' | 'events' | 'actions' | 'pageAnswers' | 'arrival'
> & {
  /** The flows routed: the build's in the page's language, and the page's own published version when it carries one. */
  flows: readonly CompiledFlow[];
  /** The page's language: its words, its locale and its links to the others. */
  language: SiteLanguage;
  locale: string;
  content: SiteContent;
  legalPages: () => Promise<LegalPagesContent>;
  config: PublicConfig;
  api: ApiClient;
  /** The browser's, for a first visit's hydration: when the parts wrapped in HydrateLater are taken over. */
  hydrationTurns?: HydrationTurns;
};

/** Built once per page (or prerender): the settings it creates must stay the same objects across renders. */
export function siteTree(environment: SiteEnvironment): ReactElement {
  const { config, api, flows, content, language } = environment;
  const settings: EngineSettings = {
    registry: widgetRegistry(widgets),
    recordAtomFor: environment.recordAtomFor,
    productName: config.productName,
    locale: environment.locale,
    api,
    actions: environment.actions,
    page: config.mapsApiKey === null ? {} : config,
    certificateEnabled: config.loadTrustedFormScript,
    pageAnswers: environment.pageAnswers,
    arrival: environment.arrival,
    events: environment.events,
  };
  const site: SiteSettings = {
    config,
    language,
    content,
    shell: { disclosure: content.footer.disclosure, social: content.social.links, words: content.interface, language },
    promises: content.footer.promises,
    lenders: content.lenders.lenders,
    loadPopup: () => api.homePopup(),
    popupShown: { current: false },
  };
  const pages = legalRoutes(config, site.shell, api, {
    prefix: language.prefix,
    loadPages: environment.legalPages,
    backLabel: content.interface.legalPage.back,
  });
  return (
    <StrictMode>
      <HydrationTurnsProvider turns={environment.hydrationTurns}>
        <Provider>
          <AlertProvider>
            <EngineSettingsProvider settings={settings}>
              <FlowRoutes
                flows={flows}
                layout={(screen, { flow, stepId }) => (
                  <SiteLayout site={site} flow={flow} stepId={stepId}>
                    {screen}
                  </SiteLayout>
                )}
                pages={pages}
                notFound={
                  <Shell config={config} content={site.shell} homePath={language.prefix || '/'}>
                    <NotFound
                      productName={config.productName}
                      words={content.interface.notFound}
                      homePath={language.prefix || '/'}
                    />
                  </Shell>
                }
              />
            </EngineSettingsProvider>
          </AlertProvider>
        </Provider>
      </HydrationTurnsProvider>
    </StrictMode>
  );
}
