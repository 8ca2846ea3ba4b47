/**
 * The first-party funnel end to end: three scripted visits in Chromium, each in a browser context of its own (a visit
 * id of its own), report their steps with beacons; a marketer's console then shows exactly their counts, on the
 * Funnel page and in GET /api/admin/funnel, and nothing of the person who sent the lead.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { XSRF_COOKIE } from '../../contracts/api-paths.ts';
import { EVENTS_PATH, FUNNEL_CSV_PATH, FUNNEL_PATH, type FunnelResponse } from '../../contracts/funnel.ts';
import { axeViolations } from './audit.ts';
import { h1, invitedUser } from './console-users.ts';
import { expect, test } from './fixtures.ts';
import { VISITOR } from './visitor.ts';
import {
  answerBusinessAndContact,
  answerFirstHalfFromStart,
  heading,
  next,
  openStartScreen,
  revealAndSubmitPhone,
} from './walk.ts';

test.skip(
  ({ isMobile }) => isMobile,
  "the funnel is read in the console, at a desk; the visits' device is the desktop",
);

// The servers are shared with the other tests: these visits come from a campaign of their own, and every count is
// read for it alone.
const run = randomUUID().slice(0, 8);
const CAMPAIGN = `funnel-e2e-${run}`;
const LANDING = `/?utm_source=${CAMPAIGN}&utm_campaign=autumn`;
const LEAD_EMAIL = `funnel.lead.${run}@example.com`;

/** v1's steps in its file's order, as the funnel lists them. */
const V1_STEPS = Object.keys(
  (JSON.parse(readFileSync('flows/business-funding.json', 'utf8')) as { steps: Record<string, unknown> }).steps,
);

/**
 * A visitor's time on each screen: the page's clock moves on three seconds, as if they read it (a visit through many
 * steps within a couple of seconds is a bot's to the funnel).
 */
const reading = (page: Page) => () => page.clock.fastForward(3000);

/**
 * A visit in a fresh browser context: `act`, a look at the last screen, then the visitor closes the tab (pagehide)
 * once the page's reporter has sent its first beacon, so the leave is reported too. Answers the context, to close
 * once the funnel has counted the visit: closing it at once would cancel the beacon the tab sent as it closed, which
 * a browser still delivers.
 */
async function visit(browser: Browser, act: (page: Page) => Promise<void>): Promise<BrowserContext> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.clock.install();
  const firstBeacon = page.waitForRequest((request) => new URL(request.url()).pathname === EVENTS_PATH);
  await openStartScreen(page, LANDING);
  await act(page);
  await reading(page)();
  await firstBeacon;
  await page.close({ runBeforeUnload: true });
  return context;
}

const abandonsOnTheSecondStep = async (page: Page) => {
  await page.getByRole('radio', { name: 'Partnership' }).click();
  await expect(heading(page)).toHaveText('How much do you need?');
};

const goesBackOnce = async (page: Page) => {
  await abandonsOnTheSecondStep(page);
  await reading(page)();
  await page.getByRole('button', { name: 'Previous' }).click();
  await expect(heading(page)).toHaveText('What type of business do you own?');
  await reading(page)();
  await next(page).click();
  await expect(heading(page)).toHaveText('How much do you need?');
  await reading(page)();
  await next(page).click();
  await expect(heading(page)).toHaveText('What are you getting the financing for?');
};

const sendsALead = async (page: Page) => {
  await answerFirstHalfFromStart(page, reading(page));
  await answerBusinessAndContact(page, '', LEAD_EMAIL, reading(page));
  await page.getByRole('textbox', { name: 'Street address' }).fill(VISITOR.street);
  await revealAndSubmitPhone(page);
  await expect(page).toHaveURL((url) => url.pathname === '/thank-you', { timeout: 20_000 });
  await expect(page.getByText(/Mary Smith/)).toBeVisible();
};

/** Per step: [views, moved on, exits]. */
const COUNTS: Record<string, [number, number, number]> = {
  start: [3, 3, 0],
  amount: [3, 2, 1],
  'loan-purpose': [2, 1, 1],
  alternatives: [0, 0, 0],
  'thank-you': [1, 0, 0],
};
/** The steps only the visit with the lead went through, each seen and moved on from once. */
const counts = (step: string): [number, number, number] => COUNTS[step] ?? [1, 1, 0];

const EXPECTED_FUNNEL = {
  version: 'v1',
  from: null,
  to: null,
  visitors: 3,
  leads: 1,
  // 1 of 3 with its Wilson score interval at z = 1.959964.
  conversion: { rate: 1 / 3, low: expect.closeTo(0.061492, 6), high: expect.closeTo(0.79234, 5) },
  // No buyer took the lead here: nothing sold, and no interval without sales.
  revenue: '0.00',
  sold: 0,
  revenue_per_visitor: { mean: 0, low: null, high: null },
  campaigns: [
    {
      utm_campaign: 'autumn',
      visitors: 3,
      leads: 1,
      conversion: { rate: 1 / 3, low: expect.closeTo(0.061492, 6), high: expect.closeTo(0.79234, 5) },
      revenue: '0.00',
      sold: 0,
      revenue_per_visitor: { mean: 0, low: null, high: null },
    },
  ],
  steps: V1_STEPS.map((step) => {
    const [views, advanced, exits] = counts(step);
    return {
      step,
      views,
      advanced,
      exits,
      drop_off: views === 0 ? 0 : exits / views,
      median_seconds: views === 0 ? null : expect.any(Number),
    };
  }),
};

test('scripted visits are counted exactly, for a marketer who sees counts and never the person', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const visits = [
    await visit(browser, abandonsOnTheSecondStep),
    await visit(browser, goesBackOnce),
    await visit(browser, sendsALead),
  ];

  const marketer = await invitedUser(page, browser, `funnel.marketer.${run}@fundflow.test`, 'marketer');
  await expect(h1(marketer, 'Counts')).toBeVisible();
  const funnelOf = async (version: string) => {
    const response = await marketer.request.get(`${FUNNEL_PATH}?version=${version}&utm_source=${CAMPAIGN}`);
    expect(response.status()).toBe(200);
    return response.text();
  };
  // The beacons arrive as the visitors leave, and the server stores them in batches: wait for all of them.
  await expect
    .poll(async () => JSON.parse(await funnelOf('v1')) as FunnelResponse, { timeout: 30_000 })
    .toEqual(EXPECTED_FUNNEL);
  for (const context of visits) await context.close();

  await marketer.getByRole('link', { name: 'Funnel' }).click();
  await expect(h1(marketer, 'Funnel')).toBeVisible();
  await marketer.getByRole('textbox', { name: 'utm_source' }).fill(CAMPAIGN);
  await marketer.getByRole('button', { name: 'Show' }).click();
  await expect(marketer).toHaveURL((url) => url.searchParams.get('utm_source') === CAMPAIGN);

  /** The cells of a table's row (row 0 is its header). */
  const cellsOf = (table: string, row: number) =>
    marketer.getByRole('table', { name: table }).getByRole('row').nth(row).locator('th, td');
  const noSales = ['$0.00', '$0.00', 'none yet, under 10 sales'];
  await expect(cellsOf('Versions side by side', 1)).toHaveText([
    'v1',
    '3',
    '1',
    '33.3 %',
    '6.1 % to 79.2 %',
    ...noSales,
  ]);
  await expect(cellsOf('Versions side by side', 2)).toHaveText(['v2', '0', '0', '0.0 %', '0.0 % to 0.0 %', ...noSales]);
  await expect(cellsOf('Campaigns of v1', 1)).toHaveText(['autumn', '3', '1', '33.3 %', '6.1 % to 79.2 %', ...noSales]);
  await expect(marketer.getByRole('table', { name: 'Steps of v1' }).getByRole('row')).toHaveCount(V1_STEPS.length + 1);
  for (const [row, step] of V1_STEPS.entries()) {
    const [views, advanced, exits] = counts(step);
    const dropOff = `${((views === 0 ? 0 : exits / views) * 100).toFixed(1)} %`;
    await expect(cellsOf('Steps of v1', row + 1)).toHaveText([
      step,
      String(views),
      String(advanced),
      String(exits),
      dropOff,
      views === 0 ? '—' : /^\d+\.\d s$/,
    ]);
  }
  await expect(marketer.getByRole('img', { name: 'Views per step, v1' })).toBeVisible();
  expect(await axeViolations(marketer)).toEqual([]);

  // Counts and step ids only: not the lead's email, phone, name or business, on the page, in the JSON or the CSV.
  const csv = await marketer.request.get(`${FUNNEL_CSV_PATH}?version=v1&utm_source=${CAMPAIGN}`);
  expect(csv.status()).toBe(200);
  const personal = [
    LEAD_EMAIL,
    VISITOR.phone,
    '212-555-0123',
    VISITOR.firstName,
    VISITOR.lastName,
    VISITOR.businessName,
  ];
  for (const text of [await marketer.locator('body').innerText(), await funnelOf('v1'), await csv.text()]) {
    for (const value of personal) expect(text.toLowerCase()).not.toContain(value);
  }
  await marketer.context().close();
});

test.describe('each kind of visit, counted on its own', () => {
  /** What the console's funnel of v1 says of one campaign: visitors, leads, and each step's views and exits. */
  interface Counted {
    visitors: number;
    leads: number;
    views: Record<string, number>;
    exits: Record<string, number>;
  }

  const countedFor = async (marketer: Page, source: string): Promise<Counted> => {
    const response = await marketer.request.get(`${FUNNEL_PATH}?version=v1&utm_source=${source}`);
    expect(response.status()).toBe(200);
    const funnel = (await response.json()) as FunnelResponse;
    const nonZero = (key: 'views' | 'exits') =>
      Object.fromEntries(funnel.steps.filter((step) => step[key] > 0).map((step) => [step.step, step[key]]));
    return { visitors: funnel.visitors, leads: funnel.leads, views: nonZero('views'), exits: nonZero('exits') };
  };

  /** A campaign of the test's own, so nothing else is counted with it. */
  const campaignOf = (name: string) => `funnel-${name}-${run}`;

  const sent = (page: Page) =>
    page.waitForRequest((request) => new URL(request.url()).pathname === EVENTS_PATH && request.method() === 'POST');

  /** Expects the funnel to reach `expected` (beacons arrive as pages close, and are stored in batches). */
  async function expectCounted(page: Page, browser: Browser, source: string, expected: Counted) {
    const marketer = await invitedUser(page, browser, `funnel.${source}@fundflow.test`, 'marketer');
    await expect(h1(marketer, 'Counts')).toBeVisible();
    await expect.poll(() => countedFor(marketer, source), { timeout: 30_000 }).toEqual(expected);
    await marketer.context().close();
  }

  test('a visitor who leaves the first screen at once, before the page fetched its reporter, is one visitor, one view, one exit', async ({
    page,
    browser,
  }) => {
    const source = campaignOf('bounce');
    const context = await browser.newContext();
    const visitor = await context.newPage();
    const firstView = sent(visitor);
    await visitor.goto(`/?utm_source=${source}`);
    await firstView;
    await visitor.close({ runBeforeUnload: true });
    await expectCounted(page, browser, source, {
      visitors: 1,
      leads: 0,
      views: { start: 1 },
      exits: { start: 1 },
    });
    await context.close();
  });

  test('a reload is the same visit: one visitor, one view of the step, one exit', async ({ page, browser }) => {
    const source = campaignOf('reload');
    const context = await browser.newContext();
    const visitor = await context.newPage();
    const firstView = sent(visitor);
    await openStartScreen(visitor, `/?utm_source=${source}`);
    await firstView;
    const viewAfterReload = sent(visitor);
    await visitor.reload();
    await expect(heading(visitor)).toHaveText('What type of business do you own?');
    await viewAfterReload;
    await visitor.close({ runBeforeUnload: true });
    await expectCounted(page, browser, source, {
      visitors: 1,
      leads: 0,
      views: { start: 1 },
      exits: { start: 1 },
    });
    await context.close();
  });

  test('a visitor who goes back and forth is counted once on each step, and leaves where they closed the tab', async ({
    page,
    browser,
  }) => {
    const source = campaignOf('back-and-forth');
    const context = await browser.newContext();
    const visitor = await context.newPage();
    const firstView = sent(visitor);
    await openStartScreen(visitor, `/?utm_source=${source}`);
    await firstView;
    await visitor.getByRole('radio', { name: 'Partnership' }).click();
    await expect(heading(visitor)).toHaveText('How much do you need?');
    await visitor.getByRole('button', { name: 'Previous' }).click();
    await expect(heading(visitor)).toHaveText('What type of business do you own?');
    await next(visitor).click();
    await expect(heading(visitor)).toHaveText('How much do you need?');
    await visitor.close({ runBeforeUnload: true });
    await expectCounted(page, browser, source, {
      visitors: 1,
      leads: 0,
      views: { start: 1, amount: 1 },
      exits: { amount: 1 },
    });
    await context.close();
  });

  test('a visitor who sends a lead is a conversion, counted from the stored lead', async ({ page, browser }) => {
    const source = campaignOf('lead');
    const context = await browser.newContext();
    const visitor = await context.newPage();
    await visitor.clock.install();
    const firstView = sent(visitor);
    await openStartScreen(visitor, `/?utm_source=${source}`);
    await firstView;
    await answerFirstHalfFromStart(visitor, reading(visitor));
    await answerBusinessAndContact(visitor, '', `funnel.lead.only.${run}@example.com`, reading(visitor));
    await visitor.getByRole('textbox', { name: 'Street address' }).fill(VISITOR.street);
    await revealAndSubmitPhone(visitor);
    await expect(visitor).toHaveURL((url) => url.pathname === '/thank-you', { timeout: 20_000 });
    await reading(visitor)();
    await visitor.close({ runBeforeUnload: true });
    const counted = await (async () => {
      const marketer = await invitedUser(page, browser, `funnel.${source}@fundflow.test`, 'marketer');
      await expect(h1(marketer, 'Counts')).toBeVisible();
      let last: Counted | undefined;
      await expect
        .poll(async () => (last = await countedFor(marketer, source)), { timeout: 30_000 })
        .toEqual(expect.objectContaining({ visitors: 1, leads: 1, exits: {} }));
      await marketer.context().close();
      return last!;
    })();
    expect(counted.views).toEqual(Object.fromEntries(Object.keys(counted.views).map((step) => [step, 1])));
    expect(counted.views).toEqual(expect.objectContaining({ start: 1, 'thank-you': 1 }));
    await context.close();
  });

  test('a lead event a script posts for a made-up visit is stored as an event, never counted as a lead', async ({
    page,
    browser,
  }) => {
    const source = campaignOf('forged');
    const context = await browser.newContext();
    const visitor = await context.newPage();
    const firstView = sent(visitor);
    await openStartScreen(visitor, `/?utm_source=${source}`);
    await firstView;
    // With the page's own XSRF token, as a script on any page could send it.
    const status = await visitor.evaluate(
      async ({ path, cookie, utmSource }) => {
        const xsrf = decodeURIComponent(
          document.cookie
            .split('; ')
            .find((pair) => pair.startsWith(`${cookie}=`))
            ?.slice(cookie.length + 1) ?? '',
        );
        const at = Date.now();
        const answer = await fetch(path, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            xsrf,
            visit: 'forged-visit-0123456789',
            flow_version: 'v1',
            device: 'desktop',
            utm_source: utmSource,
            events: [
              { type: 'view', step: 'start', at },
              { type: 'lead', step: 'start', at: at + 5000 },
            ],
          }),
        });
        return answer.status;
      },
      { path: EVENTS_PATH, cookie: XSRF_COOKIE, utmSource: source },
    );
    expect(status).toBe(204);
    await visitor.close({ runBeforeUnload: true });
    await expectCounted(page, browser, source, {
      visitors: 2,
      leads: 0,
      views: { start: 2 },
      exits: { start: 2 },
    });
    await context.close();
  });
});
