/**
 * Previous on a screen the page opened with (a link to a later step, a reload, the other language's page) leads to the
 * step before on the visitor's path, as their answers lead through the flow; on any later screen it goes back in the
 * tab's history as before.
 */
import { screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { flows } from '../../../.generated/flows.ts';
import { NO_FLOW_EVENTS, type FlowEvents } from '../../../engine/render/flow-events.ts';
import { RECORD_LIFETIME_MS, type FormRecord } from '../../../engine/state/record.ts';
import { renderFlowPage } from '../../support/flow-page.tsx';

// v3 branches at the credit score: a poor score passes by the alternatives on its way to the business's details.
const v3 = flows.find(({ flow }) => flow.version === 'v3')!;
const POOR = 'Poor (639 or less)';
const GOOD = 'Good (680-719)';

/**
 * Opens `path` as the page's first address (after `before`, another page of the tab's history, if given), with
 * `answers` saved; answers the steps the visitor left, in order.
 */
function openPage(path: string, answers: FormRecord, { compiled = v3, before = '' } = {}): string[] {
  if (before !== '') window.history.replaceState(null, '', before);
  window.history[before === '' ? 'replaceState' : 'pushState'](null, '', path);
  window.localStorage.clear();
  window.localStorage.setItem(
    compiled.flow.storageKey,
    JSON.stringify({ ...answers, expire_time: Date.now() + RECORD_LIFETIME_MS }),
  );
  const left: string[] = [];
  const events: FlowEvents = { ...NO_FLOW_EVENTS, stepLeft: (step, how) => left.push(`${step.stepId} ${how}`) };
  renderFlowPage(events, compiled);
  return left;
}

const heading = (name: string) => screen.findByRole('heading', { level: 1, name });
const ABOUT_BUSINESS = 'Tell us about your business';
const CREDIT_SCORE = "What's your estimated personal credit score?";
const ALTERNATIVES = 'You may also qualify for these options';
const START = 'What type of business do you own?';

beforeEach(() => {
  window.history.replaceState(null, '', '/');
});

describe('Previous on the screen the page opened with', () => {
  it('leads to the step before by the answers: the alternatives after a poor score', async () => {
    const left = openPage('/v3/about-business?utm_source=fb', { credit_score: POOR });
    await heading(ABOUT_BUSINESS);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Previous' }));
    await heading(ALTERNATIVES);
    expect(window.location.pathname + window.location.search).toBe('/v3/alternatives?utm_source=fb');
    expect(left).toEqual(['about-business back']);
  });

  it('leads to the credit score after a good one', async () => {
    openPage('/v3/about-business', { credit_score: GOOD });
    await heading(ABOUT_BUSINESS);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Previous' }));
    await heading(CREDIT_SCORE);
    expect(window.location.pathname).toBe('/v3/credit-score');
  });

  it("leads to the flow's start when the answers do not lead to the step", async () => {
    openPage('/v3/alternatives', { credit_score: GOOD });
    await heading(ALTERNATIVES);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Back' }));
    await heading(START);
    expect(window.location.pathname).toBe('/v3');
  });
});

describe('Previous on a standalone step (reached by its own link) the page opened with', () => {
  it('goes back in the history, to where the link was', async () => {
    const v1 = flows.find(({ flow }) => flow.version === 'v1')!;
    openPage('/alternatives', { credit_score: GOOD }, { compiled: v1, before: '/amount' });
    await heading(ALTERNATIVES);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Back' }));
    await heading('How much do you need?');
  });
});

describe('Previous on a later screen', () => {
  it('goes back in the history, to the screen shown before, whatever the answers', async () => {
    const left = openPage('/v3/alternatives', { credit_score: GOOD });
    const user = userEvent.setup();
    await heading(ALTERNATIVES);
    await user.click(screen.getByRole('button', { name: 'No Contiue Business Loan' }));
    await heading(ABOUT_BUSINESS);
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    // By the answers the step before would be the credit score: the history leads back to where the visitor was.
    await heading(ALTERNATIVES);
    expect(left).toEqual(['alternatives advance', 'about-business back']);
  });
});
