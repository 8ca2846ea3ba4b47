/**
 * The first screen as a visitor from an ad gets it: drawn from the HTML alone, taken over by the page script without
 * being drawn again, and carrying only the code it needs; the next steps' code follows once the visitor acts.
 */
import type { Locator, Page, Request } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { heading, holdBackScript, openStartScreen } from './walk.ts';

/**
 * The JavaScript a first screen may send before the visitor acts, compressed: docs/performance.md's 140 KB with
 * headers, less room for each script's response headers (about 450 bytes since scripts carry only the headers that
 * apply to them, docs/decisions/038-room-in-the-first-script.md). The page's script and its language's pack are two.
 */
const FIRST_SCREEN_JS_BUDGET = 140_000;
const SCRIPT_HEADERS = 450;
const FIRST_SCREEN_SCRIPTS = 2;
const FIRST_SCREEN_SCRIPT_BUDGET = FIRST_SCREEN_JS_BUDGET - SCRIPT_HEADERS * FIRST_SCREEN_SCRIPTS;

const isScript = (request: Request) =>
  request.resourceType() === 'script' && new URL(request.url()).hostname === '127.0.0.1';

function watchScripts(page: Page): Request[] {
  const scripts: Request[] = [];
  page.on('requestfinished', (request) => {
    if (isScript(request)) scripts.push(request);
  });
  return scripts;
}

/** Holds the page's script back until the returned function is called: the screen as drawn by the server. */
const holdPageScript = (page: Page) => holdBackScript(page, 'site');

/** A visitor's pick of a choice: a tap on a phone, a click at a desk. */
const pick = (choice: Locator, isMobile: boolean) => (isMobile ? choice.tap() : choice.click());

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the start screen shows its question, its choices, progress and the landing page', async ({ page }) => {
    await page.goto('/');
    await expect(heading(page)).toHaveText('What type of business do you own?');
    await expect(page.getByRole('radio')).toHaveCount(5);
    await expect(page.getByRole('radio', { name: 'Partnership' })).toBeVisible();
    await expect(page.getByRole('progressbar', { name: 'Progress' })).toHaveAttribute('aria-valuenow', '10');
    await expect(page.getByRole('region', { name: 'How it works' })).toContainText('Apply online in seconds');
    await expect(page.getByRole('img', { name: 'Storefront Gazette' })).toBeVisible();
  });

  test('every flow version has its start screen prerendered', async ({ page }) => {
    for (const base of ['/v2', '/v3']) {
      await page.goto(base);
      await expect(heading(page), base).toHaveText('What type of business do you own?');
    }
  });
});

test('the page script takes the drawn screen over without changing anything on it', async ({ page }) => {
  const releaseScript = await holdPageScript(page);
  // Module scripts run before DOMContentLoaded: wait for the response only.
  await page.goto('/', { waitUntil: 'commit' });
  await expect(heading(page)).toHaveText('What type of business do you own?');
  // Text set again, even to the same words, is painted again: the largest text would count as drawn late. An
  // attribute set to the value it had changes nothing drawn.
  await page.evaluate(() => {
    const changes: string[] = [];
    Object.assign(window, { changes });
    new MutationObserver((records) => {
      for (const record of records) {
        const target = record.target as Element;
        if (record.type === 'attributes' && target.getAttribute(record.attributeName!) === record.oldValue) continue;
        changes.push(`${record.type} in ${target.nodeName}${record.attributeName ? ` (${record.attributeName})` : ''}`);
      }
    }).observe(document.getElementById('root')!, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeOldValue: true,
      characterData: true,
    });
  });
  releaseScript();
  // The step screen names the document once it runs.
  await expect(page).toHaveTitle(/^What type of business do you own\? \| /);
  // The fields, the footers and the landing page are taken over in tasks of their own after the screen: once the
  // page has nothing left to run, all of it has been.
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
  expect(await page.evaluate(() => (window as unknown as { changes: string[] }).changes)).toEqual([]);
  await page.getByRole('radio', { name: 'Partnership' }).click();
  await expect(heading(page)).toHaveText('How much do you need?');
});

test('a choice picked and Next pressed before the page script arrived answer the step once it has', async ({
  page,
}) => {
  const releaseScript = await holdPageScript(page);
  await page.goto('/', { waitUntil: 'commit' });
  await page.getByRole('radio', { name: 'Partnership' }).click();
  await expect(page.getByRole('radio', { name: 'Partnership' })).toBeChecked();
  // Next pressed on the drawn screen does not submit the form natively (a reload with the answer in the address).
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.getByRole('radio', { name: 'Partnership' })).toBeChecked();
  expect(new URL(page.url()).search).toBe('');
  releaseScript();
  await expect(heading(page)).toHaveText('How much do you need?');
  await page.getByRole('button', { name: 'Previous', exact: true }).click();
  await expect(page.getByRole('radio', { name: 'Partnership' })).toBeChecked();
});

test('a choice tapped before the page script arrived answers the step once it has, as the tap would have', async ({
  page,
  isMobile,
}) => {
  const releaseScript = await holdPageScript(page);
  await page.goto('/', { waitUntil: 'commit' });
  await pick(page.getByRole('radio', { name: 'Partnership' }), isMobile);
  await expect(page.getByRole('radio', { name: 'Partnership' })).toBeChecked();
  releaseScript();
  await expect(heading(page)).toHaveText('How much do you need?');
  await page.getByRole('button', { name: 'Previous', exact: true }).click();
  await expect(page.getByRole('radio', { name: 'Partnership' })).toBeChecked();
});

test('of two choices tapped before the page script arrived, the last answers the step', async ({ page, isMobile }) => {
  const releaseScript = await holdPageScript(page);
  await page.goto('/', { waitUntil: 'commit' });
  await pick(page.getByRole('radio', { name: 'Partnership' }), isMobile);
  await pick(page.getByRole('radio', { name: 'C Corporation' }), isMobile);
  releaseScript();
  await expect(heading(page)).toHaveText('How much do you need?');
  await page.getByRole('button', { name: 'Previous', exact: true }).click();
  await expect(page.getByRole('radio', { name: 'C Corporation' })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'Partnership' })).not.toBeChecked();
});

test('a choice moved to with the keyboard before the page script arrived is kept, and Next answers with it', async ({
  page,
}) => {
  const releaseScript = await holdPageScript(page);
  await page.goto('/', { waitUntil: 'commit' });
  await page.getByRole('radio', { name: 'Sole Proprietor' }).focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('radio', { name: 'Partnership' })).toBeChecked();
  releaseScript();
  await expect(page).toHaveTitle(/^What type of business do you own\? \| /);
  // As with the script there: the keyboard moves the selection and only Next answers the step.
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
  await expect(heading(page)).toHaveText('What type of business do you own?');
  await expect(page.getByRole('radio', { name: 'Partnership' })).toBeChecked();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(heading(page)).toHaveText('How much do you need?');
  await page.getByRole('button', { name: 'Previous', exact: true }).click();
  await expect(page.getByRole('radio', { name: 'Partnership' })).toBeChecked();
});

test('Next pressed with no choice before the page script arrived shows the required error once it has', async ({
  page,
}) => {
  const releaseScript = await holdPageScript(page);
  await page.goto('/', { waitUntil: 'commit' });
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  releaseScript();
  await expect(page.getByRole('radiogroup', { name: 'Type of business' })).toHaveAccessibleDescription(
    'This field is required',
  );
  await expect(page.getByRole('radio', { name: 'Sole Proprietor' })).toBeFocused();
  await expect(heading(page)).toHaveText('What type of business do you own?');
  expect(new URL(page.url()).search).toBe('');
  // Answered once: the step then moves on with its choice, as after any failed press.
  await page.getByRole('radio', { name: 'Partnership' }).click();
  await expect(heading(page)).toHaveText('How much do you need?');
});

test('a returning visitor finds their stored answer on the prerendered start screen, drawn throughout, without errors', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByRole('radio', { name: 'Partnership' }).click();
  await expect(heading(page)).toHaveText('How much do you need?');
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  // Every frame from the first that shows the question on: a frame without it would be a flash of an empty page.
  await page.addInitScript(() => {
    const frames: boolean[] = [];
    Object.assign(window, { drawnFrames: frames });
    const look = () => {
      const shown = document.querySelector('#root h1')?.textContent === 'What type of business do you own?';
      if (shown || frames.length > 0) frames.push(shown);
      requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  });
  await page.goto('/');
  await expect(page.getByRole('radio', { name: 'Partnership' })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'Sole Proprietor' })).not.toBeChecked();
  await expect(page).toHaveTitle(/^What type of business do you own\? \| /);
  const frames = await page.evaluate(() => (window as unknown as { drawnFrames: boolean[] }).drawnFrames);
  expect(frames.length).toBeGreaterThan(0);
  expect(frames.filter((shown) => !shown)).toEqual([]);
  expect(errors).toEqual([]);
});

for (const { path, language, other, choice, next } of [
  { path: '/', language: 'en', other: 'es', choice: 'Partnership', next: 'How much do you need?' },
  { path: '/es', language: 'es', other: 'en', choice: 'Sociedad colectiva', next: '¿Cuánto necesita?' },
]) {
  test(`'${path}' sends at most ${FIRST_SCREEN_SCRIPT_BUDGET.toLocaleString('en-US')} bytes of script, its language's words only, and the next steps' code once the visitor acts`, async ({
    page,
  }) => {
    const scripts = watchScripts(page);
    // The script starts once the screen is painted, which may come after the network first went quiet.
    await openStartScreen(page, path);
    await page.waitForLoadState('networkidle');
    let sent = 0;
    for (const request of scripts) sent += (await request.sizes()).responseBodySize;
    const names = scripts.map((request) => new URL(request.url()).pathname);
    expect(names).toEqual([
      expect.stringMatching(/^\/site\./),
      expect.stringMatching(new RegExp(`^/language-${language}\\.`)),
    ]);
    expect(names.some((name) => name.startsWith(`/language-${other}.`))).toBe(false);
    expect(sent).toBeLessThanOrEqual(FIRST_SCREEN_SCRIPT_BUDGET);

    const nextSteps = page.waitForRequest((request) => isScript(request) && request.url().includes('later-steps'));
    await page.getByRole('radio', { name: choice }).click();
    await nextSteps;
    await expect(heading(page)).toHaveText(next);
  });
}

test('a later step opened directly waits for its code, then works', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('radio', { name: 'Partnership' }).click();
  await expect(heading(page)).toHaveText('How much do you need?');
  // A new page load at this step: its validators and widgets are fetched because this screen needs them.
  await page.reload();
  await expect(heading(page)).toHaveText('How much do you need?');
  await page.getByRole('slider', { name: 'Amount needed' }).fill('50000');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(heading(page)).toHaveText('What are you getting the financing for?');
});
