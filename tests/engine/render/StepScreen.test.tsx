/**
 * A step tells the flow's listeners how the visitor left it: 'advance' when they moved on to the next step, 'back'
 * when they went back (the form's Previous or the browser's Back), each once.
 */
import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Provider } from 'jotai';
import { BrowserRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { flows } from '../../../.generated/flows.ts';
import { AlertProvider } from '../../../engine/alerts/Alerts.tsx';
import { EngineSettingsProvider, type EngineSettings } from '../../../engine/render/engine-settings.tsx';
import { FlowRoutes } from '../../../engine/render/FlowRoutes.tsx';
import type { FlowEvents, StepRef } from '../../../engine/render/flow-events.ts';
import { widgetRegistry } from '../../../engine/render/registry.ts';
import { createRecordAtoms } from '../../../engine/state/atoms.ts';
import { createRecordStore } from '../../../engine/state/record.ts';
import { widgets } from '../../../widgets/index.ts';
import { stubApi } from '../../support/form-context.ts';

const v1 = flows.find(({ flow }) => flow.version === 'v1')!;

/** The steps left, in order, as "step how". */
function leftSteps() {
  const left: string[] = [];
  const events: FlowEvents = {
    stepViewed: () => {},
    stepLeft: (step: StepRef, how) => left.push(`${step.version} ${step.stepId} ${how}`),
    validationFailed: () => {},
    actionCompleted: () => {},
    offerOpened: () => {},
  };
  return { left, events };
}

function renderFlow(events: FlowEvents) {
  const settings: EngineSettings = {
    registry: widgetRegistry(widgets),
    recordAtomFor: createRecordAtoms(createRecordStore(window.localStorage)),
    productName: 'Fundflow',
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
            <FlowRoutes flows={[v1]} layout={(step) => step} notFound={<p>Not found</p>} />
          </EngineSettingsProvider>
        </AlertProvider>
      </Provider>
    </BrowserRouter>,
  );
}

const amountHeading = () => screen.findByRole('heading', { level: 1, name: 'How much do you need?' });
const startHeading = () => screen.findByRole('heading', { level: 1, name: 'What type of business do you own?' });

beforeEach(() => {
  window.history.replaceState(null, '', '/');
  // jsdom lays nothing out: a new screen's scroll to the top does nothing.
  window.scrollTo = () => {};
});

describe('a step left', () => {
  it("is 'advance' once when the visitor moves on, and 'back' once on the form's Previous", async () => {
    const { left, events } = leftSteps();
    renderFlow(events);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: 'Sole Proprietor' }));
    await amountHeading();
    expect(left).toEqual(['v1 start advance']);

    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await startHeading();
    expect(left).toEqual(['v1 start advance', 'v1 amount back']);
  });

  it("is 'back' once on the browser's Back, and nothing when a step is shown again by Forward", async () => {
    const { left, events } = leftSteps();
    renderFlow(events);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: 'Sole Proprietor' }));
    await amountHeading();

    window.history.back();
    await startHeading();
    window.history.forward();
    await amountHeading();
    expect(left).toEqual(['v1 start advance', 'v1 amount back']);
  });
});
