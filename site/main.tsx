/** The composition root of the page: flows from the build, the widget list, the shell and the engine's routes. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { Provider } from 'jotai';
import { flows } from '../.generated/flows.ts';
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
import { NotFound } from './NotFound.tsx';

const config = readRuntimeConfig();
const settings = {
  registry: widgetRegistry(widgets),
  recordAtomFor: createRecordAtoms(),
  productName: config.productName,
  api: createApiClient(),
  actions,
  page: config.mapsApiKey === null ? {} : { mapsApiKey: config.mapsApiKey },
  certificateEnabled: config.loadTrustedFormScript,
};

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter>
      <Provider>
        <AlertProvider>
          <EngineSettingsProvider settings={settings}>
            <FlowRoutes
              flows={flows}
              layout={(screen, { flow }) => (
                <Shell config={config} homePath={flow.basePath || '/'}>
                  {screen}
                </Shell>
              )}
              notFound={
                <Shell config={config} homePath="/">
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
