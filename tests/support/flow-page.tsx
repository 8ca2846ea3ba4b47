/** A flow's steps as the page routes them, in the browser's router, with the page's listeners of flow events. */
import { render } from '@testing-library/react';
import { Provider } from 'jotai';
import { BrowserRouter } from 'react-router-dom';
import { flows } from '../../.generated/flows.ts';
import type { CompiledFlow } from '../../engine/flow/compiled.ts';
import { AlertProvider } from '../../engine/alerts/Alerts.tsx';
import { EngineSettingsProvider, type EngineSettings } from '../../engine/render/engine-settings.tsx';
import { FlowRoutes } from '../../engine/render/FlowRoutes.tsx';
import type { FlowEvents } from '../../engine/render/flow-events.ts';
import { widgetRegistry } from '../../engine/render/registry.ts';
import { createRecordAtoms } from '../../engine/state/atoms.ts';
import { createRecordStore } from '../../engine/state/record.ts';
import { widgets } from '../../widgets/index.ts';
import { stubApi } from './form-context.ts';

export const v1 = flows.find(({ flow }) => flow.version === 'v1')!;

/** Renders `compiled` (v1 by default) at the address the test set (window.history), telling `events` of what happens. */
export function renderFlowPage(events: FlowEvents, compiled: CompiledFlow = v1): void {
  // jsdom lays nothing out: a new screen's scroll to the top does nothing.
  window.scrollTo = () => {};
  const settings: EngineSettings = {
    registry: widgetRegistry(widgets),
    recordAtomFor: createRecordAtoms(createRecordStore(window.localStorage)),
    productName: 'Fundflow',
    locale: 'en-US',
    api: stubApi(),
    actions: {},
    page: {},
    certificateEnabled: false,
    pageAnswers: () => ({}),
    events,
  };
  render(
    <BrowserRouter>
      <Provider>
        <AlertProvider>
          <EngineSettingsProvider settings={settings}>
            <FlowRoutes flows={[compiled]} layout={(step) => step} notFound={<p>Not found</p>} />
          </EngineSettingsProvider>
        </AlertProvider>
      </Provider>
    </BrowserRouter>,
  );
}
