/**
 * The whole flow of every version with the keyboard alone: Tab and Shift+Tab to move, arrows in radio groups, the
 * slider and selects, Space and Enter to choose and press, typing into fields. At every Tab the focus is on a visible
 * element whose focus indicator differs from its look without the focus; after every change of screen the focus is
 * on the new step's heading, never on the page's body. The home popup keeps Tab inside itself while open.
 */
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from '@playwright/test';
import { readFlowFiles } from '../../engine/flow/load.ts';
import { animationsEnded } from './audit.ts';
import { expect, test } from './fixtures.ts';
import { deliveredTo, heading } from './walk.ts';
import { VISITOR } from './visitor.ts';

interface FlowFile {
  steps: Record<string, { schema?: { properties: Record<string, { oneOf?: { title: string }[] }> } }>;
}

/**
 * Where a choice sits in a select's list, read from the version's flow (resolved when the file extends another; the
 * disabled placeholder comes first).
 */
function arrowsTo(file: string, step: string, field: string, title: string): number {
  const flows = readFlowFiles(fileURLToPath(new URL('../../flows/', import.meta.url)));
  const flow = flows.find((flowFile) => flowFile.file === `flows/${file}`)!.json as FlowFile;
  const choices = flow.steps[step]!.schema!.properties[field]!.oneOf!;
  const index = choices.findIndex((choice) => choice.title === title);
  expect(index, `${title} in ${file}`).toBeGreaterThanOrEqual(0);
  return index + 1;
}

interface FocusSeen {
  onBody: boolean;
  what: string;
  visible: boolean;
  focused: string;
  unfocused: string | undefined;
  indicated: boolean;
}

/** Notes how every element looks before a key moves the focus, so the newly focused one can be compared with it. */
async function noteUnfocusedLooks(page: Page) {
  await page.evaluate(() => {
    const look = (element: Element) => {
      const style = getComputedStyle(element);
      return `outline: ${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}; box-shadow: ${style.boxShadow}`;
    };
    const looks = new WeakMap<Element, string>();
    for (const element of document.querySelectorAll('body *'))
      if (element !== document.activeElement) looks.set(element, look(element));
    (window as unknown as { __looks: WeakMap<Element, string> }).__looks = looks;
  });
}

/** The focused element: whether it shows, and how its focused look differs from the one noted before the key. */
async function focusSeen(page: Page): Promise<FocusSeen> {
  return page.evaluate(() => {
    const element = document.activeElement ?? document.body;
    const style = getComputedStyle(element);
    const focused = `outline: ${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}; box-shadow: ${style.boxShadow}`;
    const unfocused = (window as unknown as { __looks: WeakMap<Element, string> }).__looks.get(element);
    const box = element.getBoundingClientRect();
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2;
    const shadow = style.boxShadow !== 'none';
    return {
      onBody: element === document.body,
      what: `${element.tagName.toLowerCase()} "${element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40) ?? ''}" ${element.id}`,
      visible:
        element.checkVisibility({ opacityProperty: true, visibilityProperty: true }) &&
        box.width > 0 &&
        box.height > 0 &&
        box.bottom > 0 &&
        box.top < innerHeight,
      focused,
      unfocused,
      indicated: (outline || shadow) && unfocused !== undefined && unfocused !== focused,
    };
  });
}

/** Presses a key that moves the focus, and checks where it landed. */
async function move(page: Page, key: 'Tab' | 'Shift+Tab') {
  await noteUnfocusedLooks(page);
  await page.keyboard.press(key);
  const seen = await focusSeen(page);
  expect(seen.onBody, `${key} left the focus on the page's body`).toBe(false);
  expect(seen.visible, `${key} focused ${seen.what}, which is not visible`).toBe(true);
  expect(
    seen.indicated,
    `${key} focused ${seen.what} without a visible indicator (${seen.unfocused} → ${seen.focused})`,
  ).toBe(true);
}

/** Tabs until `target` has the focus, checking every stop on the way. */
async function tabTo(page: Page, target: Locator) {
  for (let stops = 0; stops < 12; stops += 1) {
    await move(page, 'Tab');
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

async function press(page: Page, key: string, times = 1) {
  for (let count = 0; count < times; count += 1) await page.keyboard.press(key);
}

/** A new screen: its address and heading, with the focus on that heading. */
async function arrive(page: Page, path: string, text: string) {
  await expect(page).toHaveURL((url) => url.pathname === path);
  await expect(heading(page)).toHaveText(text);
  await expect(heading(page)).toBeFocused();
  // A field of a step still sliding in is not yet where the visitor will see it.
  await animationsEnded(page);
}

const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

const VERSIONS = [
  { version: 'v1', base: '', file: 'business-funding.json' },
  { version: 'v2', base: '/v2', file: 'business-funding.v2.json' },
  // v3 sends a poor credit score through the other offers first.
  { version: 'v3', base: '/v3', file: 'business-funding.v3.json' },
] as const;

for (const { version, base, file } of VERSIONS) {
  test(`${version}: the whole flow with the keyboard alone, the focus always visible, and the buyer gets the lead`, async ({
    page,
    request,
  }, info) => {
    test.setTimeout(90_000);
    const email = `mary.${version}.keys.${info.project.name}@example.com`;
    await page.goto(base || '/');
    await expect(page).toHaveTitle(/ \| /);

    // The start screen opens with nothing focused: Tab reaches the choices; an arrow picks without moving on.
    await expect(heading(page)).toHaveText('What type of business do you own?');
    await tabTo(page, page.getByRole('radio', { name: 'Sole Proprietor' }));
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('radio', { name: 'Partnership' })).toBeChecked();
    await expect(page.getByRole('radio', { name: 'Partnership' })).toBeFocused();
    await expect(page).toHaveURL((url) => url.pathname === (base || '/'));
    await tabTo(page, button(page, 'Next'));
    await page.keyboard.press('Enter');

    await arrive(page, `${base}/amount`, 'How much do you need?');
    const slider = page.getByRole('slider', { name: 'Amount needed' });
    // The slider's code comes on demand (fetched once the visitor first acts): a press made before it has drawn
    // finds no field yet, as it would for a person who presses before seeing it.
    await expect(slider).toBeVisible();
    await tabTo(page, slider);
    await press(page, 'ArrowRight', 8);
    await expect(slider).toHaveAttribute('aria-valuetext', '$50,000');
    await tabTo(page, button(page, 'Next'));
    await page.keyboard.press('Space');

    await arrive(page, `${base}/loan-purpose`, 'What are you getting the financing for?');
    const purpose = page.getByRole('combobox', { name: 'Purpose of the financing' });
    await expect(purpose).toBeVisible();
    await tabTo(page, purpose);
    await press(page, 'ArrowDown', arrowsTo(file, 'loan-purpose', 'loan_purpose', 'Payroll'));
    await expect(purpose.getByRole('option', { name: 'Payroll' })).toHaveJSProperty('selected', true);
    await tabTo(page, button(page, 'Next'));
    await page.keyboard.press('Enter');

    await arrive(page, `${base}/loan-timing`, 'How quickly do you need the money?');
    await tabTo(page, page.getByRole('radio', { name: 'Within a week' }));
    await page.keyboard.press('Space');
    await expect(page.getByRole('radio', { name: 'Within a week' })).toBeChecked();
    await tabTo(page, button(page, 'Next'));
    await page.keyboard.press('Enter');

    await arrive(page, `${base}/average-monthly-revenue`, "What's your average monthly revenue?");
    const revenue = page.getByRole('textbox', { name: 'Average monthly revenue' });
    await tabTo(page, revenue);
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('45000');
    await expect(revenue).toHaveValue('$45,000');
    await tabTo(page, button(page, 'Next'));
    await page.keyboard.press('Enter');

    await arrive(page, `${base}/credit-score`, "What's your estimated personal credit score?");
    await tabTo(page, page.getByRole('radio', { name: 'Excellent (720+)' }));
    if (version === 'v3') {
      // From the first choice, the up arrow wraps round to the last.
      await page.keyboard.press('ArrowUp');
      await expect(page.getByRole('radio', { name: 'Poor (639 or less)' })).toBeChecked();
      await tabTo(page, button(page, 'Next'));
      await page.keyboard.press('Enter');
      await arrive(page, `${base}/alternatives`, 'You may also qualify for these options');
      await tabTo(page, button(page, 'No Contiue Business Loan'));
      await page.keyboard.press('Enter');
    } else {
      await page.keyboard.press('ArrowDown');
      await expect(page.getByRole('radio', { name: 'Good (680-719)' })).toBeChecked();
      await tabTo(page, button(page, 'Next'));
      await page.keyboard.press('Enter');
    }

    await arrive(page, `${base}/about-business`, 'Tell us about your business');
    await tabTo(page, page.getByRole('textbox', { name: 'Business name' }));
    await page.keyboard.type(VISITOR.businessName);
    await tabTo(page, page.getByRole('textbox', { name: 'Business zip code' }));
    await page.keyboard.type('90210');
    await expect(page.getByRole('status').filter({ hasText: 'Beverly Hills, CA 90210' })).toBeVisible();
    await tabTo(page, button(page, 'Next'));
    await page.keyboard.press('Enter');

    await arrive(page, `${base}/business-start`, 'When did you start your business?');
    const month = page.getByRole('combobox', { name: 'Month' });
    await tabTo(page, month);
    await press(page, 'ArrowDown', arrowsTo(file, 'business-start', 'business_start_month', 'May'));
    await expect(month.getByRole('option', { name: 'May' })).toHaveJSProperty('selected', true);
    const year = page.getByRole('combobox', { name: 'Year' });
    await tabTo(page, year);
    // The years run from this one back.
    await press(page, 'ArrowDown', new Date().getFullYear() - 2018 + 1);
    await expect(year.getByRole('option', { name: '2018' })).toHaveJSProperty('selected', true);
    await tabTo(page, button(page, 'Next'));
    await page.keyboard.press('Enter');

    await arrive(page, `${base}/business-industry`, 'What industry is your business in?');
    const industry = page.getByRole('combobox', { name: 'Industry' });
    await tabTo(page, industry);
    await press(page, 'ArrowDown', arrowsTo(file, 'business-industry', 'business_industry', 'Retail trade'));
    await expect(industry.getByRole('option', { name: 'Retail trade' })).toHaveJSProperty('selected', true);
    await tabTo(page, button(page, 'Next'));
    await page.keyboard.press('Enter');

    await arrive(page, `${base}/name`, "What's your name?");
    await tabTo(page, page.getByRole('textbox', { name: 'First name' }));
    await page.keyboard.type(VISITOR.firstName);
    await tabTo(page, page.getByRole('textbox', { name: 'Last name' }));
    await page.keyboard.type(VISITOR.lastName);
    await tabTo(page, button(page, 'Next'));
    await page.keyboard.press('Enter');

    await arrive(page, `${base}/email`, "What's your email address?");
    await tabTo(page, page.getByRole('textbox', { name: 'Email address' }));
    await page.keyboard.type(email);
    await tabTo(page, button(page, 'Next'));
    await page.keyboard.press('Enter');

    await arrive(page, `${base}/phone`, 'Last question, where is Acme Tools located?');
    await tabTo(page, page.getByRole('textbox', { name: 'Street address' }));
    await page.keyboard.type(VISITOR.street);
    // Typing the street shows city, state and ZIP, next in the Tab order.
    await tabTo(page, page.getByRole('textbox', { name: 'Zip code' }));
    await page.keyboard.type('90210');
    const reveal = button(page, 'View Funding Options');
    await expect(page.getByRole('textbox', { name: 'City' })).toHaveValue('Beverly Hills');
    await tabTo(page, reveal);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: 'Checking your address...' })).toBeVisible();
    const phone = page.getByRole('textbox', { name: 'Phone number' });
    await expect(phone).toBeFocused();
    await page.keyboard.type(VISITOR.phone);
    await expect(phone).toHaveValue('212-555-0123');
    await tabTo(page, reveal);
    await page.keyboard.press('Enter');

    await arrive(page, `${base}/searching-coverage-area`, 'Searching for lenders');
    await expect(page).toHaveURL((url) => url.pathname === `${base}/thank-you`, { timeout: 12_000 });
    await arrive(page, `${base}/thank-you`, 'Thank you!');
    await tabTo(page, button(page, 'Start over'));

    await expect.poll(async () => (await deliveredTo(request, email)).length, { timeout: 15_000 }).toBe(1);
    const [lead] = await deliveredTo(request, email);
    expect(lead!.body).toMatchObject({
      flow_version: version,
      business_type: 'Partnership',
      amount: 50000,
      loan_purpose: 'PAYROLL',
      loan_timing: 'Within a week',
      average_monthly_revenue: 45000,
      credit_score: version === 'v3' ? 'Poor (639 or less)' : 'Good (680-719)',
      business_name: VISITOR.businessName,
      business_zipcode: '90210',
      business_start_month: '05',
      business_start_year: '2018',
      business_industry: 'RETAILTRADE',
      first_name: VISITOR.firstName,
      last_name: VISITOR.lastName,
      email,
      street_address: VISITOR.street,
      city: 'Beverly Hills',
      state: 'CA',
      zipcode: '90210',
      phone: VISITOR.phone,
    });
  });
}

test('the home popup keeps Tab inside while open; closed, the focus goes to the question', async ({ page }) => {
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
  const close = popup.getByRole('button', { name: 'Close' });
  const gotIt = popup.getByRole('button', { name: 'Got it' });
  await expect(close).toBeFocused();
  // Round and round in both directions, never behind the popup.
  for (const [key, target] of [
    ['Tab', gotIt],
    ['Tab', close],
    ['Tab', gotIt],
    ['Shift+Tab', close],
    ['Shift+Tab', gotIt],
  ] as const) {
    await move(page, key);
    await expect(target).toBeFocused();
  }
  await page.keyboard.press('Escape');
  await expect(popup).toBeHidden();
  // Nothing had the focus before the popup opened: the visitor goes on from the question.
  await expect(heading(page)).toBeFocused();
  await tabTo(page, page.getByRole('radio', { name: 'Sole Proprietor' }));

  // Its own button closes it as well.
  await page.reload();
  await expect(close).toBeFocused();
  await move(page, 'Shift+Tab');
  await expect(gotIt).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(popup).toBeHidden();
  await expect(heading(page)).toBeFocused();
});
