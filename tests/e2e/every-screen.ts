/**
 * One walk through every screen of a flow version, in every state worth checking: as it opens, with its errors
 * showing, the start screen's popup, the phone step's loader and its check, the searching and thank-you screens.
 * The caller's `check` runs on each; the walk itself asserts only what it needs to get on.
 */
import { expect, type Page } from '@playwright/test';
import { pausePageClock } from './audit.ts';
import { VISITOR } from './visitor.ts';
import { expectStep, heading, next, openStartScreen } from './walk.ts';

export interface WalkOptions {
  /** '' for v1, '/v2', '/v3'. */
  base: string;
  email: string;
  /** v3 branches to the alternatives on a Poor credit score; elsewhere they are a page of their own, opened by address. */
  alternativesByBranch: boolean;
  /** Runs on every screen and state, on the walk's page unless `on` says otherwise; `screen` names it. */
  check: (screen: string, on?: Page) => Promise<void>;
  /** Runs on the searching screen before its check: the confetti is over after a few seconds. */
  onSearching?: () => Promise<void>;
}

const required = (page: Page) => page.getByText('This field is required').first();

export async function walkEveryScreen(
  page: Page,
  { base, email, alternativesByBranch, check, onSearching }: WalkOptions,
) {
  let showPopup = () => {};
  const popupAsked = new Promise<void>((resolve) => (showPopup = resolve));
  await page.route('**/api/v1/content/home-popup*', async (route) => {
    await popupAsked;
    await route.fulfill({
      json: {
        home_popup_model: true,
        model_content: '<h2>Holiday hours</h2><p>Advisors answer until 5 pm.</p>',
        button_text: 'Got it',
      },
    });
  });

  await openStartScreen(page, base || '/');
  await check('start');
  await next(page).click();
  await expect(required(page)).toBeVisible();
  await check('start with its error');
  showPopup();
  const popup = page.getByRole('dialog', { name: 'Announcement' });
  await expect(popup).toBeVisible();
  await check('start with the popup open');
  await popup.getByRole('button', { name: 'Got it' }).click();
  await expect(popup).toBeHidden();
  await page.getByRole('radio', { name: 'Partnership' }).click();

  await expectStep(page, `${base}/amount`, 'How much do you need?');
  await check('amount');
  if (!alternativesByBranch) {
    // Off this version's path, the page of its own opens from its address once there are answers: in a second tab,
    // so this one walks on as a visitor would.
    const tab = await page.context().newPage();
    await tab.setViewportSize(page.viewportSize()!);
    await tab.goto(`${base}/alternatives`);
    await expect(heading(tab)).toHaveText('You may also qualify for these options');
    await check('alternatives', tab);
    await tab.close();
  }
  await page.getByRole('slider', { name: 'Amount needed' }).fill('50000');
  await next(page).click();

  await expectStep(page, `${base}/loan-purpose`, 'What are you getting the financing for?');
  await check('loan purpose');
  await next(page).click();
  await expect(required(page)).toBeVisible();
  await check('loan purpose with its error');
  await page.getByRole('combobox', { name: 'Purpose of the financing' }).selectOption({ label: 'Payroll' });
  await next(page).click();

  await expectStep(page, `${base}/loan-timing`, 'How quickly do you need the money?');
  await check('loan timing');
  await next(page).click();
  await expect(required(page)).toBeVisible();
  await check('loan timing with its error');
  await page.getByRole('radio', { name: 'Within a week' }).click();
  await next(page).click();

  await expectStep(page, `${base}/average-monthly-revenue`, "What's your average monthly revenue?");
  await check('revenue');
  const revenue = page.getByRole('textbox', { name: 'Average monthly revenue' });
  await revenue.fill('12345678');
  await next(page).click();
  await expect(page.getByText('Please enter a value less than $10 million.')).toBeVisible();
  await check('revenue with its error');
  await revenue.fill('30000');
  await next(page).click();

  await expectStep(page, `${base}/credit-score`, "What's your estimated personal credit score?");
  await check('credit score');
  await next(page).click();
  await expect(required(page)).toBeVisible();
  await check('credit score with its error');
  if (alternativesByBranch) {
    await page.getByRole('radio', { name: 'Poor (639 or less)' }).click();
    await next(page).click();
    await expectStep(page, `${base}/alternatives`, 'You may also qualify for these options');
    await check('alternatives');
    await page.getByRole('button', { name: 'No Contiue Business Loan' }).click();
  } else {
    await page.getByRole('radio', { name: 'Good (680-719)' }).click();
    await next(page).click();
  }

  await expectStep(page, `${base}/about-business`, 'Tell us about your business');
  await check('about the business');
  await next(page).click();
  await expect(required(page)).toBeVisible();
  await check('about the business with its errors');
  await page.getByRole('textbox', { name: 'Business name' }).fill(VISITOR.businessName);
  await page.getByRole('textbox', { name: 'Business zip code' }).pressSequentially('90210');
  await expect(page.getByText('Beverly Hills, CA 90210')).toBeVisible();
  await check('about the business with the place found');
  await next(page).click();

  await expectStep(page, `${base}/business-start`, 'When did you start your business?');
  await check('business start');
  await next(page).click();
  await expect(required(page)).toBeVisible();
  await check('business start with its errors');
  await page.getByRole('combobox', { name: 'Month' }).selectOption({ label: 'May' });
  await page.getByRole('combobox', { name: 'Year' }).selectOption('2018');
  await next(page).click();

  await expectStep(page, `${base}/business-industry`, 'What industry is your business in?');
  await check('industry');
  await next(page).click();
  await expect(required(page)).toBeVisible();
  await check('industry with its error');
  await page.getByRole('combobox', { name: 'Industry' }).selectOption({ label: 'Retail trade' });
  await next(page).click();

  await expectStep(page, `${base}/name`, "What's your name?");
  await check('name');
  await next(page).click();
  await expect(required(page)).toBeVisible();
  await check('name with its errors');
  await page.getByRole('textbox', { name: 'First name' }).fill(VISITOR.firstName);
  await page.getByRole('textbox', { name: 'Last name' }).fill(VISITOR.lastName);
  await next(page).click();

  await expectStep(page, `${base}/email`, "What's your email address?");
  await check('email');
  await next(page).click();
  await expect(required(page)).toBeVisible();
  await check('email with its error');
  await page.getByRole('textbox', { name: 'Email address' }).fill(email);
  await next(page).click();

  await walkPhoneStep(page, base, check);

  await expect(page).toHaveURL((url) => url.pathname === `${base}/searching-coverage-area`);
  await expect(heading(page)).toHaveText('Searching for lenders');
  await onSearching?.();
  await check('searching');
  await expect(page).toHaveURL((url) => url.pathname === `${base}/thank-you`, { timeout: 12_000 });
  await expect(page.getByText(/Mary Smith/)).toBeVisible();
  await check('thank-you');
}

async function walkPhoneStep(page: Page, base: string, check: WalkOptions['check']) {
  const reveal = page.getByRole('button', { name: 'View Funding Options' });
  await expectStep(page, `${base}/phone`, 'Last question, where is Acme Tools located?');
  await check('phone');
  await reveal.click();
  await expect(required(page)).toBeVisible();
  await check('phone with its error');
  const street = page.getByRole('textbox', { name: 'Street address' });
  await street.fill(VISITOR.street);
  await street.blur();
  await expect(page.getByRole('textbox', { name: 'City' })).toHaveValue('Beverly Hills');
  await check('phone with the address');

  // The loader shows for two seconds, less than an audit can take: the page's time stands still meanwhile.
  const loader = page.getByRole('status').filter({ hasText: 'Checking your address...' });
  await pausePageClock(page);
  await reveal.click();
  await expect(loader).toBeVisible();
  await check('phone while the address is checked');
  await expect(loader).toBeVisible();
  await page.clock.resume();

  const phone = page.getByRole('textbox', { name: 'Phone number' });
  await expect(phone).toBeVisible();
  await check('phone with the phone number');
  await reveal.click();
  await expect(required(page)).toBeVisible();
  await check('phone with the phone number missing');
  await phone.pressSequentially(VISITOR.phone);

  // The phone check's answer is held while the page waits for it, then refused, then let through.
  let answer: (status: number) => void = () => {};
  const answered = new Promise<number>((resolve) => (answer = resolve));
  const held = page.waitForRequest('**/api/v1/phone/validate*');
  await page.route('**/api/v1/phone/validate*', async (route) => {
    const status = await answered;
    await route.fulfill({ status, json: { error: 'unavailable', message: 'The phone check is unavailable' } });
  });
  await reveal.click();
  await held;
  await check('phone while the number is checked');
  answer(503);
  await expect(page.getByRole('alert').filter({ hasText: 'Some error occured. Please try again!' })).toBeVisible();
  await check('phone with the alert');
  await page.unroute('**/api/v1/phone/validate*');
  await reveal.click();
}
