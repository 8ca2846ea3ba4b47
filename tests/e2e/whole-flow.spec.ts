/**
 * The whole flow in a browser, from the first question to the thank-you message, against the real server, which
 * stores the lead and delivers it over HTTP to a local test buyer. One server has no Maps key (the visitor types the
 * address); the other has one, and the Maps script is replaced by a stand-in for Places API (New).
 */
import { createHash } from 'node:crypto';
import { expect, test } from './fixtures.ts';
import { CONFIGURED_APP_URL } from './servers.ts';
import {
  FAKE_PLACES,
  deliveredTo,
  answerBusinessAndContact,
  answerFirstHalf,
  expectOneLead,
  expectStep,
  heading,
  holdBackScript,
  revealAndSubmitPhone,
  sendLeadWithTypedAddress,
  watchSearchingThenThankYou,
} from './walk.ts';

for (const version of ['v1', 'v2'] as const) {
  const base = version === 'v1' ? '' : '/v2';
  const storageKey = version === 'v1' ? 'business-funding' : 'business-funding.v2';

  test(`${version}: a visitor without address suggestions finishes the flow and the buyer gets the lead once`, async ({
    page,
    request,
  }, info) => {
    const email = `mary.${version}.typed.${info.project.name}@example.com`;
    await answerFirstHalf(page, base);
    await answerBusinessAndContact(page, base, email);

    // Without a Maps key the address is typed; city, state and ZIP appear once an address is entered.
    const street = page.getByRole('textbox', { name: 'Street address' });
    await expect(page.getByRole('textbox', { name: 'City' })).toHaveCount(0);
    await street.fill('1 Main St');
    await street.press('Enter'); // never submits
    await expect(page).toHaveURL((url) => url.pathname === `${base}/phone`);
    const zip = page.getByRole('textbox', { name: 'Zip code' });
    await zip.fill('');
    await zip.pressSequentially('60601');
    await expect(page.getByRole('textbox', { name: 'City' })).toHaveValue('Chicago');
    await expect(page.getByRole('combobox', { name: 'State' })).toHaveValue('IL');
    // The consent evidence stored with the lead is of exactly the words on the screen.
    const consentOnScreen = await page.getByRole('region', { name: 'Your consent' }).textContent();
    const accepted = page.waitForResponse((response) => response.url().endsWith('/api/v1/leads/trigger'));
    await revealAndSubmitPhone(page);
    const recorded = (await (await accepted).json()) as { consent: { sha256: string } };
    expect(recorded.consent.sha256).toBe(createHash('sha256').update(consentOnScreen!, 'utf8').digest('hex'));

    await watchSearchingThenThankYou(page, base, 'Chicago', storageKey);
    await expectOneLead(request, email, {
      flow_version: version,
      street_address: '1 Main St',
      city: 'Chicago',
      state: 'IL',
      zipcode: '60601',
      address: '1 Main St, Chicago, IL 60601',
    });

    // Start over leads to this version's first question, with nothing remembered.
    await page.getByRole('button', { name: 'Start over' }).click();
    await expectStep(page, base || '/', 'What type of business do you own?', 10);
    await expect(page.getByRole('radio', { name: 'Partnership' })).not.toBeChecked();
  });

  test(`${version}: a visitor picks a suggested address and the buyer gets the lead once`, async ({
    page,
    request,
  }, info) => {
    const email = `mary.${version}.places.${info.project.name}@example.com`;
    await page.route('https://maps.googleapis.com/maps/api/js**', (route) =>
      route.fulfill({ contentType: 'text/javascript', body: FAKE_PLACES }),
    );
    await answerFirstHalf(page, CONFIGURED_APP_URL + base);
    await answerBusinessAndContact(page, base, email);

    await page.getByRole('combobox', { name: 'Street address' }).pressSequentially('1600 Amph');
    await page.getByRole('option', { name: /1600 Amphitheatre Pkwy/ }).click();
    await expect(page.getByRole('combobox', { name: 'Street address' })).toHaveValue('1600 Amphitheatre Pkwy');
    await expect(page.getByRole('textbox', { name: 'City' })).toHaveValue('Mountain View');
    await expect(page.getByRole('combobox', { name: 'State' })).toHaveValue('CA');
    await expect(page.getByRole('textbox', { name: 'Zip code' })).toHaveValue('94043');
    await revealAndSubmitPhone(page);

    await watchSearchingThenThankYou(page, base, 'Mountain View', storageKey);
    await expectOneLead(request, email, {
      flow_version: version,
      street_address: '1600 Amphitheatre Pkwy',
      city: 'Mountain View',
      state: 'CA',
      zipcode: '94043',
    });
  });
}

test('a business in a US territory is told so at its first ZIP code, and the phone step says the same', async ({
  page,
}, info) => {
  const outside = page.getByText('Sorry, our lenders only fund businesses in the 50 states and DC.');
  await answerFirstHalf(page, '');
  await expectStep(page, '/about-business', 'Tell us about your business', 60);
  await page.getByRole('textbox', { name: 'Business name' }).fill('Isla Tools');
  const businessZip = page.getByRole('textbox', { name: 'Business zip code' });
  // Guam, whose ZIP codes the lookup does not list, and San Juan, whose it does: the same answer.
  for (const territoryZip of ['96910', '00908']) {
    await businessZip.fill('');
    await businessZip.pressSequentially(territoryZip);
    await expect(outside).toBeVisible();
    await expect(page.getByText('Please enter valid zipcode.')).toHaveCount(0);
    await expect(page.getByText(/San Juan, PR/)).toHaveCount(0);
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/about-business');
  }
  await businessZip.fill('');

  await answerBusinessAndContact(page, '', `mary.territory.${info.project.name}@example.com`);
  await page.getByRole('textbox', { name: 'Street address' }).fill('1 Calle Sol');
  const state = page.getByRole('combobox', { name: 'State' });
  await expect(state.getByRole('option')).toHaveCount(52); // 'State', the 50 states and DC
  await expect(state.getByRole('option', { name: 'PR', exact: true })).toHaveCount(0);
  // The place of the business's ZIP is filled in; the visitor types a territory's ZIP over it.
  const zip = page.getByRole('textbox', { name: 'Zip code' });
  await expect(zip).toHaveValue('90210');
  await zip.fill('');
  await zip.pressSequentially('00908');
  await expect(outside).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'City' })).toHaveValue('');
  await page.getByRole('button', { name: 'View Funding Options' }).click();
  await expect(outside).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Phone number' })).toHaveCount(0);
  await expect(page).toHaveURL((url) => url.pathname === '/phone');
});

test('a lead the server cannot take keeps the visitor on the phone step with the alert', async ({ page }) => {
  await page.route('**/api/v1/leads/trigger', (route) =>
    route.fulfill({ status: 503, json: { error: 'unavailable', message: 'x' } }),
  );
  await sendLeadWithTypedAddress(page, 'mary.refused@example.com');
  await expect(page.getByRole('alert').filter({ hasText: 'Some error occured. Please try again!' })).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === '/phone');
  await expect(page.getByRole('button', { name: 'View Funding Options' })).toBeEnabled();
});

test('when the answer to the lead is lost, the page sends it again under its key and the visitor moves on', async ({
  page,
  request,
}, info) => {
  const email = `mary.lost-answer.${info.project.name}@example.com`;
  const keys: string[] = [];
  await page.route('**/api/v1/leads/trigger', async (route) => {
    keys.push(route.request().headers()['idempotency-key'] ?? '');
    if (keys.length > 1) return route.continue();
    await route.fetch(); // the server stores the lead...
    return route.abort('connectionreset'); // ...and its answer never reaches the page
  });
  await sendLeadWithTypedAddress(page, email);
  await expect(page).toHaveURL((url) => url.pathname === '/thank-you', { timeout: 15_000 });
  expect(keys).toHaveLength(2);
  expect(keys[1]).toBe(keys[0]);
  expect(keys[0]).toMatch(/^[\x21-\x7e]{16,}$/);
  await expect.poll(async () => (await deliveredTo(request, email)).length, { timeout: 15_000 }).toBe(1);
});

test('a bot that fills the hidden field gets the thank-you message, and the buyer never gets its lead', async ({
  page,
  request,
}, info) => {
  test.slow(); // two whole walks through the form, the bot's and then a person's
  const bot = `mary.bot.${info.project.name}@example.com`;
  const person = `mary.after-bot.${info.project.name}@example.com`;
  await answerFirstHalf(page, '');
  // People cannot see or reach the field (no role, no label in the accessibility tree): only a bot finds it.
  await page.locator('#contact-website input').fill('https://spam.example', { force: true });
  await answerBusinessAndContact(page, '', bot);
  const street = page.getByRole('textbox', { name: 'Street address' });
  await street.fill('1 Main St');
  await street.blur();
  await revealAndSubmitPhone(page);
  await expect(page).toHaveURL((url) => url.pathname === '/thank-you', { timeout: 15_000 });

  await sendLeadWithTypedAddress(page, person);
  await expect.poll(async () => (await deliveredTo(request, person)).length, { timeout: 15_000 }).toBe(1);
  // The bot's lead was stored first: had it been queued, it would have been delivered by now.
  expect(await deliveredTo(request, bot)).toEqual([]);
});

test('the phone step whose code arrives after the screen still shows its errors and takes the address', async ({
  page,
}) => {
  // A slow phone connection: the visitor reaches the step before its widget's code has arrived.
  const release = await holdBackScript(page, 'AddressThenPhone');
  await answerFirstHalf(page, '');
  await answerBusinessAndContact(page, '', 'mary.slow-phone@example.com');
  release();
  const reveal = page.getByRole('button', { name: 'View Funding Options' });
  await reveal.click();
  const street = page.getByRole('textbox', { name: 'Street address' });
  await expect(street).toHaveAccessibleDescription('This field is required');
  await street.fill('1 Main St');
  await street.blur();
  const zip = page.getByRole('textbox', { name: 'Zip code' });
  await zip.fill('90200');
  await expect(zip).toHaveAccessibleDescription('Please enter valid zipcode.');
  await zip.fill('90210');
  await expect(page.getByRole('textbox', { name: 'City' })).toHaveValue('Beverly Hills');
  await reveal.click();
  await expect(page.getByRole('textbox', { name: 'Phone number' })).toBeVisible();
});

test('the thank-you step clears the answers and leads Back to the start even when its code arrives late', async ({
  page,
}) => {
  const release = await holdBackScript(page, 'ThankYou');
  await sendLeadWithTypedAddress(page, 'mary.thanks.late@example.com');
  await expect(page).toHaveURL((url) => url.pathname === '/thank-you', { timeout: 12_000 });
  await expect.poll(() => page.evaluate(() => localStorage.getItem('business-funding'))).toBeNull();
  release();
  await expect(page.getByText(/Thank you, Mary Smith/)).toBeVisible();
  await page.goBack();
  await expectStep(page, '/', 'What type of business do you own?', 10);
});

test('Back pressed the moment the thank-you message appears starts over, the answers gone', async ({ page }) => {
  // The visitor's Back lands before the browser draws the next frame.
  await page.addInitScript(() => {
    const push = history.pushState.bind(history);
    history.pushState = (state: unknown, unused: string, url?: string | URL | null) => {
      push(state, unused, url);
      if (String(url).startsWith('/thank-you')) setTimeout(() => history.back());
    };
  });
  await sendLeadWithTypedAddress(page, 'mary.thanks.back@example.com');
  await expect(page).toHaveURL((url) => url.pathname === '/searching-coverage-area');
  // Searching moves on to the thank-you message by itself, and Back follows at once.
  await expect(page).toHaveURL((url) => url.pathname === '/', { timeout: 12_000 });
  await expectStep(page, '/', 'What type of business do you own?', 10);
  await expect(page.getByRole('radio', { name: 'Partnership' })).not.toBeChecked();
  expect(await page.evaluate(() => localStorage.getItem('business-funding'))).toBeNull();
});

test('Back while searching starts over, the answers gone, instead of returning to the sent form', async ({ page }) => {
  await sendLeadWithTypedAddress(page, 'mary.back@example.com');
  await expect(page).toHaveURL((url) => url.pathname === '/searching-coverage-area');
  // The address changes before the screen does; the visitor presses Back on the screen they see.
  await expect(heading(page)).toHaveText('Searching for lenders');
  await page.goBack();
  await expectStep(page, '/', 'What type of business do you own?', 10);
  await expect(page.getByRole('radio', { name: 'Partnership' })).not.toBeChecked();
  expect(await page.evaluate(() => localStorage.getItem('business-funding'))).toBeNull();
});
