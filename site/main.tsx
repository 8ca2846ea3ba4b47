/** The composition root of the page: flows from the build, the widget list, the site around them and the engine's routes. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { Provider } from 'jotai';
import { flows } from '../.generated/flows.ts';
import { siteContent } from '../.generated/site-content.ts';
import { widgets } from '../widgets/index.ts';
import { EngineSettingsProvider } from '../engine/render/engine-settings.tsx';
import { FlowRoutes } from '../engine/render/FlowRoutes.tsx';
import { widgetRegistry } from '../engine/render/registry.ts';
import { createRecordAtoms } from '../engine/state/atoms.ts';
import { actions } from '../engine/actions/index.ts';
import { AlertProvider } from '../engine/alerts/Alerts.tsx';
import { createApiClient } from '../engine/api/client.ts';
import { readRuntimeConfig } from './runtime-config.ts';
import { Shell } from './shell/Shell.tsx';
import { SiteLayout, type SiteSettings } from './SiteLayout.tsx';
import { NotFound } from './NotFound.tsx';
import { startThirdParties } from './third-party/start.ts';
import { certificateAnswers } from './third-party/lead-certificate.ts';
import { registerServiceWorker } from './service-worker-registration.ts';

const config = readRuntimeConfig();
const api = createApiClient();
const settings = {
  registry: widgetRegistry(widgets),
  recordAtomFor: createRecordAtoms(),
  productName: config.productName,
  api,
  actions,
  page: config.mapsApiKey === null ? {} : { mapsApiKey: config.mapsApiKey },
  certificateEnabled: config.loadTrustedFormScript,
  pageAnswers: () => certificateAnswers(document),
  events: startThirdParties(config),
};
const site: SiteSettings = {
  config,
  shell: { disclosure: siteContent.footer.disclosure, social: siteContent.social.links },
  promises: siteContent.footer.promises,
  lenders: siteContent.lenders.lenders,
  loadPopup: api.homePopup,
};

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter>
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
              notFound={
                <Shell config={config} content={site.shell} homePath="/">
                  <NotFound productName={config.productName} />
                </Shell>
              }
            />
          </EngineSettingsProvider>
        </AlertProvider>
      </Provider>
    </BrowserRouter>
  </StrictMode>,
);

registerServiceWorker();
