/** Walking the flow in a browser: the answers and checks the end-to-end tests share. */
import { readFileSync } from 'node:fs';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { TEST_BUYER_URL } from './servers.ts';
import { VISITOR } from './visitor.ts';

export const next = (page: Page) => page.getByRole('button', { name: 'Next', exact: true });
export const heading = (page: Page) => page.getByRole('heading', { level: 1 });
export const progress = (page: Page) => page.getByRole('progressbar', { name: 'Progress' });
/** Google's Maps script as Places API (New) uses it, stood in for (tests/support/fake-places-new.js). */
export const FAKE_PLACES = readFileSync(new URL('../support/fake-places-new.js', import.meta.url), 'utf8');

/**
 * Opens a start screen and waits for its script to have taken it over (the step screen names the document): the
 * server draws the screen first, and its buttons that need the script do nothing until then.
 */
export async function openStartScreen(page: Page, path = '/') {
  await page.goto(path);
  await expect(page).toHaveTitle(/ \| /);
}

export async function expectStep(page: Page, path: string, text: string, value?: number) {
  await expect(page).toHaveURL((url) => url.pathname === path);
  await expect(heading(page)).toHaveText(text);
  if (value !== undefined) await expect(progress(page)).toHaveAttribute('aria-valuenow', String(value));
}

/** Holds the page's requests for the built script `name` (e.g. a widget's code) back until the returned call. */
export async function holdBackScript(page: Page, name: string): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(new RegExp(`/${name}\\.[0-9a-f]+\\.js$`), async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

export interface Delivered {
  messageId: string;
  status: number;
  body: Record<string, unknown>;
}

/** The leads for `email` the test buyer accepted: it refuses (401) one whose signature does not verify. */
export async function deliveredTo(request: APIRequestContext, email: string): Promise<Delivered[]> {
  const response = await request.get(`${TEST_BUYER_URL}/received`);
  const all = (await response.json()) as Delivered[];
  return all.filter((lead) => lead.status === 200 && lead.body.email === email);
}

/**
 * Answers the first half quickly; its own screens are covered by first-half.spec.ts. Each answer waits for its step's
 * heading: a press made while the step before is still leaving lands on that screen and is not the next step's.
 */
export async function answerFirstHalf(page: Page, base: string, amount = '50000') {
  await page.goto(base || '/');
  await answerFirstHalfFromStart(page, atOnce, amount);
}

/**
 * What a test does on each new screen before answering it: nothing, or the time a visitor spends reading it (the
 * funnel counts a visit that races through its steps as a bot's).
 */
export type OnScreen = () => Promise<void>;
const atOnce: OnScreen = async () => {};

/**
 * The first half from the start screen the page shows now, whose business type is not Partnership yet; `amount` is
 * the amount asked for, in whole dollars.
 */
export async function answerFirstHalfFromStart(page: Page, onScreen: OnScreen = atOnce, amount = '50000') {
  await onScreen();
  await page.getByRole('radio', { name: 'Partnership' }).click();
  await expect(heading(page)).toHaveText('How much do you need?');
  await onScreen();
  await page.getByRole('slider', { name: 'Amount needed' }).fill(amount);
  await next(page).click();
  await expect(heading(page)).toHaveText('What are you getting the financing for?');
  await onScreen();
  await page.getByRole('combobox', { name: 'Purpose of the financing' }).selectOption({ label: 'Payroll' });
  await next(page).click();
  await expect(heading(page)).toHaveText('How quickly do you need the money?');
  await onScreen();
  await page.getByRole('radio', { name: 'Within a week' }).click();
  await next(page).click();
  await expect(heading(page)).toHaveText("What's your average monthly revenue?");
  await onScreen();
  await next(page).click(); // revenue: the default $30,000
  await expect(heading(page)).toHaveText("What's your estimated personal credit score?");
  await onScreen();
  await page.getByRole('radio', { name: 'Good (680-719)' }).click();
  await next(page).click();
}

export async function answerV3UpToCreditScore(page: Page) {
  await page.goto('/v3');
  await page.getByRole('radio', { name: 'Partnership' }).click();
  await expectStep(page, '/v3/amount', 'How much do you need?', 20);
  await next(page).click();
  await page.getByRole('combobox', { name: 'Purpose of the financing' }).selectOption({ label: 'Payroll' });
  await next(page).click();
  await page.getByRole('radio', { name: 'Within a week' }).click();
  await next(page).click();
  await next(page).click();
  await expectStep(page, '/v3/credit-score', "What's your estimated personal credit score?", 50);
}

export async function answerBusinessAndContact(page: Page, base: string, email: string, onScreen: OnScreen = atOnce) {
  await expectStep(page, `${base}/about-business`, 'Tell us about your business', 60);
  await onScreen();
  const name = page.getByRole('textbox', { name: 'Business name' });
  await name.fill(`  ${VISITOR.businessName}  `);
  const zip = page.getByRole('textbox', { name: 'Business zip code' });
  await zip.pressSequentially('9a0b2');
  await expect(zip).toHaveValue('902');
  await expect(name).toHaveValue(VISITOR.businessName);
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
  await onScreen();
  const year = page.getByRole('combobox', { name: 'Year' });
  await expect(year.getByRole('option').nth(1)).toHaveText(String(new Date().getFullYear()));
  await expect(year.getByRole('option').last()).toHaveText('1925');
  await page.getByRole('combobox', { name: 'Month' }).selectOption({ label: 'May' });
  await year.selectOption('2018');
  await next(page).click();

  await expectStep(page, `${base}/business-industry`, 'What industry is your business in?', 73);
  await onScreen();
  const industry = page.getByRole('combobox', { name: 'Industry' });
  await expect(industry.getByRole('option')).toHaveCount(21);
  await expect(industry.getByRole('option').first()).toHaveText('Select an industry');
  await industry.selectOption({ label: 'Retail trade' });
  await next(page).click();

  await expectStep(page, `${base}/name`, "What's your name?", 80);
  await onScreen();
  await page.getByRole('textbox', { name: 'First name' }).fill(VISITOR.firstName);
  await page.getByRole('textbox', { name: 'Last name' }).fill(VISITOR.mistypedLastName);
  await next(page).click();
  await expect(page.getByText('Please enter alphabets only.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Last name' }).fill(VISITOR.lastName);
  await next(page).click();

  await expectStep(page, `${base}/email`, "What's your email address?", 92);
  await onScreen();
  await expect(page.getByText('Your privacy is our priorty. We will never spam you.')).toBeVisible();
  const emailBox = page.getByRole('textbox', { name: 'Email address' });
  await emailBox.fill('mary@');
  await next(page).click();
  await expect(page.getByText('Please enter a valid email')).toBeVisible();
  await emailBox.fill(email);
  await next(page).click();

  await expectStep(page, `${base}/phone`, 'Last question, where is Acme Tools located?', 98);
  await onScreen();
  await expect(page).toHaveTitle('Street Address | Fundflow Test');
  await expect(page.getByText('Please complete the info highlighted below:')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Phone number' })).toHaveCount(0);
}

export async function revealAndSubmitPhone(page: Page) {
  await page.getByRole('button', { name: 'View Funding Options' }).click();
  await expect(page.getByRole('status').filter({ hasText: /checking/i })).toBeVisible();
  const phone = page.getByRole('textbox', { name: 'Phone number' });
  await expect(phone).toBeVisible();
  await phone.pressSequentially(VISITOR.phone);
  await expect(phone).toHaveValue('212-555-0123');
  await page.getByRole('button', { name: 'View Funding Options' }).click();
}

/** The whole v1 flow with the address typed (no suggestions), up to pressing View Funding Options with the phone. */
export async function sendLeadWithTypedAddress(page: Page, email: string) {
  await answerFirstHalf(page, '');
  await answerBusinessAndContact(page, '', email);
  // The button pressed straight after typing, as a visitor does: one press checks the address.
  await page.getByRole('textbox', { name: 'Street address' }).fill(VISITOR.street);
  await revealAndSubmitPhone(page);
}

export async function watchSearchingThenThankYou(page: Page, base: string, city: string, storageKey: string) {
  await expect(page).toHaveURL((url) => url.pathname === `${base}/searching-coverage-area`);
  await expect(progress(page)).toHaveCount(0);
  await expect(page.getByText(`Looking for best rates in ${city}...`)).toBeVisible();
  // The last headline shows for only 0.2 s before the thank-you (the widget's own tests cover it).
  await expect(page).toHaveURL((url) => url.pathname === `${base}/thank-you`, { timeout: 12_000 });
  await expect(page.getByText(/Mary Smith/)).toBeVisible();
  await expect(page.getByText(/\(212\) 555-0123/)).toBeVisible();
  expect(await page.evaluate((key) => localStorage.getItem(key), storageKey)).toBeNull();
}

export async function expectOneLead(request: APIRequestContext, email: string, expected: Record<string, unknown>) {
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
