import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { CONFIGURED_APP_URL } from './servers.ts';
import { answerV3UpToCreditScore } from './walk.ts';

const FAKE_TAG_MANAGER = readFileSync(new URL('../support/fake-tag-manager.js', import.meta.url), 'utf8');

const next = (page: Page) => page.getByRole('button', { name: 'Next', exact: true });
const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const progress = (page: Page) => page.getByRole('progressbar', { name: 'Progress' });

async function expectStep(page: Page, path: string, text: string, value: number) {
  await expect(page).toHaveURL((url) => url.pathname === path);
  await expect(heading(page)).toHaveText(text);
  await expect(progress(page)).toHaveAttribute('aria-valuenow', String(value));
  await expect(page).toHaveTitle(`${text} | Fundflow Test`);
}

test('a visitor answers start to credit score with the exact texts, progress and every validation message', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByText('See If You Qualify For Help')).toBeVisible();
  await expectStep(page, '/', 'What type of business do you own?', 10);
  await expect(page.getByRole('button', { name: 'Previous', exact: true })).toHaveCount(0);

  // Start: Next without a choice shows the error and focuses the first choice.
  await next(page).click();
  await expect(page.getByText('This field is required')).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Sole Proprietor' })).toBeFocused();
  await expect(page).toHaveURL((url) => url.pathname === '/');
  for (const type of [
    'Sole Proprietor',
    'Partnership',
    'Limited Liability Company (LLC)',
    'C Corporation',
    'S Corporation',
  ]) {
    await expect(page.getByRole('radio', { name: type })).toBeVisible();
  }
  // A click on a choice stores it and moves straight on.
  await page.getByRole('radio', { name: 'Limited Liability Company (LLC)' }).click();

  // Amount: a slider from $10,000 to $1M+ in steps of 5,000.
  await expectStep(page, '/amount', 'How much do you need?', 20);
  const slider = page.getByRole('slider', { name: 'Amount needed' });
  await expect(slider).toHaveValue('10000');
  await expect(slider).toHaveAttribute('aria-valuetext', '$10,000');
  await expect(page.getByText('$1M+')).toBeVisible();
  await slider.fill('250000');
  await expect(slider).toHaveAttribute('aria-valuetext', '$250,000');
  await slider.fill('1000000');
  await expect(slider).toHaveAttribute('aria-valuetext', '$1M+');
  await slider.fill('75000');
  await next(page).click();

  // Loan purpose: thirteen purposes after a disabled 'Choose...'.
  await expectStep(page, '/loan-purpose', 'What are you getting the financing for?', 25);
  const purpose = page.getByRole('combobox', { name: 'Purpose of the financing' });
  const options = purpose.getByRole('option');
  await expect(options).toHaveText([
    'Choose...',
    'Expansion',
    'Equipment purchase',
    'Purchase a vehicle',
    'Inventory',
    'Payroll',
    'Marketing',
    'Commercial real estate',
    'Remodel my location',
    'Refinance debt',
    'Finance Accounts Receivable',
    'Buy a business/franchise',
    'Start a business',
    'Other',
  ]);
  await expect(options.first()).toBeDisabled();
  await next(page).click();
  await expect(page.getByText('This field is required')).toBeVisible();
  await expect(purpose).toBeFocused();
  await expect(purpose).toHaveAttribute('aria-invalid', 'true');
  await purpose.selectOption({ label: 'Equipment purchase' });
  await expect(page.getByText('This field is required')).toHaveCount(0);
  await next(page).click();

  // Loan timing: a choice that needs Next.
  await expectStep(page, '/loan-timing', 'How quickly do you need the money?', 34);
  await next(page).click();
  await expect(page.getByText('This field is required')).toBeVisible();
  await page.getByRole('radio', { name: 'Within 2 weeks' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/loan-timing');
  await next(page).click();

  // Revenue: '$' and thousands separators, 30,000 by default, nothing above $10 million.
  await expectStep(page, '/average-monthly-revenue', "What's your average monthly revenue?", 40);
  const revenue = page.getByRole('textbox', { name: 'Average monthly revenue' });
  await expect(revenue).toHaveValue('$30,000');
  await revenue.fill('12345678');
  await expect(revenue).toHaveValue('$12,345,678');
  await expect(page.getByText('Please enter a value less than $10 million.')).toBeVisible();
  await next(page).click();
  await expect(page).toHaveURL((url) => url.pathname === '/average-monthly-revenue');
  await revenue.fill('');
  await expect(page.getByText('This field is required')).toBeVisible();
  await revenue.fill('45000');
  await expect(revenue).toHaveValue('$45,000');
  await expect(page.getByText('Please enter a value less than $10 million.')).toHaveCount(0);
  await next(page).click();

  // Credit score.
  await expectStep(page, '/credit-score', "What's your estimated personal credit score?", 50);
  await next(page).click();
  await expect(page.getByText('This field is required')).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Excellent (720+)' })).toBeFocused();
  await page.getByRole('radio', { name: 'Good (680-719)' }).click();
  await next(page).click();
  await expectStep(page, '/about-business', 'Tell us about your business', 60);

  // Every answer is in the record of this version.
  const record = await page.evaluate(() => JSON.parse(localStorage.getItem('business-funding') ?? 'null'));
  expect(record).toMatchObject({
    business_type: 'Limited Liability Company (LLC)',
    amount: 75000,
    loan_purpose: 'EQUIPMENTPURCHASE',
    loan_timing: 'Within 2 weeks',
    average_monthly_revenue: 45000,
    credit_score: 'Good (680-719)',
  });
});

test('errors stay hidden until a field is touched or the step is submitted', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('radio', { name: 'Partnership' }).click();
  await expectStep(page, '/amount', 'How much do you need?', 20);
  await next(page).click();
  await expectStep(page, '/loan-purpose', 'What are you getting the financing for?', 25);
  const purpose = page.getByRole('combobox', { name: 'Purpose of the financing' });
  await expect(page.getByText('This field is required')).toHaveCount(0);
  await expect(purpose).not.toHaveAttribute('aria-invalid');
  await purpose.focus();
  await page.keyboard.press('Tab');
  await expect(page.getByText('This field is required')).toBeVisible();
  await expect(purpose).toHaveAttribute('aria-invalid', 'true');
});

test('Previous goes back one page in history, with the answers still there', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('radio', { name: 'C Corporation' }).click();
  await expectStep(page, '/amount', 'How much do you need?', 20);
  await page.getByRole('button', { name: 'Previous', exact: true }).click();
  await expectStep(page, '/', 'What type of business do you own?', 10);
  await expect(page.getByRole('radio', { name: 'C Corporation' })).toBeChecked();
});

test('answers survive a reload of the page', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('radio', { name: 'S Corporation' }).click();
  await page.getByRole('slider', { name: 'Amount needed' }).fill('500000');
  await next(page).click();
  await page.getByRole('combobox').selectOption({ label: 'Payroll' });
  await page.reload();
  await expectStep(page, '/loan-purpose', 'What are you getting the financing for?', 25);
  await expect(page.getByRole('combobox')).toHaveValue(/\d+/);
  await expect(page.getByRole('combobox').locator('option:checked')).toHaveText('Payroll');
  await page.getByRole('button', { name: 'Previous', exact: true }).click();
  await expect(page.getByRole('slider', { name: 'Amount needed' })).toHaveValue('500000');
});

test('a deep link without saved answers goes back to the start, keeping the query', async ({ page }) => {
  await page.goto('/credit-score?utm_source=newsletter');
  await expectStep(page, '/', 'What type of business do you own?', 10);
  await expect(page).toHaveURL(/\?utm_source=newsletter$/);
});

test('query parameters are kept on every step and zip and utm_source are stored', async ({ page }) => {
  await page.goto('/?utm_source=search&zip=90210&gclid=abc');
  await page.getByRole('radio', { name: 'Sole Proprietor' }).click();
  await expectStep(page, '/amount', 'How much do you need?', 20);
  await next(page).click();
  await expect(page).toHaveURL('/loan-purpose?utm_source=search&zip=90210&gclid=abc');
  const record = await page.evaluate(() => JSON.parse(localStorage.getItem('business-funding') ?? 'null'));
  expect(record).toMatchObject({ zip_user: '90210', utm_source: 'search' });
});

test('the header parameter replaces the form heading, and an empty one restores it', async ({ page }) => {
  await page.goto('/?header=Funding-for+Your   Restaurant');
  await expect(page.getByText('Funding for Your Restaurant', { exact: true })).toBeVisible();
  await expect(page.getByText('See If You Qualify For Help')).toHaveCount(0);
  await page.goto('/?header=');
  await expect(page.getByText('See If You Qualify For Help')).toBeVisible();
});

for (const version of ['v2', 'v3']) {
  test(`the ${version} flow lives under /${version} with its own record`, async ({ page }) => {
    await page.goto(`/${version}`);
    await expectStep(page, `/${version}`, 'What type of business do you own?', 10);
    await page.getByRole('radio', { name: 'Partnership' }).click();
    await expectStep(page, `/${version}/amount`, 'How much do you need?', 20);
    await next(page).click();
    await expectStep(page, `/${version}/loan-purpose`, 'What are you getting the financing for?', 25);
    const stored = await page.evaluate(() => Object.keys(localStorage));
    expect(stored).toEqual([`business-funding.${version}`]);
    await page.getByRole('link', { name: /start over/ }).click();
    await expectStep(page, `/${version}`, 'What type of business do you own?', 10);
  });
}

/** The partner pages of the alternatives screen's offers, as the flow files give them (tracking parameters included). */
const PARTNER_LINKS = [
  {
    name: 'See personal loans (opens in a new tab)',
    url: 'https://partners.example.com/personal-loans?utm_source=fundflow&utm_medium=referral&utm_campaign=alternatives',
  },
  {
    name: 'See business credit cards (opens in a new tab)',
    url: 'https://partners.example.com/business-credit-cards?utm_source=fundflow&utm_medium=referral&utm_campaign=alternatives',
  },
];

/**
 * On the alternatives screen, each offer is a link to its partner's page that opens in a new tab, with no referrer, and
 * the form stays where it was. The partner's site is stood in for here, so nothing leaves the machine.
 */
async function expectOffersOpenPartnersInNewTabs(page: Page) {
  for (const { name, url } of PARTNER_LINKS) {
    const link = page.getByRole('link', { name });
    await expect(link).toHaveAttribute('href', url);
    await expect(link).toHaveAttribute('target', '_blank');
  }
  const referrers: (string | undefined)[] = [];
  await page.context().route('https://partners.example.com/**', async (route) => {
    referrers.push(route.request().headers().referer);
    await route.fulfill({ contentType: 'text/html', body: '<title>Partner</title><h1>Personal loans</h1>' });
  });
  const [partner] = await Promise.all([
    page.context().waitForEvent('page'),
    page.getByRole('link', { name: PARTNER_LINKS[0]!.name }).click(),
  ]);
  await expect(partner).toHaveURL(PARTNER_LINKS[0]!.url);
  await expect(partner.getByRole('heading', { name: 'Personal loans' })).toBeVisible();
  expect(referrers).toEqual([undefined]);
  await partner.close();
  await expect(heading(page)).toHaveText('You may also qualify for these options');
}

test('alternatives suggest other products and continue to the business details', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('radio', { name: 'Partnership' }).click();
  await expectStep(page, '/amount', 'How much do you need?', 20);
  await page.goto('/alternatives');
  await expect(heading(page)).toHaveText('You may also qualify for these options');
  await expect(progress(page)).toHaveCount(0);
  await expect(page.getByText('Personal loans of up to $35,000, funded in as little as 24 hours.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Business credit cards' })).toBeVisible();
  await page.getByRole('button', { name: 'No Contiue Business Loan' }).click();
  await expectStep(page, '/about-business', 'Tell us about your business', 60);
  await page.getByRole('button', { name: 'Previous', exact: true }).click();
  await expect(heading(page)).toHaveText('You may also qualify for these options');
  await page.getByRole('button', { name: 'Back' }).click();
  await expectStep(page, '/amount', 'How much do you need?', 20);
});

test('opening an offer is told to the tag manager once, by the offer id, with the flow and step', async ({ page }) => {
  await page.route('https://www.googletagmanager.com/gtm.js**', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: FAKE_TAG_MANAGER }),
  );
  await page
    .context()
    .route('https://partners.example.com/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>Partner</title>' }),
    );
  await page.goto(`${CONFIGURED_APP_URL}/`);
  await page.getByRole('radio', { name: 'Partnership' }).click();
  await expect(heading(page)).toHaveText('How much do you need?');
  await page.goto(`${CONFIGURED_APP_URL}/alternatives`);
  await expect(heading(page)).toHaveText('You may also qualify for these options');
  const [partner] = await Promise.all([
    page.context().waitForEvent('page'),
    page.getByRole('link', { name: PARTNER_LINKS[1]!.name }).click(),
  ]);
  await partner.close();
  const offersOpened = async () =>
    ((await page.evaluate(() => window.dataLayer)) as Record<string, unknown>[]).filter(
      (item) => item.event === 'offer_opened',
    );
  await expect.poll(offersOpened).toEqual([
    {
      event: 'offer_opened',
      flow: 'business-funding',
      flow_version: 'v1',
      step: 'alternatives',
      offer: 'business-credit-cards',
    },
  ]);
});

test('an unknown path shows the not-found page with status 404', async ({ page }) => {
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Oops! That page can’t be found.' })).toBeVisible();
  await expect(page).toHaveTitle(/\| Fundflow Test$/);
  await page.getByRole('link', { name: 'Go Back' }).click();
  await expectStep(page, '/', 'What type of business do you own?', 10);
});

test('each screen opens scrolled to the top', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 400 });
  await page.goto('/');
  await page.getByRole('radio', { name: 'Partnership' }).click();
  await expectStep(page, '/amount', 'How much do you need?', 20);
  await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await next(page).click();
  await expectStep(page, '/loan-purpose', 'What are you getting the financing for?', 25);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});

test('v3 branches on the answers: a Poor credit score leads to alternatives, any other to the business details', async ({
  page,
}) => {
  await answerV3UpToCreditScore(page);
  await expectStep(page, '/v3/credit-score', "What's your estimated personal credit score?", 50);
  await page.getByRole('radio', { name: 'Poor (639 or less)' }).click();
  await next(page).click();
  await expect(page).toHaveURL((url) => url.pathname === '/v3/alternatives');
  await expect(heading(page)).toHaveText('You may also qualify for these options');
  await expectOffersOpenPartnersInNewTabs(page);
  await page.getByRole('button', { name: 'No Contiue Business Loan' }).click();
  await expectStep(page, '/v3/about-business', 'Tell us about your business', 60);

  await page.goBack();
  await page.goBack();
  await expectStep(page, '/v3/credit-score', "What's your estimated personal credit score?", 50);
  await page.getByRole('radio', { name: 'Fair (640-679)' }).click();
  await next(page).click();
  await expectStep(page, '/v3/about-business', 'Tell us about your business', 60);
});
