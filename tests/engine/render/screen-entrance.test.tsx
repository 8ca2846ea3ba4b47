/**
 * Each new screen takes the focus to its heading, so a screen reader reads the question and Tab goes on from there;
 * the screen a page load opens on leaves the focus where the browser put it, on every page load
 * (docs/decisions/055-focus-on-new-screens.md).
 */
import { cleanup, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { NO_FLOW_EVENTS } from '../../../engine/render/flow-events.ts';
import { renderFlowPage } from '../../support/flow-page.tsx';

const startHeading = () => screen.findByRole('heading', { level: 1, name: 'What type of business do you own?' });
const amountHeading = () => screen.findByRole('heading', { level: 1, name: 'How much do you need?' });

/** Opens the page at `path` as a new page load, and answers the start screen's heading once it shows. */
async function loadPage(path: string) {
  window.history.replaceState(null, '', path);
  renderFlowPage(NO_FLOW_EVENTS);
  return startHeading();
}

beforeEach(() => {
  window.history.replaceState(null, '', '/');
});

describe('the focus on a screen', () => {
  it('stays where the browser put it on the screen a page load opens on', async () => {
    await loadPage('/');
    expect(document.activeElement).toBe(document.body);
  });

  it('stays there when a later step opened without answers sends the visitor to the start', async () => {
    await loadPage('/amount');
    expect(window.location.pathname).toBe('/');
    expect(document.activeElement).toBe(document.body);
  });

  it('goes to the heading of each screen after the first, on Next and on Previous', async () => {
    await loadPage('/');
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: 'Sole Proprietor' }));
    const amount = await amountHeading();
    expect(document.activeElement).toBe(amount);
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    const start = await startHeading();
    expect(document.activeElement).toBe(start);
  });

  it('stays where the browser put it again on the next page load', async () => {
    await loadPage('/');
    await userEvent.setup().click(screen.getByRole('radio', { name: 'Sole Proprietor' }));
    await amountHeading();
    cleanup();
    await loadPage('/');
    expect(document.activeElement).toBe(document.body);
  });
});
