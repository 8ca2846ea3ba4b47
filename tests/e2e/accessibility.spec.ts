/**
 * Accessibility on every screen of every flow version and the built-in legal pages: the axe audit of WCAG 2.0, 2.1
 * and 2.2 at levels A and AA (the phone and desktop projects both run it), placeholder contrast, 320 px width and 200 %
 * zoom, and reduced motion.
 */
import type { Page } from '@playwright/test';
import { axeViolations, faintPlaceholders, overflowingWidth } from './audit.ts';
import { walkEveryScreen } from './every-screen.ts';
import { expect, test } from './fixtures.ts';
import { expectStep, heading, openStartScreen, sendLeadWithTypedAddress } from './walk.ts';

const VERSIONS = [
  { version: 'v1', base: '', alternativesByBranch: false },
  { version: 'v2', base: '/v2', alternativesByBranch: false },
  { version: 'v3', base: '/v3', alternativesByBranch: true },
] as const;

const confetti = (page: Page) => page.locator('canvas');

for (const { version, base, alternativesByBranch } of VERSIONS) {
  test(`${version}: every screen passes the WCAG 2.2 AA audit, placeholders included`, async ({ page }, info) => {
    // Thirty-odd screens, each audited by axe: on a busy two-core machine v3's walk has taken over three minutes.
    test.setTimeout(300_000);
    let audited = 0;
    await walkEveryScreen(page, {
      base,
      alternativesByBranch,
      email: `mary.audit.${version}.${info.project.name}@example.com`,
      check: async (screen, on = page) => {
        audited += 1;
        // Soft: one run lists everything to fix on every screen.
        expect.soft(await axeViolations(on), `axe on ${version} ${screen}`).toEqual([]);
        expect.soft(await faintPlaceholders(on), `placeholders on ${version} ${screen}`).toEqual([]);
      },
      onSearching: () => expect(confetti(page)).toBeAttached(),
    });
    expect(audited).toBeGreaterThanOrEqual(30);
  });
}

test('the built-in legal pages pass the audit and fit at 320 px, the Do Not Sell form with its error and its confirmation', async ({
  page,
}, info) => {
  const check = async (screen: string) => {
    expect.soft(await axeViolations(page), `axe on ${screen}`).toEqual([]);
    expect.soft(await faintPlaceholders(page), `placeholders on ${screen}`).toEqual([]);
    expect.soft(await overflowingWidth(page), `${screen} at 320 px`).toEqual([]);
  };
  await page.setViewportSize({ width: 320, height: 568 });
  const pages = [
    ['/privacy', 'Privacy Policy'],
    ['/terms', 'Terms of Use'],
    ['/stop-contacting', 'Stop contacting me'],
    // Last: its form is checked with its error and its confirmation below.
    ['/do-not-sell', 'Do Not Sell My Information'],
  ] as const;
  for (const [path, title] of pages) {
    await page.goto(path);
    await expect(heading(page)).toHaveText(title);
    await check(path);
  }
  await page.getByRole('button', { name: 'Opt out' }).click();
  await expect(page.getByText('Please enter your email address or phone number')).toBeVisible();
  await check('/do-not-sell with its error');
  await page
    .getByRole('textbox', { name: 'Email address or phone number' })
    .fill(`mary.audit.${info.project.name}@example.com`);
  await page.getByRole('button', { name: 'Opt out' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your opt-out is recorded.' })).toBeVisible();
  await check('/do-not-sell with its confirmation');
});

test('at 320 px wide (a phone) and 200 % zoom (desktop) every screen fits: no sideways scrolling, no text cut off', async ({
  page,
}, info) => {
  test.setTimeout(120_000);
  // Zoom shrinks the viewport in CSS pixels: 200 % of a 1280 x 800 window lays out as 640 x 400.
  const viewport = info.project.name === 'phone' ? { width: 320, height: 568 } : { width: 640, height: 400 };
  await page.setViewportSize(viewport);
  await walkEveryScreen(page, {
    base: '/v3',
    alternativesByBranch: true,
    email: `mary.narrow.${info.project.name}@example.com`,
    check: async (screen, on = page) => {
      expect.soft(await overflowingWidth(on), `${screen} at ${viewport.width} px`).toEqual([]);
    },
  });
  // The check can fail: a line wider than the page is found.
  await page.evaluate(() =>
    document.body.append(Object.assign(document.createElement('pre'), { textContent: 'x'.repeat(200) })),
  );
  expect(await overflowingWidth(page)).toHaveLength(1);
});

type StepAnimation = { name: string; screen: string; sideways: number };

/**
 * The step's enter and leave animations that started since the page opened, each with the heading of the screen it
 * moved and how far the page could be scrolled sideways as it started (the step enters from the right).
 */
async function recordStepAnimations(page: Page) {
  await page.addInitScript(() => {
    const started: StepAnimation[] = [];
    (window as unknown as { stepAnimations: typeof started }).stepAnimations = started;
    document.addEventListener('animationstart', (event) => {
      if (!event.animationName.startsWith('step-')) return;
      const root = document.scrollingElement ?? document.documentElement;
      const screen = (event.target as Element).querySelector('h1')?.textContent ?? '';
      started.push({ name: event.animationName, screen, sideways: root.scrollWidth - root.clientWidth });
    });
  });
  return () => page.evaluate(() => (window as unknown as { stepAnimations: StepAnimation[] }).stepAnimations);
}

/** Two frames: any animation the last change started has reported by then. */
const framesDrawn = (page: Page) =>
  page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );

test('reduced motion: the step changes without animation; without it the step slides, the page never wider', async ({
  page,
}) => {
  const animations = await recordStepAnimations(page);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await openStartScreen(page);
  await page.getByRole('radio', { name: 'Partnership' }).click();
  await expectStep(page, '/amount', 'How much do you need?');
  await framesDrawn(page);
  expect(await animations()).toEqual([]);

  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expectStep(page, '/loan-purpose', 'What are you getting the financing for?');
  // Allowed motion may replay the shown step's entrance, and the 50 ms leave gets no frame on a busy machine (as noted
  // below): what counts is that the next screen slides in.
  await expect
    .poll(async () =>
      (await animations()).filter((animation) => animation.name === 'step-enter').map((animation) => animation.screen),
    )
    .toContain('What are you getting the financing for?');
  // Sliding in from the right, or out, never makes the page scroll sideways.
  expect((await animations()).filter((animation) => animation.sideways !== 0)).toEqual([]);
});

test('the screen a page opens on is drawn in place; the screens after it slide in', async ({ page }) => {
  const animations = await recordStepAnimations(page);
  await openStartScreen(page);
  await framesDrawn(page);
  expect(await animations()).toEqual([]);
  await page.getByRole('radio', { name: 'Partnership' }).click();
  await expectStep(page, '/amount', 'How much do you need?');
  // The start screen's leave may not get a frame before its 50 ms are up: the first press also fetches the next code.
  await expect.poll(async () => (await animations()).map((animation) => animation.name)).toContain('step-enter');
});

test('reduced motion: the testimonials stay until moved; without it they advance', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.clock.install();
  await openStartScreen(page);
  const carousel = page.getByRole('region', { name: 'What business owners say' });
  const slide = (n: number) => carousel.getByRole('group', { name: `${n} of 5` });
  await expect(slide(1)).toBeVisible();
  await expect(carousel.getByRole('button', { name: 'Play testimonials' })).toBeVisible();
  await page.clock.runFor(15_000);
  await expect(slide(1)).toBeVisible();

  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await expect(carousel.getByRole('button', { name: 'Pause testimonials' })).toBeVisible();
  await page.clock.runFor(5000);
  await expect(slide(2)).toBeVisible();
});

test('reduced motion: no confetti while searching (the audit walks see it without) and no step animation all the way', async ({
  page,
}, info) => {
  const animations = await recordStepAnimations(page);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await sendLeadWithTypedAddress(page, `mary.still.${info.project.name}@example.com`);
  await expect(page).toHaveURL((url) => url.pathname === '/searching-coverage-area');
  await expect(heading(page)).toHaveText('Searching for lenders');
  // Whichever headline a slow machine reaches first, each showing for two seconds (the list of steps has no dots).
  await expect(page.getByText(/^(Reviewing your information|Looking for best rates in .+)\.\.\.$/)).toBeVisible();
  await framesDrawn(page);
  await expect(confetti(page)).toHaveCount(0);
  expect(await animations()).toEqual([]);
});
