/**
 * A phone's view of every step: the fields say what they hold (autocomplete) and which keyboard they need
 * (inputmode), no control is small enough in text for the phone to zoom in on focus, every target is big enough for a
 * finger, and with the on-screen keyboard open the step's button can still be reached.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { animationsEnded } from './audit.ts';
import { heading, next } from './walk.ts';
import { VISITOR } from './visitor.ts';

test.skip(({ isMobile }) => !isMobile, 'the phone project only');

/** What is left of the phone's 844 px screen once its on-screen keyboard is open (docs/decisions/057-*). */
const WITH_KEYBOARD = { width: 390, height: 450 };
const MIN_TARGET = 44;
const MIN_FONT = 16;

/** Every control's text: a phone zooms the page into one under 16 px when it takes the focus. */
async function expectNoZoomOnFocus(page: Page) {
  const small = await page.locator('input:not([type="hidden"]), select, textarea').evaluateAll(
    (controls, min) =>
      controls
        .map((control) => ({
          control: control.id || control.getAttribute('name') || control.outerHTML.slice(0, 60),
          size: parseFloat(getComputedStyle(control).fontSize),
        }))
        .filter(({ size }) => size < min),
    MIN_FONT,
  );
  expect(small, `controls with text under ${MIN_FONT} px on "${await heading(page).textContent()}"`).toEqual([]);
}

/**
 * Every target in the step: buttons, links, selects and text inputs by their own box, radios and checkboxes by their
 * label, which takes the tap as well.
 */
async function expectFingerSizedTargets(page: Page) {
  const step = page.getByRole('region', { name: (await heading(page).textContent()) ?? '' });
  const small = await step.locator('button, a[href], select, input:not([type="hidden"])').evaluateAll(
    (targets, min) =>
      targets
        .filter((target) => target.checkVisibility())
        .map((target) => {
          const tapped = target.matches('input[type="radio"], input[type="checkbox"]')
            ? (target.closest('label') ?? target)
            : target;
          const box = tapped.getBoundingClientRect();
          return {
            target: `${tapped.tagName.toLowerCase()} "${tapped.textContent?.trim() || target.id}"`,
            width: box.width,
            height: box.height,
          };
        })
        .filter(({ width, height }) => width < min || height < min),
    MIN_TARGET,
  );
  expect(small, `targets under ${MIN_TARGET}x${MIN_TARGET} px on "${await heading(page).textContent()}"`).toEqual([]);
}

/**
 * With a field focused (the keyboard open), the step's button scrolls fully into what the keyboard leaves of the
 * screen, nothing covers it, and the field keeps the focus (the keyboard stays open).
 */
async function expectButtonAboveKeyboard(field: Locator, button: Locator) {
  await field.focus();
  const seen = await button.evaluate((element) => {
    element.scrollIntoView({ block: 'center' });
    const box = element.getBoundingClientRect();
    const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return { top: box.top, bottom: box.bottom, innerHeight, uncovered: top !== null && element.contains(top) };
  });
  expect(seen.top, 'the button starts inside the screen above the keyboard').toBeGreaterThanOrEqual(0);
  expect(seen.bottom, 'the button ends inside the screen above the keyboard').toBeLessThanOrEqual(seen.innerHeight);
  expect(seen.uncovered, 'nothing covers the button').toBe(true);
  await expect(field).toBeFocused();
}

async function checkScreen(page: Page, path: string, text: string) {
  await expect(page).toHaveURL((url) => url.pathname === path);
  await expect(heading(page)).toHaveText(text);
  // The step at rest: while it slides in, what covers its button is the step sliding out.
  await animationsEnded(page);
  await expectNoZoomOnFocus(page);
  await expectFingerSizedTargets(page);
}

test('every field states its autocomplete and keyboard, and no screen zooms, has small targets or hides its button', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await page.setViewportSize(WITH_KEYBOARD);
  await page.goto('/');
  await expect(page).toHaveTitle(/ \| /);
  await checkScreen(page, '/', 'What type of business do you own?');
  await page.getByRole('radio', { name: 'Partnership' }).click();

  await checkScreen(page, '/amount', 'How much do you need?');
  await next(page).click();
  await checkScreen(page, '/loan-purpose', 'What are you getting the financing for?');
  await page.getByRole('combobox', { name: 'Purpose of the financing' }).selectOption({ label: 'Payroll' });
  await next(page).click();
  await checkScreen(page, '/loan-timing', 'How quickly do you need the money?');
  await page.getByRole('radio', { name: 'Within a week' }).click();
  await next(page).click();

  await checkScreen(page, '/average-monthly-revenue', "What's your average monthly revenue?");
  const revenue = page.getByRole('textbox', { name: 'Average monthly revenue' });
  await expect(revenue).toHaveAttribute('inputmode', 'numeric');
  await expectButtonAboveKeyboard(revenue, next(page));
  await next(page).click();
  await checkScreen(page, '/credit-score', "What's your estimated personal credit score?");
  await page.getByRole('radio', { name: 'Good (680-719)' }).click();
  await next(page).click();

  await checkScreen(page, '/about-business', 'Tell us about your business');
  const businessName = page.getByRole('textbox', { name: 'Business name' });
  const businessZip = page.getByRole('textbox', { name: 'Business zip code' });
  await expect(businessName).toHaveAttribute('autocomplete', 'organization');
  await expect(businessZip).toHaveAttribute('autocomplete', 'postal-code');
  await expect(businessZip).toHaveAttribute('inputmode', 'numeric');
  await expectButtonAboveKeyboard(businessName, next(page));
  await businessName.fill(VISITOR.businessName);
  await expectButtonAboveKeyboard(businessZip, next(page));
  await businessZip.pressSequentially('90210');
  await expect(page.getByText('Beverly Hills, CA 90210')).toBeVisible();
  await next(page).click();

  await checkScreen(page, '/business-start', 'When did you start your business?');
  await page.getByRole('combobox', { name: 'Month' }).selectOption({ label: 'May' });
  await page.getByRole('combobox', { name: 'Year' }).selectOption('2018');
  await next(page).click();
  await checkScreen(page, '/business-industry', 'What industry is your business in?');
  await page.getByRole('combobox', { name: 'Industry' }).selectOption({ label: 'Retail trade' });
  await next(page).click();

  await checkScreen(page, '/name', "What's your name?");
  const firstName = page.getByRole('textbox', { name: 'First name' });
  const lastName = page.getByRole('textbox', { name: 'Last name' });
  await expect(firstName).toHaveAttribute('autocomplete', 'given-name');
  await expect(lastName).toHaveAttribute('autocomplete', 'family-name');
  await expectButtonAboveKeyboard(firstName, next(page));
  await firstName.fill(VISITOR.firstName);
  await expectButtonAboveKeyboard(lastName, next(page));
  await lastName.fill(VISITOR.lastName);
  await next(page).click();

  await checkScreen(page, '/email', "What's your email address?");
  const email = page.getByRole('textbox', { name: 'Email address' });
  await expect(email).toHaveAttribute('autocomplete', 'email');
  await expect(email).toHaveAttribute('type', 'email');
  await expectButtonAboveKeyboard(email, next(page));
  await email.fill('mary.inputs@example.com');
  await next(page).click();

  await checkScreen(page, '/phone', 'Last question, where is Acme Tools located?');
  const reveal = page.getByRole('button', { name: 'View Funding Options' });
  const street = page.getByRole('textbox', { name: 'Street address' });
  await expect(street).toHaveAttribute('autocomplete', 'street-address');
  await expectButtonAboveKeyboard(street, reveal);
  await street.fill(VISITOR.street);
  await street.blur();
  const city = page.getByRole('textbox', { name: 'City' });
  const state = page.getByRole('combobox', { name: 'State' });
  const zip = page.getByRole('textbox', { name: 'Zip code' });
  await expect(city).toHaveAttribute('autocomplete', 'address-level2');
  await expect(state).toHaveAttribute('autocomplete', 'address-level1');
  await expect(zip).toHaveAttribute('autocomplete', 'postal-code');
  await expect(zip).toHaveAttribute('inputmode', 'numeric');
  await expectButtonAboveKeyboard(zip, reveal);
  await expect(zip).toHaveValue('90210');
  await expect(city).toHaveValue('Beverly Hills');
  await checkScreen(page, '/phone', 'Last question, where is Acme Tools located?');
  await reveal.click();
  const phone = page.getByRole('textbox', { name: 'Phone number' });
  await expect(phone).toBeFocused();
  await expect(phone).toHaveAttribute('autocomplete', 'tel-national');
  await expect(phone).toHaveAttribute('inputmode', 'numeric');
  await expectButtonAboveKeyboard(phone, reveal);
  await checkScreen(page, '/phone', 'Last question, where is Acme Tools located?');
});
