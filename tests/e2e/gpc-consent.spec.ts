/**
 * Google consent mode and the opt-out preference signal (Global Privacy Control) on the page with a tag manager: the
 * defaults (CONSENT_DEFAULT, granted here) come first in the dataLayer, before the tag manager's start; a browser
 * sending the signal gets the advertising ones denied, sees "Opt-out preference signal honored" under the form, and
 * its lead reaches the buyer with gpc: true; without the signal, gpc: false. Both carry the ZIP's time zone.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { CONFIGURED_APP_URL } from './servers.ts';
import {
  answerBusinessAndContact,
  answerFirstHalf,
  expectOneLead,
  revealAndSubmitPhone,
  watchSearchingThenThankYou,
} from './walk.ts';

const SIGNAL_HONORED = 'Opt-out preference signal honored';
const STAND_IN_TAG_MANAGER = 'window.standInTagManagerRan = true;';

/** The dataLayer as pushed, each gtag command (an arguments object) as the list of its arguments. */
function dataLayerOf(page: Page): Promise<unknown[]> {
  return page.evaluate(() =>
    ((window as unknown as { dataLayer?: unknown[] }).dataLayer ?? []).map((item) =>
      Object.prototype.toString.call(item) === '[object Arguments]'
        ? { gtag: Array.from(item as ArrayLike<unknown>) }
        : item,
    ),
  );
}

const consentDefault = (ads: 'granted' | 'denied') => ({
  gtag: [
    'consent',
    'default',
    { ad_storage: ads, ad_user_data: ads, ad_personalization: ads, analytics_storage: 'granted' },
  ],
});

/** Walks v1 to the thank-you screen, the tag manager stood in for; answers the dataLayer at its start. */
async function sendLead(page: Page, email: string, expectFooter: (page: Page) => Promise<void>): Promise<unknown[]> {
  await page.route('https://www.googletagmanager.com/gtm.js**', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: STAND_IN_TAG_MANAGER }),
  );
  await answerFirstHalf(page, CONFIGURED_APP_URL);
  await page.waitForFunction(() => (window as unknown as { standInTagManagerRan?: boolean }).standInTagManagerRan);
  const atStart = await dataLayerOf(page);
  await answerBusinessAndContact(page, '', email);
  await expectFooter(page);
  await page.getByRole('textbox', { name: 'Street address' }).fill('1 Main St');
  await revealAndSubmitPhone(page);
  await watchSearchingThenThankYou(page, '', 'Beverly Hills', 'business-funding');
  return atStart;
}

test.describe('a browser sending the opt-out preference signal', () => {
  test.use({ extraHTTPHeaders: { 'Sec-GPC': '1' } });

  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() =>
      Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true }),
    );
  });

  test('gets advertising storage denied before the tag manager starts, is told so, and its lead carries gpc: true', async ({
    page,
    request,
  }, info) => {
    const email = `mary.gpc.${info.project.name}@example.com`;
    const atStart = await sendLead(page, email, async () => {
      await expect(page.getByText(SIGNAL_HONORED, { exact: true })).toBeVisible();
    });
    expect(atStart[0]).toEqual(consentDefault('denied'));
    const start = atStart.findIndex((item) => (item as { event?: string }).event === 'gtm.js');
    expect(start).toBeGreaterThan(0);
    expect(atStart.slice(1).filter((item) => 'gtag' in (item as object))).toEqual([]);

    const submitted = (await dataLayerOf(page)).filter(
      (item) => (item as { event?: string }).event === 'lead_submitted',
    );
    expect(submitted).toEqual([
      { event: 'lead_submitted', flow: 'business-funding', flow_version: 'v1', step: 'phone' },
    ]);
    await expectOneLead(request, email, { gpc: true, time_zone: 'America/Los_Angeles' });
  });
});

test('without the signal, the defaults grant as configured, nothing is said, and the lead carries gpc: false', async ({
  page,
  request,
}, info) => {
  const email = `mary.nogpc.${info.project.name}@example.com`;
  const atStart = await sendLead(page, email, async () => {
    await expect(page.getByText('Last question, where is Acme Tools located?')).toBeVisible();
    await expect(page.getByText(SIGNAL_HONORED)).toHaveCount(0);
  });
  expect(atStart[0]).toEqual(consentDefault('granted'));
  expect(atStart.findIndex((item) => (item as { event?: string }).event === 'gtm.js')).toBeGreaterThan(0);
  await expectOneLead(request, email, { gpc: false, time_zone: 'America/Los_Angeles' });
});
