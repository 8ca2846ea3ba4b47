/**
 * The site around the form in a browser: the landing page under the first question, the shell, the home popup, the
 * third parties an environment configures, cross-site protection and the offline shell.
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { APP_URL, CONFIGURED_APP_URL } from './servers.ts';
import {
  answerBusinessAndContact,
  answerFirstHalf,
  expectOneLead,
  heading,
  openStartScreen,
  revealAndSubmitPhone,
  watchSearchingThenThankYou,
} from './walk.ts';

const FAKE_TAG_MANAGER = readFileSync(new URL('../support/fake-tag-manager.js', import.meta.url), 'utf8');
const FAKE_TRUSTEDFORM = readFileSync(new URL('../support/fake-trustedform.js', import.meta.url), 'utf8');

const carousel = (page: Page) => page.getByRole('region', { name: 'What business owners say' });
const slide = (page: Page, n: number) => carousel(page).getByRole('group', { name: `${n} of 5` });

test('the landing page under the first question states how it works, the claims and the press logos', async ({
  page,
}) => {
  await page.goto('/');
  await expect(heading(page)).toHaveText('What type of business do you own?');
  const howItWorks = page.getByRole('region', { name: 'How it works' });
  await expect(howItWorks.getByRole('listitem')).toHaveCount(4);
  await expect(howItWorks).toContainText('Apply online in seconds');
  await expect(howItWorks).toContainText('in as little as 24 hours after');
  const claims = page.getByRole('region', { name: 'Funding for small businesses' });
  await expect(claims).toContainText('$20k');
  await expect(claims).toContainText('one to three weeks after approval');
  const disclaimer = page.getByRole('region', { name: 'Important information' });
  await expect(disclaimer).toContainText('marketing lead generator, not a lender');
  await expect(disclaimer).toContainText('Not all merchants qualify');
  await expect(page.getByRole('region', { name: 'As featured in' }).getByRole('img')).toHaveCount(5);
  // Every logo arrived (a broken image has no natural width).
  for (const logo of await page.getByRole('region', { name: 'As featured in' }).getByRole('img').all()) {
    await logo.scrollIntoViewIfNeeded();
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  }
  await expect(page.getByText('Providers Include')).toHaveCount(0);
});

test('testimonials advance every 5 seconds, wrap, and move with the buttons', async ({ page }) => {
  await page.clock.install();
  await openStartScreen(page);
  await expect(slide(page, 1)).toBeVisible();
  // One interval at a time: each move schedules the next once the page has shown it.
  for (const shown of [2, 3, 4, 5, 1]) {
    await page.clock.runFor(5000);
    await expect(slide(page, shown)).toBeVisible();
  }
  await expect(slide(page, 5)).toBeHidden();

  await carousel(page).getByRole('button', { name: 'Previous testimonial' }).click();
  await expect(slide(page, 5)).toBeVisible();
  await carousel(page).getByRole('button', { name: 'Next testimonial' }).click();
  await expect(slide(page, 1)).toBeVisible();
  // Focus inside the carousel pauses it, and what shows is announced.
  await page.clock.runFor(10000);
  await expect(slide(page, 1)).toBeVisible();
  await expect(slide(page, 1).locator('xpath=..')).toHaveAttribute('aria-live', 'polite');
});

test('testimonials pause while the pointer is over them and move with a swipe', async ({ page }, info) => {
  test.skip(info.project.name === 'phone', 'a phone has no hover; the swipe is the same gesture on both');
  await page.clock.install();
  await openStartScreen(page);
  await slide(page, 1).scrollIntoViewIfNeeded();
  const box = (await slide(page, 1).boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.clock.runFor(12000);
  await expect(slide(page, 1)).toBeVisible();

  await page.mouse.down();
  await page.mouse.move(box.x + 10, box.y + box.height / 2, { steps: 5 });
  await page.mouse.up();
  await expect(slide(page, 2)).toBeVisible();
  await page.mouse.move(box.x + 10, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width - 10, box.y + box.height / 2, { steps: 5 });
  await page.mouse.up();
  await expect(slide(page, 1)).toBeVisible();

  await page.mouse.move(box.x + box.width / 2, box.y - 200);
  await page.clock.runFor(5000);
  await expect(slide(page, 2)).toBeVisible();
});

test('every one of the nine questions opens by keyboard and shows its answer', async ({ page }) => {
  await openStartScreen(page);
  const faq = page.getByRole('region', { name: 'Frequently asked questions' });
  const questions = faq.getByRole('button');
  await expect(questions).toHaveCount(9);
  await questions.first().focus();
  for (let index = 0; index < 9; index += 1) {
    const question = questions.nth(index);
    await expect(question).toBeFocused();
    await expect(question).toHaveAttribute('aria-expanded', 'false');
    await page.keyboard.press(index % 2 === 0 ? 'Enter' : 'Space');
    await expect(question).toHaveAttribute('aria-expanded', 'true');
    const answer = page.locator(`#${await question.getAttribute('aria-controls')}`);
    await expect(answer).toBeVisible();
    await expect(answer).not.toBeEmpty();
    await page.keyboard.press('Tab');
  }
  await questions.first().focus();
  await page.keyboard.press('Enter');
  await expect(questions.first()).toHaveAttribute('aria-expanded', 'false');
});

test('the Providers Include strip shows only for the auto and lp3 sections', async ({ page }) => {
  await page.goto('/?section=auto');
  await expect(page.getByRole('region', { name: 'Providers Include' }).getByRole('img')).toHaveCount(6);
  await page.goto('/?section=lp3');
  await expect(page.getByRole('region', { name: 'Providers Include' })).toBeVisible();
  await page.goto('/?section=home');
  await expect(page.getByRole('heading', { name: 'Providers Include' })).toHaveCount(0);
});

test('the home popup opens when the content says so, takes focus, and closes by Escape, cross and button', async ({
  page,
}) => {
  // The answer waits until the visitor has focused the logo, to see focus come back there.
  let answer = () => {};
  const focused = new Promise<void>((resolve) => (answer = resolve));
  await page.route('**/api/v1/content/home-popup*', async (route) => {
    await focused;
    await route.fulfill({
      json: {
        home_popup_model: true,
        model_content: '<h2>Holiday hours</h2><p>Advisors answer until 5 pm.</p>',
        button_text: 'Got it',
      },
    });
  });
  await page.goto('/');
  const logo = page.getByRole('link', { name: 'Fundflow Test: start over' });
  await logo.focus();
  answer();
  const popup = page.getByRole('dialog', { name: 'Announcement' });
  await expect(popup).toBeVisible();
  await expect(popup.getByRole('heading', { name: 'Holiday hours' })).toBeVisible();
  await expect(popup.getByRole('button', { name: 'Close' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(popup.getByRole('button', { name: 'Got it' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(popup).toBeHidden();
  await expect(logo).toBeFocused();

  await page.reload();
  await popup.getByRole('button', { name: 'Got it' }).click();
  await expect(popup).toBeHidden();

  await page.reload();
  await popup.getByRole('button', { name: 'Close' }).click();
  await expect(popup).toBeHidden();
  // Only the start screen asks for it.
  await page.getByRole('radio', { name: 'Sole Proprietor' }).click();
  await expect(heading(page)).toHaveText('How much do you need?');
  await expect(popup).toHaveCount(0);
});

test('the home popup shows once per page load: not again back at the start, again after a reload', async ({ page }) => {
  let asked = 0;
  await page.route('**/api/v1/content/home-popup*', async (route) => {
    asked += 1;
    await route.fulfill({
      json: {
        home_popup_model: true,
        model_content: '<h2>Holiday hours</h2><p>Advisors answer until 5 pm.</p>',
        button_text: 'Got it',
      },
    });
  });
  const popup = page.getByRole('dialog', { name: 'Announcement' });
  await openStartScreen(page);
  await expect(popup).toBeVisible();
  await popup.getByRole('button', { name: 'Got it' }).click();
  await expect(popup).toBeHidden();

  await page.getByRole('radio', { name: 'Sole Proprietor' }).click();
  await expect(heading(page)).toHaveText('How much do you need?');
  await page.getByRole('button', { name: 'Previous' }).click();
  await expect(heading(page)).toHaveText('What type of business do you own?');
  await expect(popup).toHaveCount(0);
  // Answering goes on at once: an open popup would hold the page.
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(heading(page)).toHaveText('How much do you need?');
  await page.getByRole('link', { name: 'Fundflow Test: start over' }).click();
  await expect(heading(page)).toHaveText('What type of business do you own?');
  await expect(popup).toHaveCount(0);

  await page.reload();
  await expect(popup).toBeVisible();
  expect(asked).toBe(2);
});

test('no popup when the content says not to show one', async ({ page }) => {
  const answered = page.waitForResponse('**/api/v1/content/home-popup*');
  await page.goto('/');
  expect(await (await answered).json()).toMatchObject({ home_popup_model: false });
  await expect(heading(page)).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('the shell: logo starts this version over, legal links to the built-in pages, product name from the environment', async ({
  page,
}) => {
  await page.goto('/v2');
  await page.getByRole('radio', { name: 'Partnership' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/v2/amount');
  await page.getByRole('link', { name: 'Fundflow Test: start over' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/v2');
  await expect(page).toHaveTitle(/\| Fundflow Test$/);

  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('link', { name: 'Privacy' })).toHaveAttribute('href', '/privacy');
  await expect(footer.getByRole('link', { name: 'Terms' })).toHaveAttribute('href', '/terms');
  await expect(footer.getByRole('link', { name: 'Do Not Sell My Information' })).toHaveAttribute(
    'href',
    '/do-not-sell',
  );
  await expect(footer).toContainText(`© ${new Date().getFullYear()} Fundflow Test`);
  await expect(footer.getByRole('region', { name: 'Advertising Disclosure' })).toContainText(
    'Fundflow Test is a marketing lead generator, not a lender',
  );

  await expect(page.getByText('Securely Encrypted')).toBeVisible();
  await expect(page.getByText('No Impact To Credit Score')).toBeVisible();
  await expect(page.getByText('Over $950 Million Funded')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your consent' })).toHaveCount(0);
});

test("with the legal URL settings, the footer links the operator's own pages and the built-in paths send visitors there", async ({
  page,
  request,
}) => {
  await openStartScreen(page, `${CONFIGURED_APP_URL}/?utm_source=fb`);
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('link', { name: 'Privacy' })).toHaveAttribute('href', 'https://example.com/privacy');
  await expect(footer.getByRole('link', { name: 'Terms' })).toHaveAttribute('href', 'https://example.com/terms');
  await expect(footer.getByRole('link', { name: 'Do Not Sell My Information' })).toHaveAttribute(
    'href',
    'https://example.com/do-not-sell',
  );
  for (const [path, own] of [
    ['/privacy', 'https://example.com/privacy'],
    ['/terms', 'https://example.com/terms'],
    ['/do-not-sell', 'https://example.com/do-not-sell'],
  ]) {
    const response = await request.get(`${CONFIGURED_APP_URL}${path}`, { maxRedirects: 0 });
    expect(response.status(), path).toBe(302);
    expect(response.headers().location, path).toBe(own);
  }
});

test('the built-in privacy and terms pages open from the footer in the shell, titled with the product name', async ({
  page,
}) => {
  await openStartScreen(page, '/v3');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/privacy');
  await expect(heading(page)).toHaveText('Privacy Policy');
  await expect(page).toHaveTitle('Privacy Policy | Fundflow Test');
  await expect(page.getByRole('heading', { name: 'Sample text: replace before going live' })).toBeVisible();
  await expect(page.getByRole('article')).toContainText('not the policy of Fundflow Test');
  await expect(page.getByRole('link', { name: 'Fundflow Test: start over' })).toBeVisible();

  await page.getByRole('contentinfo').getByRole('link', { name: 'Terms' }).click();
  await expect(heading(page)).toHaveText('Terms of Use');
  await expect(page).toHaveTitle('Terms of Use | Fundflow Test');
  await page.getByRole('link', { name: 'Back to the form' }).click();
  await expect(heading(page)).toHaveText('What type of business do you own?');

  // Opened by address they answer 200; under a version they are unknown.
  const response = await page.goto('/terms');
  expect(response?.status()).toBe(200);
  await expect(heading(page)).toHaveText('Terms of Use');
  expect((await page.goto('/v2/terms'))?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Oops! That page can’t be found.' })).toBeVisible();
});

test("the footer's Do Not Sell link opens the opt-out page, which refuses a mistyped email and records one", async ({
  page,
}, info) => {
  await openStartScreen(page);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Do Not Sell My Information' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/do-not-sell');
  await expect(heading(page)).toHaveText('Do Not Sell My Information');
  await expect(page).toHaveTitle('Do Not Sell My Information | Fundflow Test');

  const contact = page.getByRole('textbox', { name: 'Email address or phone number' });
  await contact.fill('mary@');
  await page.getByRole('button', { name: 'Opt out' }).click();
  await expect(page.getByText('Please enter a valid email')).toBeVisible();
  await expect(contact).toHaveAttribute('aria-invalid', 'true');
  await expect(contact).toBeFocused();

  const sent = page.waitForResponse((response) => response.url().endsWith('/api/v1/privacy/opt-out'));
  await contact.fill(`mary.opt-out.${info.project.name}@example.com`);
  await page.getByRole('button', { name: 'Opt out' }).click();
  expect((await sent).status()).toBe(200);
  const confirmation = page.getByRole('status').filter({ hasText: 'Your opt-out is recorded.' });
  await expect(confirmation).toBeVisible();
  await expect(confirmation).toBeFocused();
  await expect(contact).toHaveCount(0);
});

test('the query parameters stay on the start-over link, and the heading keeps the header override', async ({
  page,
}) => {
  const query = { utm_source: 'fb', gclid: 'abc', header: 'Hello-There' };
  const keepsQuery = (url: URL) => Object.entries(query).every(([name, value]) => url.searchParams.get(name) === value);
  await openStartScreen(page, `/v2?${new URLSearchParams(query)}`);
  await expect(page.getByText('Hello There', { exact: true })).toBeVisible();
  // The screen the server drew knew no query: its links gain it once the page's script has taken the screen over.
  const startOver = page.getByRole('link', { name: 'Fundflow Test: start over' });
  await expect(startOver).toHaveAttribute('href', `/v2?${new URLSearchParams(query)}`);
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Privacy' })).toHaveAttribute(
    'href',
    `/privacy?${new URLSearchParams(query)}`,
  );

  await page.getByRole('radio', { name: 'Partnership' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/v2/amount' && keepsQuery(url));
  await startOver.click();
  await expect(page).toHaveURL((url) => url.pathname === '/v2' && keepsQuery(url));
  await expect(heading(page)).toHaveText('What type of business do you own?');
  await expect(page.getByText('Hello There', { exact: true })).toBeVisible();
});

test("the query parameters stay on the 404 page's Go Back and on the legal pages' links", async ({ page }) => {
  const query = 'utm_source=fb&gclid=abc&header=Hello-There';
  const keepsQuery = (url: URL) => url.search === `?${query}`;
  const response = await page.goto(`/no-such-page?${query}`);
  expect(response?.status()).toBe(404);
  await page.getByRole('link', { name: 'Go Back' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/' && keepsQuery(url));
  await expect(heading(page)).toHaveText('What type of business do you own?');
  await expect(page.getByText('Hello There', { exact: true })).toBeVisible();

  await page.getByRole('contentinfo').getByRole('link', { name: 'Do Not Sell My Information' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/do-not-sell' && keepsQuery(url));
  await page.getByRole('article').getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/privacy' && keepsQuery(url));
  await page.getByRole('link', { name: 'Back to the form' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/' && keepsQuery(url));
  await expect(page.getByText('Hello There', { exact: true })).toBeVisible();
});

test('the consent text shows on the contact steps, naming the product and the lenders', async ({ page }) => {
  await answerFirstHalf(page, '');
  await answerBusinessAndContact(page, '', 'consent.reader@example.com');
  const consent = page.getByRole('region', { name: 'Your consent' });
  await expect(consent).toContainText(
    'contacted by Fundflow Test, its participating lenders (Quillmont Capital, Vantorra Funding, Elmsbrook Lending, and Corvane Finance)',
  );
  await expect(consent).toContainText('Do Not Call');
  await expect(consent).toContainText('not a condition of purchase');
  await page.goBack();
  await expect(heading(page)).toHaveText("What's your email address?");
  await expect(consent).toBeVisible();
});

test('with the tag manager and the lead certificate configured: step events without personal data, the certificate in the lead', async ({
  page,
  request,
}, info) => {
  await page.route('https://www.googletagmanager.com/gtm.js**', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: FAKE_TAG_MANAGER }),
  );
  await page.route('https://api.trustedform.com/trustedform.js**', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: FAKE_TRUSTEDFORM }),
  );
  const logged: string[] = [];
  page.on('console', (message) => logged.push(message.text()));
  const email = `mary.tracked.${info.project.name}@example.com`;

  await answerFirstHalf(page, CONFIGURED_APP_URL);
  await answerBusinessAndContact(page, '', email);
  // The Maps script cannot load here: the visitor types the address, and the page only logs it.
  const street = page.getByRole('textbox', { name: 'Street address' });
  await street.fill('1 Main St');
  await street.blur();
  await revealAndSubmitPhone(page);
  await watchSearchingThenThankYou(page, '', 'Beverly Hills', 'business-funding');
  const loaded = await page.evaluate(() => {
    const fakes = window as unknown as { fakeTagManagerContainer?: string; fakeTrustedFormCertificate?: string };
    return {
      fakeTagManagerContainer: fakes.fakeTagManagerContainer,
      fakeTrustedFormCertificate: fakes.fakeTrustedFormCertificate,
    };
  });
  expect(loaded.fakeTagManagerContainer).toBe('GTM-E2ETEST');
  const certificate = loaded.fakeTrustedFormCertificate;
  expect(certificate).toMatch(/^https:\/\/cert\.trustedform\.com\/[0-9a-f]{40}$/);
  await expectOneLead(request, email, { flow_version: 'v1', trustedform_cert_url: certificate, zipcode: '90210' });
  expect(logged).toContain('Google maps library can not be found');
  await expect(page.getByText('Google maps library can not be found')).toHaveCount(0);

  const events = (await page.evaluate(() => window.dataLayer)) as Record<string, unknown>[];
  const flowEvents = events.filter((item) => typeof item.event === 'string' && !String(item.event).startsWith('gtm.'));
  expect(flowEvents[0]).toEqual({
    event: 'step_view',
    flow: 'business-funding',
    flow_version: 'v1',
    step: 'start',
    page_refreshed: 'true',
  });
  expect(flowEvents).toContainEqual({
    event: 'form_validation_error',
    flow: 'business-funding',
    flow_version: 'v1',
    step: 'about-business',
  });
  expect(flowEvents).toContainEqual({
    event: 'step_view',
    flow: 'business-funding',
    flow_version: 'v1',
    step: 'amount',
    page_refreshed: 'false',
  });
  expect(flowEvents).toContainEqual({
    event: 'form_validation_error',
    flow: 'business-funding',
    flow_version: 'v1',
    step: 'name',
  });
  expect(flowEvents).toContainEqual({
    event: 'lead_submitted',
    flow: 'business-funding',
    flow_version: 'v1',
    step: 'phone',
  });
  expect(flowEvents).toContainEqual({
    event: 'step_view',
    flow: 'business-funding',
    flow_version: 'v1',
    step: 'thank-you',
    page_refreshed: 'false',
  });
  const everything = JSON.stringify(events).toLowerCase();
  for (const personal of [email, 'mary', 'smith', 'acme', '2125550123', '212-555-0123', '1 main st', '90210']) {
    expect(everything).not.toContain(personal);
  }
});

test('without a tag manager configured the page only logs it', async ({ page }) => {
  const logged: string[] = [];
  page.on('console', (message) => logged.push(message.text()));
  await page.goto(APP_URL);
  await expect.poll(() => logged).toContain('Google tag manager ID not provided.');
  await expect(page.getByText('Google tag manager ID not provided.')).toHaveCount(0);
  await expect(heading(page)).toHaveText('What type of business do you own?');
});

test('a cross-site POST without the XSRF token is refused', async ({ request }) => {
  const response = await request.post(`${APP_URL}/api/v1/leads/trigger`, { data: { flow: 'business-funding' } });
  expect(response.status()).toBe(403);
  expect(await response.json()).toMatchObject({ error: 'xsrf_token_invalid' });
});

test('after a reload without network, the shell and the current step still show', async ({ page, context }) => {
  await page.goto('/');
  await page.getByRole('radio', { name: 'Sole Proprietor' }).click();
  await expect(heading(page)).toHaveText('How much do you need?');
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await context.setOffline(true);
  await page.reload();
  await expect(heading(page)).toHaveText('How much do you need?');
  await expect(page.getByRole('slider', { name: 'Amount needed' })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toContainText('Fundflow Test');
  await context.setOffline(false);
});
