/**
 * A picture of every screen, on the phone and on the desktop: the walk through v1 (and v3's alternatives, the one
 * screen only a branch reaches), then every page of the operators' console, a lead sold at auction with the Lenders
 * page's revenue, then the Spanish pages, saves each screen to test-results/screens/<project>/ as it goes, so a
 * reviewer can see the product without running it. `npm run screens` runs this and copies the pictures to
 * docs/screens/, which docs/screens.md shows.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page, TestInfo } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { SCREENS_DIR } from './screens.ts';
import { VISITOR } from './visitor.ts';
import { answerV3UpToCreditScore, expectStep, heading, next, sendLeadWithTypedAddress } from './walk.ts';
import { CONSOLE_PAGES, walkConsolePages } from './console-pages.ts';
import { openLead, signIn } from './console-users.ts';
import { ADMIN, ROUTING_APP_URL } from './servers.ts';
import { sendTexasLead } from './texas-visit.ts';

/** Saves the screen as the visitor sees it, in CSS pixels (a phone's 3x would make pictures nine times larger). */
async function shoot(page: Page, info: TestInfo, name: string): Promise<void> {
  const dir = join(SCREENS_DIR, info.project.name);
  mkdirSync(dir, { recursive: true });
  // Fonts and images settled, the caret hidden: the same screen gives the same picture.
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({
    path: join(dir, `${name}.png`),
    fullPage: true,
    scale: 'css',
    animations: 'disabled',
    caret: 'hide',
  });
}

test('every screen of the flow, as the visitor sees it', async ({ page }, info) => {
  test.slow();
  await page.route('**/api/v1/content/home-popup*', (route) =>
    route.fulfill({
      json: {
        home_popup_model: true,
        model_content: '<h2>Holiday hours</h2><p>Advisors answer until 5 pm.</p>',
        button_text: 'Got it',
      },
    }),
  );
  await page.goto('/');
  const popup = page.getByRole('dialog', { name: 'Announcement' });
  await expect(popup).toBeVisible();
  await shoot(page, info, '01-start-popup');
  await popup.getByRole('button', { name: 'Got it' }).click();
  await expectStep(page, '/', 'What type of business do you own?', 10);
  await shoot(page, info, '02-start');
  await next(page).click();
  await expect(page.getByText('This field is required')).toBeVisible();
  await shoot(page, info, '03-start-error');
  await page.getByRole('radio', { name: 'Partnership' }).click();

  await expectStep(page, '/amount', 'How much do you need?', 20);
  await shoot(page, info, '04-amount');
  await page.getByRole('slider', { name: 'Amount needed' }).fill('50000');
  await next(page).click();
  await expectStep(page, '/loan-purpose', 'What are you getting the financing for?');
  await shoot(page, info, '05-loan-purpose');
  await page.getByRole('combobox', { name: 'Purpose of the financing' }).selectOption({ label: 'Payroll' });
  await next(page).click();
  await expectStep(page, '/loan-timing', 'How quickly do you need the money?');
  await shoot(page, info, '06-loan-timing');
  await page.getByRole('radio', { name: 'Within a week' }).click();
  await next(page).click();
  await expect(heading(page)).toHaveText("What's your average monthly revenue?");
  await shoot(page, info, '07-revenue');
  await next(page).click();
  await expect(heading(page)).toHaveText("What's your estimated personal credit score?");
  await shoot(page, info, '08-credit-score');
  await page.getByRole('radio', { name: 'Good (680-719)' }).click();
  await next(page).click();

  await expect(heading(page)).toHaveText('Tell us about your business');
  await page.getByRole('textbox', { name: 'Business name' }).fill(VISITOR.businessName);
  await page.getByRole('textbox', { name: 'Business zip code' }).pressSequentially('90210');
  await expect(page.getByText('Beverly Hills, CA 90210')).toBeVisible();
  await shoot(page, info, '09-about-business');
  await next(page).click();
  await expect(heading(page)).toHaveText('When did you start your business?');
  await shoot(page, info, '10-business-start');
  await page.getByRole('combobox', { name: 'Month' }).selectOption({ label: 'May' });
  await page.getByRole('combobox', { name: 'Year' }).selectOption('2018');
  await next(page).click();
  await expect(heading(page)).toHaveText('What industry is your business in?');
  await shoot(page, info, '11-industry');
  await page.getByRole('combobox', { name: 'Industry' }).selectOption({ label: 'Retail trade' });
  await next(page).click();
  await expect(heading(page)).toHaveText("What's your name?");
  await shoot(page, info, '12-name');
  await page.getByRole('textbox', { name: 'First name' }).fill(VISITOR.firstName);
  await page.getByRole('textbox', { name: 'Last name' }).fill(VISITOR.lastName);
  await next(page).click();
  await expect(heading(page)).toHaveText("What's your email address?");
  await shoot(page, info, '13-email');
  await page.getByRole('textbox', { name: 'Email address' }).fill(`screens.${info.project.name}@example.com`);
  await next(page).click();

  await expect(heading(page)).toHaveText('Last question, where is Acme Tools located?');
  await shoot(page, info, '14-address');
  const street = page.getByRole('textbox', { name: 'Street address' });
  await street.fill('1 Main St');
  await street.blur();
  await page.getByRole('button', { name: 'View Funding Options' }).click();
  // The loader shows for two seconds, long enough for its picture.
  await expect(page.getByRole('status').filter({ hasText: /checking/i })).toBeVisible();
  await shoot(page, info, '15-checking');
  const phone = page.getByRole('textbox', { name: 'Phone number' });
  await expect(phone).toBeVisible();
  await shoot(page, info, '16-phone');
  await phone.pressSequentially('2125550123');
  await page.getByRole('button', { name: 'View Funding Options' }).click();

  await expect(page).toHaveURL((url) => url.pathname === '/searching-coverage-area');
  await expect(page.getByText('Looking for best rates in Beverly Hills...')).toBeVisible();
  await shoot(page, info, '17-searching');
  await expect(page).toHaveURL((url) => url.pathname === '/thank-you', { timeout: 15_000 });
  await expect(page.getByText(/Mary Smith/)).toBeVisible();
  await shoot(page, info, '18-thank-you');
});

test('the alternatives screen of v3, which only a Poor credit score reaches', async ({ page }, info) => {
  await answerV3UpToCreditScore(page);
  await page.getByRole('radio', { name: 'Poor (639 or less)' }).click();
  await next(page).click();
  await expect(heading(page)).toHaveText('You may also qualify for these options');
  await shoot(page, info, '19-v3-alternatives');
});

test("every page of the operators' console, with the lead a visitor just sent", async ({ page }, info) => {
  test.slow();
  const email = `console.screens.${info.project.name}@example.com`;
  await sendLeadWithTypedAddress(page, email);
  await expect(page).toHaveURL((url) => url.pathname === '/thank-you', { timeout: 15_000 });
  // Numbered after the flow's screens, in the order an operator meets them.
  await walkConsolePages(page, email, (name) =>
    shoot(page, info, `${20 + CONSOLE_PAGES.indexOf(name)}-console-${name}`),
  );
});

test('a lead sold at auction: its page and the Lenders page with revenue', async ({ browser, page }, info) => {
  test.slow();
  const email = `auction.screens.${info.project.name}@example.com`;
  await (await sendTexasLead(browser, `screens-${info.project.name}`, email, '150000')).close();
  await signIn(page, ADMIN.email, ADMIN.password, ROUTING_APP_URL);
  await openLead(page, email);
  // Sold a moment after the thank-you: the page shows it once reloaded after the sale.
  await expect(async () => {
    await page.reload();
    await expect(page.getByText('$42.50 to Corvane Finance')).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await shoot(page, info, '34-console-lead-sold-at-auction');
  await page.getByRole('banner').getByRole('link', { name: 'Lenders', exact: true }).click();
  await expect(page.getByRole('table', { name: /^What their leads sold for/ })).toContainText('$42.50');
  await shoot(page, info, '35-console-lenders-revenue');
});

test('the Spanish screens: the start with its error, the next step, a legal page and the 404', async ({
  page,
}, info) => {
  // Numbered after the console's pages and the auction's.
  await page.goto('/es');
  await expectStep(page, '/es', '¿Qué tipo de negocio tiene?');
  await shoot(page, info, '50-spanish-start');
  await page.getByRole('button', { name: 'Siguiente', exact: true }).click();
  await expect(page.getByText('Este campo es obligatorio')).toBeVisible();
  await shoot(page, info, '51-spanish-start-error');
  await page.getByRole('radio', { name: 'Sociedad colectiva' }).click();
  await expectStep(page, '/es/amount', '¿Cuánto necesita?');
  await shoot(page, info, '52-spanish-amount');
  await page.goto('/es/privacy');
  await expect(heading(page)).toBeVisible();
  await shoot(page, info, '53-spanish-privacy');
  await page.goto('/es/nada');
  await expect(heading(page)).toBeVisible();
  await shoot(page, info, '54-spanish-not-found');
});
