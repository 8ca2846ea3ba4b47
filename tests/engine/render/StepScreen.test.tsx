/**
 * A step tells the flow's listeners how the visitor left it: 'advance' when they moved on to the next step, 'back'
 * when they went back (the form's Previous or the browser's Back), each once.
 */
import { screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { NO_FLOW_EVENTS, type FlowEvents, type StepRef } from '../../../engine/render/flow-events.ts';
import { renderFlowPage } from '../../support/flow-page.tsx';

/** The steps left, in order, as "version step how". */
function leftSteps() {
  const left: string[] = [];
  const events: FlowEvents = {
    ...NO_FLOW_EVENTS,
    stepLeft: (step: StepRef, how) => left.push(`${step.version} ${step.stepId} ${how}`),
  };
  return { left, events };
}

const amountHeading = () => screen.findByRole('heading', { level: 1, name: 'How much do you need?' });
const startHeading = () => screen.findByRole('heading', { level: 1, name: 'What type of business do you own?' });

beforeEach(() => {
  window.history.replaceState(null, '', '/');
});

describe('a step left', () => {
  it("is 'advance' once when the visitor moves on, and 'back' once on the form's Previous", async () => {
    const { left, events } = leftSteps();
    renderFlowPage(events);
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
    renderFlowPage(events);
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
