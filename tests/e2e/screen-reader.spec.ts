/**
 * What a screen reader meets on the way through every version: the focus on each new screen's heading (not on the
 * page the visitor opened), a document title per step, a named progress bar, choices in one named group, the slider's
 * amount as text, errors announced and tied to their inputs, and the ZIP lookup, the address check and the searching
 * texts announced as they change.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { heading, next, progress } from './walk.ts';
import { VISITOR } from './visitor.ts';

/** A new screen: its address, its heading holding the focus, and its own document title. */
async function arrive(page: Page, path: string, text: string, title = text) {
  await expect(page).toHaveURL((url) => url.pathname === path);
  await expect(heading(page)).toHaveText(text);
  await expect(heading(page)).toBeFocused();
  await expect(page).toHaveTitle(`${title} | Fundflow Test`);
}

/**
 * The text shows inside a live region, which announces it as it appears or changes. One retried query, because the
 * searching headlines stay only two seconds: a text found, then looked up again, may already be gone.
 */
async function expectAnnounced(page: Page, text: string) {
  const liveRegions = page.locator('[aria-live="polite"], [aria-live="assertive"], [role="status"], [role="alert"]');
  await expect(
    liveRegions.getByText(text, { exact: true }).first(),
    `"${text}" is not shown in a live region`,
  ).toBeVisible();
}

/** An error: announced, and the control marked invalid and described by it. */
async function expectError(page: Page, control: Locator, message: string) {
  await expectAnnounced(page, message);
  await expect(control).toHaveAttribute('aria-invalid', 'true');
  await expect(control).toHaveAccessibleDescription(message);
}

async function expectValid(control: Locator) {
  await expect(control).not.toHaveAttribute('aria-invalid');
  await expect(control).not.toHaveAttribute('aria-describedby');
}

for (const { version, base } of [
  { version: 'v1', base: '' },
  { version: 'v2', base: '/v2' },
  { version: 'v3', base: '/v3' },
] as const) {
  test(`${version}: focus, titles, names and announcements from the first question to the thank-you`, async ({
    page,
  }, info) => {
    test.setTimeout(90_000);
    await page.goto(base || '/');
    await expect(page).toHaveTitle('What type of business do you own? | Fundflow Test');
    // The page the visitor opened leaves the focus alone: the screen reader starts at the top of the page.
    await expect(heading(page)).not.toBeFocused();
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
    await expect(progress(page)).toHaveAttribute('aria-valuenow', '10');

    // One group of choices, named, each choice a radio of the same group.
    const types = page.getByRole('radiogroup', { name: 'Type of business' });
    await expect(types.getByRole('radio')).toHaveCount(5);
    expect(
      await types
        .getByRole('radio')
        .evaluateAll((radios) => new Set(radios.map((radio) => (radio as HTMLInputElement).name)).size),
    ).toBe(1);
    await next(page).click();
    await expectError(page, types, 'This field is required');
    await page.getByRole('radio', { name: 'Partnership' }).click();

    await arrive(page, `${base}/amount`, 'How much do you need?');
    await expect(progress(page)).toHaveAttribute('aria-valuenow', '20');
    const slider = page.getByRole('slider', { name: 'Amount needed' });
    await expect(slider).toHaveAttribute('aria-valuetext', '$10,000');
    await slider.focus();
    await page.keyboard.press('ArrowRight');
    await expect(slider).toHaveAttribute('aria-valuetext', '$15,000');
    await page.keyboard.press('End');
    await expect(slider).toHaveAttribute('aria-valuetext', '$1M+');
    // Back is a new screen too.
    await page.getByRole('button', { name: 'Previous', exact: true }).click();
    await arrive(page, base || '/', 'What type of business do you own?');
    await page.getByRole('radio', { name: 'Partnership' }).click();
    await arrive(page, `${base}/amount`, 'How much do you need?');
    await next(page).click();

    await arrive(page, `${base}/loan-purpose`, 'What are you getting the financing for?');
    const purpose = page.getByRole('combobox', { name: 'Purpose of the financing' });
    await expectValid(purpose);
    await next(page).click();
    await expectError(page, purpose, 'This field is required');
    await purpose.selectOption({ label: 'Payroll' });
    await expectValid(purpose);
    await next(page).click();

    await arrive(page, `${base}/loan-timing`, 'How quickly do you need the money?');
    await expect(page.getByRole('radiogroup', { name: 'When you need the money' }).getByRole('radio')).toHaveCount(4);
    await page.getByRole('radio', { name: 'Within a week' }).click();
    await next(page).click();

    await arrive(page, `${base}/average-monthly-revenue`, "What's your average monthly revenue?");
    const revenue = page.getByRole('textbox', { name: 'Average monthly revenue' });
    await revenue.fill('12345678');
    await expectError(page, revenue, 'Please enter a value less than $10 million.');
    await revenue.fill('45000');
    await expectValid(revenue);
    await next(page).click();

    await arrive(page, `${base}/credit-score`, "What's your estimated personal credit score?");
    if (version === 'v3') {
      await page.getByRole('radio', { name: 'Poor (639 or less)' }).click();
      await next(page).click();
      await arrive(page, `${base}/alternatives`, 'You may also qualify for these options');
      await expect(progress(page)).toHaveCount(0);
      await page.getByRole('button', { name: 'No Contiue Business Loan' }).click();
    } else {
      await page.getByRole('radio', { name: 'Good (680-719)' }).click();
      await next(page).click();
    }

    await arrive(page, `${base}/about-business`, 'Tell us about your business');
    await page.getByRole('textbox', { name: 'Business name' }).fill(VISITOR.businessName);
    const zip = page.getByRole('textbox', { name: 'Business zip code' });
    await zip.pressSequentially('90200');
    await expectError(page, zip, 'Please enter valid zipcode.');
    await zip.fill('');
    await zip.pressSequentially('90210');
    await expect(page.getByRole('status').filter({ hasText: 'Beverly Hills, CA 90210' })).toBeVisible();
    await expectValid(zip);
    await next(page).click();

    await arrive(page, `${base}/business-start`, 'When did you start your business?');
    await page.getByRole('combobox', { name: 'Month' }).selectOption({ label: 'May' });
    await page.getByRole('combobox', { name: 'Year' }).selectOption('2018');
    await next(page).click();

    await arrive(page, `${base}/business-industry`, 'What industry is your business in?');
    await page.getByRole('combobox', { name: 'Industry' }).selectOption({ label: 'Retail trade' });
    await next(page).click();

    await arrive(page, `${base}/name`, "What's your name?");
    await page.getByRole('textbox', { name: 'First name' }).fill(VISITOR.firstName);
    const lastName = page.getByRole('textbox', { name: 'Last name' });
    await lastName.fill(VISITOR.mistypedLastName);
    await next(page).click();
    await expectError(page, lastName, 'Please enter alphabets only.');
    // A refused step sends the focus to what needs fixing.
    await expect(lastName).toBeFocused();
    await lastName.fill(VISITOR.lastName);
    await expectValid(lastName);
    await next(page).click();

    await arrive(page, `${base}/email`, "What's your email address?");
    await page
      .getByRole('textbox', { name: 'Email address' })
      .fill(`mary.${version}.reader.${info.project.name}@example.com`);
    await next(page).click();

    await arrive(page, `${base}/phone`, 'Last question, where is Acme Tools located?', 'Street Address');
    const reveal = page.getByRole('button', { name: 'View Funding Options' });
    const street = page.getByRole('textbox', { name: 'Street address' });
    await reveal.click();
    await expectError(page, street, 'This field is required');
    await expect(street).toBeFocused();
    await street.fill(VISITOR.street);
    await street.blur();
    // The business ZIP answered earlier fills this one.
    const addressZip = page.getByRole('textbox', { name: 'Zip code' });
    await expect(addressZip).toHaveValue('90210');
    await addressZip.fill('');
    await addressZip.pressSequentially('123');
    await addressZip.blur();
    await expectError(page, addressZip, 'Please enter valid zipcode');
    await addressZip.fill('');
    await addressZip.pressSequentially('90210');
    await expect(page.getByRole('textbox', { name: 'City' })).toHaveValue('Beverly Hills');
    await expectValid(addressZip);
    await reveal.click();
    await expect(page.getByRole('status').filter({ hasText: 'Checking your address...' })).toBeVisible();
    const phone = page.getByRole('textbox', { name: 'Phone number' });
    await expect(phone).toBeFocused();
    await phone.pressSequentially(VISITOR.phone);
    await reveal.click();

    await arrive(page, `${base}/searching-coverage-area`, 'Searching for lenders', 'Searching');
    await expectAnnounced(page, 'Reviewing your information...');
    await expectAnnounced(page, 'Looking for best rates in Beverly Hills...');
    await expect(page).toHaveURL((url) => url.pathname === `${base}/thank-you`, { timeout: 12_000 });
    await arrive(page, `${base}/thank-you`, 'Thank you!', 'Thank you');
  });
}

test('a later step opened directly leaves the focus alone, as the first page does', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('radio', { name: 'Sole Proprietor' }).click();
  await arrive(page, '/amount', 'How much do you need?');
  await page.reload();
  await expect(page).toHaveTitle('How much do you need? | Fundflow Test');
  await expect(heading(page)).toHaveText('How much do you need?');
  await expect(heading(page)).not.toBeFocused();
});
