import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import flow from '../../../flows/business-funding.json' with { type: 'json' };
import { SearchingTimeline } from '../../../widgets/searching-timeline/SearchingTimeline.tsx';
import type { SearchingTimelineOptions } from '../../../widgets/searching-timeline/options.ts';
import { fakeFormContext } from '../../support/form-context.ts';

const confetti = vi.hoisted(() => ({ started: vi.fn(), cleared: vi.fn() }));
vi.mock('js-confetti', () => ({
  default: class {
    constructor(config: { canvas: HTMLCanvasElement }) {
      confetti.started(config.canvas);
    }
    addConfetti() {
      return Promise.resolve();
    }
    clearCanvas() {
      confetti.cleared();
    }
  },
}));

const options = flow.steps['searching-coverage-area'].display.options as SearchingTimelineOptions;

function renderTimeline() {
  const context = fakeFormContext({ record: { city: 'Austin' } });
  const view = render(<SearchingTimeline options={options} context={context} />);
  return { ...view, context };
}

function preferReducedMotion(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query === '(prefers-reduced-motion: no-preference)' ? !reduce : reduce,
  }));
}

async function passSeconds(seconds: number) {
  await act(() => vi.advanceTimersByTimeAsync(seconds * 1000));
}

const headline = () => document.querySelector('[aria-live="polite"]')?.textContent;

beforeEach(() => {
  vi.useFakeTimers();
  confetti.started.mockClear();
  confetti.cleared.mockClear();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('searching-timeline', () => {
  it('changes the headline at 0, 2, 4, 6 and 8 s, with the city filled in', async () => {
    renderTimeline();
    const seen = [headline()];
    for (let second = 2; second <= 8; second += 2) {
      await passSeconds(1.9);
      expect(headline()).toBe(seen[seen.length - 1]);
      await passSeconds(0.1);
      seen.push(headline());
    }
    expect(seen).toEqual([
      'Reviewing your information...',
      'Looking for best rates in Austin...',
      'Comparing quotes from different lenders...',
      'Checking for discounts...',
      "Congratulations! We've found the perfect match in Austin",
    ]);
  });

  it('ticks the steps off one by one, all of them by the last headline', async () => {
    renderTimeline();
    const [list] = screen.getAllByRole('list') as [HTMLElement];
    const current = () =>
      within(list)
        .getAllByRole('listitem')
        .findIndex((item) => item.getAttribute('aria-current') === 'step');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(options.steps);
    expect(current()).toBe(0);
    await passSeconds(4);
    expect(current()).toBe(2);
    await passSeconds(4);
    expect(current()).toBe(-1);
  });

  it('shows the promise and the badges with their texts', () => {
    renderTimeline();
    expect(screen.getByText(options.promise!)).toBeTruthy();
    for (const logo of options.logos!) expect(screen.getByText(logo.alt)).toBeTruthy();
  });

  it('moves on at 8.2 s, not before', async () => {
    const { context } = renderTimeline();
    await passSeconds(8.1);
    expect(context.advance).not.toHaveBeenCalled();
    await passSeconds(0.1);
    expect(context.advance).toHaveBeenCalledTimes(1);
  });

  it('clears its timers when it leaves the screen', async () => {
    const { context, unmount } = renderTimeline();
    await passSeconds(5);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
    await passSeconds(10);
    expect(context.advance).not.toHaveBeenCalled();
  });

  it('throws confetti for 3 s, then clears and removes its canvas', async () => {
    preferReducedMotion(false);
    const { container } = renderTimeline();
    await act(() => vi.dynamicImportSettled());
    const canvas = container.querySelector('canvas');
    expect(confetti.started).toHaveBeenCalledWith(canvas);
    expect(canvas?.getAttribute('aria-hidden')).toBe('true');
    await passSeconds(2.9);
    expect(confetti.cleared).not.toHaveBeenCalled();
    await passSeconds(0.1);
    expect(confetti.cleared).toHaveBeenCalled();
    expect(container.querySelector('canvas')).toBeNull();
  });

  it('stops the confetti when it leaves the screen early', async () => {
    preferReducedMotion(false);
    const { unmount } = renderTimeline();
    await act(() => vi.dynamicImportSettled());
    unmount();
    expect(confetti.cleared).toHaveBeenCalled();
  });

  it('throws no confetti for visitors who prefer reduced motion', async () => {
    preferReducedMotion(true);
    const { container } = renderTimeline();
    await act(() => vi.dynamicImportSettled());
    expect(container.querySelector('canvas')).toBeNull();
    expect(confetti.started).not.toHaveBeenCalled();
  });
});
