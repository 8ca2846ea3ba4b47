/**
 * The whole flow in a browser, from the first question to the thank-you message, against the real server, which
 * stores the lead and delivers it over HTTP to a local test lender. One server has no Maps key (the visitor types the
 * address); the other has one, and the Maps script is replaced by a fake Places autocomplete.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { LENDER_URL, PLACES_APP_URL } from './servers.ts';

const next = (page: Page) => page.getByRole('button', { name: 'Next', exact: true });
const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const progress = (page: Page) => page.getByRole('progressbar', { name: 'Progress' });
const FAKE_PLACES = readFileSync(new URL('../support/fake-places.js', import.meta.url), 'utf8');

async function expectStep(page: Page, path: string, text: string, value?: number) {
  await expect(page).toHaveURL((url) => url.pathname === path);
  await expect(heading(page)).toHaveText(text);
  if (value !== undefined) await expect(progress(page)).toHaveAttribute('aria-valuenow', String(value));
}

interface Delivered {
  messageId: string;
  body: Record<string, unknown>;
}

async function deliveredTo(request: APIRequestContext, email: string): Promise<Delivered[]> {
  const response = await request.get(`${LENDER_URL}/received`);
  const all = (await response.json()) as Delivered[];
  return all.filter((lead) => lead.body.email === email);
}

/** Answers the first half quickly; its own screens are covered by first-half.spec.ts. */
async function answerFirstHalf(page: Page, base: string) {
  await page.goto(base || '/');
  await page.getByRole('radio', { name: 'Partnership' }).click();
  await page.getByRole('slider', { name: 'Amount needed' }).fill('50000');
  await next(page).click();
  await page.getByRole('combobox', { name: 'Purpose of the financing' }).selectOption({ label: 'Payroll' });
  await next(page).click();
  await page.getByRole('radio', { name: 'Within a week' }).click();
  await next(page).click();
  await next(page).click(); // revenue: the default $30,000
  await page.getByRole('radio', { name: 'Good (680-719)' }).click();
  await next(page).click();
}

async function answerBusinessAndContact(page: Page, base: string, email: string) {
  await expectStep(page, `${base}/about-business`, 'Tell us about your business', 60);
  const name = page.getByRole('textbox', { name: 'Business name' });
  await name.fill('  acme tools  ');
  const zip = page.getByRole('textbox', { name: 'Business zip code' });
  await zip.pressSequentially('9a0b2');
  await expect(zip).toHaveValue('902');
  await expect(name).toHaveValue('acme tools');
  await zip.pressSequentially('00');
  await expect(page.getByText('Please enter valid zipcode.')).toBeVisible();
  await next(page).click();
  await expect(page).toHaveURL((url) => url.pathname === `${base}/about-business`);
  await zip.fill('');
  await zip.pressSequentially('90210');
  await expect(page.getByText('Beverly Hills, CA 90210')).toBeVisible();
  await expect(page.getByText('Please enter valid zipcode.')).toHaveCount(0);
  await next(page).click();

  await expectStep(page, `${base}/business-start`, 'When did you start your business?', 65);
  const year = page.getByRole('combobox', { name: 'Year' });
  await expect(year.getByRole('option').nth(1)).toHaveText(String(new Date().getFullYear()));
  await expect(year.getByRole('option').last()).toHaveText('1925');
  await page.getByRole('combobox', { name: 'Month' }).selectOption({ label: 'May' });
  await year.selectOption('2018');
  await next(page).click();

  await expectStep(page, `${base}/business-industry`, 'What industry is your business in?', 73);
  const industry = page.getByRole('combobox', { name: 'Industry' });
  await expect(industry.getByRole('option')).toHaveCount(21);
  await expect(industry.getByRole('option').first()).toHaveText('Select an industry');
  await industry.selectOption({ label: 'Retail trade' });
  await next(page).click();

  await expectStep(page, `${base}/name`, "What's your name?", 80);
  await page.getByRole('textbox', { name: 'First name' }).fill('mary');
  await page.getByRole('textbox', { name: 'Last name' }).fill('sm1th');
  await next(page).click();
  await expect(page.getByText('Please enter alphabets only.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Last name' }).fill('smith');
  await next(page).click();

  await expectStep(page, `${base}/email`, "What's your email address?", 92);
  await expect(page.getByText('Your privacy is our priorty. We will never spam you.')).toBeVisible();
  const emailBox = page.getByRole('textbox', { name: 'Email address' });
  await emailBox.fill('mary@');
  await next(page).click();
  await expect(page.getByText('Please enter a valid email')).toBeVisible();
  await emailBox.fill(email);
  await next(page).click();

  await expectStep(page, `${base}/phone`, 'Last question, where is Acme Tools located?', 98);
  await expect(page).toHaveTitle('Street Address | Fundflow Test');
  await expect(page.getByText('Please complete the info highlighted below:')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Phone number' })).toHaveCount(0);
}

async function revealAndSubmitPhone(page: Page) {
  await page.getByRole('button', { name: 'View Funding Options' }).click();
  await expect(page.getByRole('status').filter({ hasText: /checking/i })).toBeVisible();
  const phone = page.getByRole('textbox', { name: 'Phone number' });
  await expect(phone).toBeVisible();
  await phone.pressSequentially('2125550123');
  await expect(phone).toHaveValue('212-555-0123');
  await page.getByRole('button', { name: 'View Funding Options' }).click();
}

async function watchSearchingThenThankYou(page: Page, base: string, city: string, storageKey: string) {
  await expect(page).toHaveURL((url) => url.pathname === `${base}/searching-coverage-area`);
  await expect(progress(page)).toHaveCount(0);
  await expect(page.getByText(`Looking for best rates in ${city}...`)).toBeVisible();
  // The last headline shows for only 0.2 s before the thank-you (the widget's own tests cover it).
  await expect(page).toHaveURL((url) => url.pathname === `${base}/thank-you`, { timeout: 12_000 });
  await expect(page.getByText(/Mary Smith/)).toBeVisible();
  await expect(page.getByText(/\(212\) 555-0123/)).toBeVisible();
  expect(await page.evaluate((key) => localStorage.getItem(key), storageKey)).toBeNull();
}

async function expectOneLead(request: APIRequestContext, email: string, expected: Record<string, unknown>) {
  await expect.poll(async () => (await deliveredTo(request, email)).length, { timeout: 15_000 }).toBe(1);
  const [lead] = await deliveredTo(request, email);
  expect(lead!.body).toMatchObject({
    flow: 'business-funding',
    name: 'Mary Smith',
    first_name: 'mary',
    last_name: 'smith',
    email,
    phone: '2125550123',
    business_type: 'Partnership',
    amount: 50000,
    loan_purpose: 'PAYROLL',
    loan_timing: 'Within a week',
    average_monthly_revenue: 30000,
    credit_score: 'Good (680-719)',
    business_name: 'acme tools',
    business_zipcode: '90210',
    business_start_month: '05',
    business_start_year: '2018',
    business_industry: 'RETAILTRADE',
    ...expected,
  });
  expect(typeof lead!.body.time_stamp).toBe('string');
  expect(lead!.body.client_ip).toMatch(/^(127\.0\.0\.1|::1|::ffff:127\.0\.0\.1)$/);
}

for (const version of ['v1', 'v2'] as const) {
  const base = version === 'v1' ? '' : '/v2';
  const storageKey = version === 'v1' ? 'business-funding' : 'business-funding.v2';

  test(`${version}: a visitor without address suggestions finishes the flow and the lender gets the lead once`, async ({ page, request }, info) => {
    const email = `mary.${version}.typed.${info.project.name}@example.com`;
    await answerFirstHalf(page, base);
    await answerBusinessAndContact(page, base, email);

    // Without a Maps key the address is typed; city, state and ZIP appear once an address is entered.
    const street = page.getByRole('textbox', { name: 'Street address' });
    await expect(page.getByRole('textbox', { name: 'City' })).toHaveCount(0);
    await street.fill('1 Main St');
    await street.press('Enter'); // never submits
    await expect(page).toHaveURL((url) => url.pathname === `${base}/phone`);
    await street.blur();
    const zip = page.getByRole('textbox', { name: 'Zip code' });
    await zip.fill('');
    await zip.pressSequentially('60601');
    await expect(page.getByRole('textbox', { name: 'City' })).toHaveValue('Chicago');
    await expect(page.getByRole('combobox', { name: 'State' })).toHaveValue('IL');
    await revealAndSubmitPhone(page);

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

  test(`${version}: a visitor picks a suggested address and the lender gets the lead once`, async ({ page, request }, info) => {
    const email = `mary.${version}.places.${info.project.name}@example.com`;
    await page.route('https://maps.googleapis.com/maps/api/js**', (route) =>
      route.fulfill({ contentType: 'text/javascript', body: FAKE_PLACES }),
    );
    await answerFirstHalf(page, PLACES_APP_URL + base);
    await answerBusinessAndContact(page, base, email);

    await page.getByRole('textbox', { name: 'Street address' }).pressSequentially('1600 Amph');
    await page.getByRole('option', { name: /1600 Amphitheatre Pkwy/ }).click();
    await expect(page.getByRole('textbox', { name: 'Street address' })).toHaveValue('1600 Amphitheatre Pkwy');
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

test('a lead the server cannot take keeps the visitor on the phone step with the alert', async ({ page }) => {
  await answerFirstHalf(page, '');
  await answerBusinessAndContact(page, '', 'mary.refused@example.com');
  await page.route('**/api/v1/leads/trigger', (route) => route.fulfill({ status: 503, json: { error: 'unavailable', message: 'x' } }));
  const street = page.getByRole('textbox', { name: 'Street address' });
  await street.fill('1 Main St');
  await street.blur();
  await revealAndSubmitPhone(page);
  await expect(page.getByRole('alert').filter({ hasText: 'Some error occured. Please try again!' })).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === '/phone');
  await expect(page.getByRole('button', { name: 'View Funding Options' })).toBeEnabled();
});

test('Back from the thank-you message starts over', async ({ page }) => {
  await answerFirstHalf(page, '');
  await answerBusinessAndContact(page, '', 'mary.thanks.back@example.com');
  const street = page.getByRole('textbox', { name: 'Street address' });
  await street.fill('1 Main St');
  await street.blur();
  await revealAndSubmitPhone(page);
  await expect(page).toHaveURL((url) => url.pathname === '/thank-you', { timeout: 12_000 });
  await page.goBack();
  await expectStep(page, '/', 'What type of business do you own?', 10);
  expect(await page.evaluate(() => localStorage.getItem('business-funding'))).toBeNull();
});

test('Back while searching starts over instead of returning to the sent form', async ({ page }) => {
  await answerFirstHalf(page, '');
  await answerBusinessAndContact(page, '', 'mary.back@example.com');
  const street = page.getByRole('textbox', { name: 'Street address' });
  await street.fill('1 Main St');
  await street.blur();
  await revealAndSubmitPhone(page);
  await expect(page).toHaveURL((url) => url.pathname === '/searching-coverage-area');
  // The address changes before the screen does; the visitor presses Back on the screen they see.
  await expect(heading(page)).toHaveText('Searching for lenders');
  await page.goBack();
  await expectStep(page, '/', 'What type of business do you own?', 10);
});
