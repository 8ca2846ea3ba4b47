/**
 * From the press to the next step on screen: Playwright walks the first steps of the flow in Chromium with the CPU
 * slowed 4x (DevTools Emulation.setCPUThrottlingRate), and the page itself times each transition, from the
 * pointerdown of the Next press (or of the radio that moves on by itself) to the first frame rendered after the next
 * step's h1 shows its new text.
 */
import { chromium, type Browser, type Page } from '@playwright/test';
import { onCleanup } from './cleanup.ts';
import { say } from './processes.ts';
import { max, median } from './stats.ts';

export const CPU_SLOWDOWN = 4;
/** A mobile viewport, Lighthouse's. */
const VIEWPORT = { width: 412, height: 823 };
/** A visitor reads before pressing: the page is left this long after each step appears. */
const PAUSE_MS = 400;

export interface Transition {
  walk: number;
  from: string;
  to: string;
  /** Press to the h1 having the next step's text (the DOM change). */
  headingMs: number;
  /** Press to the end of the first frame rendered after that change. */
  paintedMs: number;
}

export interface NextHeadingResult {
  cpuSlowdown: number;
  walks: number;
  transitions: Transition[];
  medianMs: number | undefined;
  maxMs: number | undefined;
  medianHeadingMs: number | undefined;
}

/**
 * In the page, before its own scripts: `arm(text)` starts watching; the next pointerdown (its event time) starts the
 * clock; the first DOM change after it that leaves the step heading with a text other than `text` stops the
 * "heading" clock, and a task queued from the next animation frame (it runs once that frame's style, layout and
 * paint are done) stops the "painted" one.
 */
const IN_PAGE = `(() => {
  let state;
  window.__nextHeading = {
    arm(before) { state = { before }; },
    read() { return state; },
  };
  addEventListener('pointerdown', (event) => {
    if (state && state.start === undefined) state.start = event.timeStamp;
  }, { capture: true });
  new MutationObserver(() => {
    if (!state || state.start === undefined || state.changed !== undefined) return;
    const heading = document.getElementById('step-heading') || document.querySelector('h1');
    const text = heading ? heading.textContent : '';
    if (!text || text === state.before) return;
    state.changed = performance.now();
    state.text = text;
    const current = state;
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => { current.painted = performance.now(); };
      channel.port2.postMessage(null);
    });
  }).observe(document, { subtree: true, childList: true, characterData: true });
})();`;

interface InPageState {
  before: string;
  start?: number;
  changed?: number;
  painted?: number;
  text?: string;
}

declare global {
  interface Window {
    __nextHeading: { arm: (before: string) => void; read: () => InPageState | undefined };
  }
}

const heading = (page: Page) => page.locator('#step-heading');
const nextButton = (page: Page) => page.getByRole('button', { name: 'Next', exact: true });

async function timed(page: Page, walk: number, expected: string, press: () => Promise<void>): Promise<Transition> {
  await page.waitForTimeout(PAUSE_MS);
  const from = (await heading(page).textContent()) ?? '';
  await page.evaluate((before) => window.__nextHeading.arm(before), from);
  await press();
  await page.waitForFunction(() => window.__nextHeading.read()?.painted !== undefined, undefined, { timeout: 15_000 });
  const state = (await page.evaluate(() => window.__nextHeading.read()))!;
  if (state.text !== expected) throw new Error(`after "${from}" the page showed "${state.text}", not "${expected}"`);
  return {
    walk,
    from,
    to: expected,
    headingMs: state.changed! - state.start!,
    paintedMs: state.painted! - state.start!,
  };
}

/** The first six steps, answered as a visitor would; each press is one measured transition. */
async function walkFirstSteps(page: Page, walk: number): Promise<Transition[]> {
  const transitions: Transition[] = [];
  const step = async (expected: string, press: () => Promise<void>) =>
    transitions.push(await timed(page, walk, expected, press));
  await step('How much do you need?', () => page.getByRole('radio', { name: 'Partnership' }).click());
  await step('What are you getting the financing for?', () => nextButton(page).click());
  await page.getByRole('combobox', { name: 'Purpose of the financing' }).selectOption({ label: 'Payroll' });
  await step('How quickly do you need the money?', () => nextButton(page).click());
  await page.getByRole('radio', { name: 'Within a week' }).click();
  await step("What's your average monthly revenue?", () => nextButton(page).click());
  await step("What's your estimated personal credit score?", () => nextButton(page).click());
  await page.getByRole('radio', { name: 'Good (680-719)' }).click();
  await step('Tell us about your business', () => nextButton(page).click());
  return transitions;
}

export async function runNextHeading(
  origin: string,
  options: { walks: number; chromePath: string; args: string[] },
): Promise<NextHeadingResult> {
  const browser: Browser = await chromium.launch({ executablePath: options.chromePath, args: options.args });
  const close = onCleanup('Chromium for the next-to-heading walks', () => browser.close());
  const transitions: Transition[] = [];
  try {
    // Walk 0 warms up the server and the machine; it is not counted.
    for (let walk = 0; walk <= options.walks; walk++) {
      const context = await browser.newContext({ viewport: VIEWPORT });
      try {
        const page = await context.newPage();
        await page.addInitScript(IN_PAGE);
        const cdp = await context.newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
        await page.goto(origin + '/', { waitUntil: 'load' });
        await heading(page).waitFor();
        const walked = await walkFirstSteps(page, walk);
        const ms = walked.map((transition) => Math.round(transition.paintedMs));
        say(`  ${walk === 0 ? 'warm-up walk' : `walk ${walk}/${options.walks}`}: ${ms.join(', ')} ms`);
        if (walk > 0) transitions.push(...walked);
      } finally {
        await context.close();
      }
    }
  } finally {
    await close();
  }
  const painted = transitions.map((transition) => transition.paintedMs);
  return {
    cpuSlowdown: CPU_SLOWDOWN,
    walks: options.walks,
    transitions,
    medianMs: median(painted),
    maxMs: max(painted),
    medianHeadingMs: median(transitions.map((transition) => transition.headingMs)),
  };
}
