/**
 * Address suggestions from Places API (New) on the phone step, against the server with a Maps key (GOOGLE_PLACES_API
 * left at its default, new) and a stand-in for Google's Maps script (tests/support/fake-places-new.js): the form's own combobox
 * fills street, city, state and ZIP, and any failure of Google's leaves the plain input, with nothing shown.
 */
import type { Page, TestInfo } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { axeViolations } from './audit.ts';
import { CONFIGURED_APP_URL } from './servers.ts';
import { answerBusinessAndContact, answerFirstHalf, FAKE_PLACES } from './walk.ts';

/** What the widget logs, once, when it stops asking Google (PlacesNewInput's SUGGESTIONS_OFF). */
const SUGGESTIONS_OFF = 'Address suggestions are off for this page: Places API (New) failed';

interface FakeCall {
  call: 'suggest' | 'fetchFields';
  input?: string;
  token: number | null;
  fields?: string[];
}

/** The phone step of the server with a Maps key, Google's script replaced by the stand-in; the console's warnings. */
async function openPhoneStep(page: Page, info: TestInfo, mode?: 'denied' | 'quota' | 'hang') {
  await page.route('https://maps.googleapis.com/maps/api/js**', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: FAKE_PLACES }),
  );
  if (mode) await page.addInitScript((value) => Object.assign(window, { fakePlacesMode: value }), mode);
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  await answerFirstHalf(page, CONFIGURED_APP_URL);
  await answerBusinessAndContact(page, '', `mary.places-new.${mode ?? 'ok'}.${info.project.name}@example.com`);
  return warnings;
}

const street = (page: Page) => page.getByRole('combobox', { name: 'Street address' });
const fakeCalls = (page: Page) =>
  page.evaluate(() => (window as unknown as { fakePlacesCalls: FakeCall[] }).fakePlacesCalls);

async function expectPlaceFilled(page: Page, place: { street: string; city: string; state: string; zip: string }) {
  await expect(page.getByRole('textbox', { name: 'Street address' }).or(street(page))).toHaveValue(place.street);
  await expect(page.getByRole('textbox', { name: 'City' })).toHaveValue(place.city);
  await expect(page.getByRole('combobox', { name: 'State' })).toHaveValue(place.state);
  await expect(page.getByRole('textbox', { name: 'Zip code' })).toHaveValue(place.zip);
}

/** The address passes: the phone number is asked for next. */
async function expectAddressPasses(page: Page) {
  await page.getByRole('button', { name: 'View Funding Options' }).click();
  await expect(page.getByRole('textbox', { name: 'Phone number' })).toBeVisible();
}

test('typing suggests addresses in a list the keyboard moves through, and Enter fills street, city, state and ZIP', async ({
  page,
}, info) => {
  await openPhoneStep(page, info);
  await street(page).pressSequentially('1600');
  const list = page.getByRole('listbox', { name: 'Suggested addresses' });
  await expect(list.getByRole('option')).toHaveText([
    '1600 Amphitheatre Pkwy Mountain View, CA, USA',
    '1600 Pennsylvania Avenue NW Washington, DC, USA',
  ]);
  await expect(street(page)).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByText('Powered by Google')).toBeVisible();
  // Open, the list is audited as the rest of the screen is.
  expect(await axeViolations(page)).toEqual([]);

  await street(page).press('ArrowDown');
  await street(page).press('ArrowDown');
  const pennsylvania = list.getByRole('option', { name: /1600 Pennsylvania Avenue NW/ });
  await expect(pennsylvania).toHaveAttribute('aria-selected', 'true');
  await expect(street(page)).toHaveAttribute('aria-activedescendant', (await pennsylvania.getAttribute('id'))!);
  await street(page).press('Enter');
  await expect(list).toBeHidden();
  await expectPlaceFilled(page, {
    street: '1600 Pennsylvania Avenue NW',
    city: 'Washington',
    state: 'DC',
    zip: '20500',
  });

  // One session: the chosen place's details were asked for with the token of the suggestions it came from.
  const calls = await fakeCalls(page);
  const suggested = calls.filter((call) => call.call === 'suggest');
  expect(suggested.map((call) => call.input)).toEqual(['1600']);
  expect(calls.filter((call) => call.call === 'fetchFields')).toEqual([
    { call: 'fetchFields', token: suggested[0]!.token, fields: ['addressComponents', 'formattedAddress'] },
  ]);
  await expectAddressPasses(page);
});

test('a tap or click on a suggestion fills the address, and the list closes with Escape', async ({ page }, info) => {
  await openPhoneStep(page, info);
  await street(page).pressSequentially('1600 Amph');
  const option = page.getByRole('option', { name: '1600 Amphitheatre Pkwy Mountain View, CA, USA' });
  await expect(option).toBeVisible();
  // A finger-sized row.
  expect((await option.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  await street(page).press('Escape');
  await expect(option).toBeHidden();
  await street(page).press('ArrowDown');
  await expect(option).toBeVisible();
  if (info.project.name === 'phone') await option.tap();
  else await option.click();
  await expectPlaceFilled(page, { street: '1600 Amphitheatre Pkwy', city: 'Mountain View', state: 'CA', zip: '94043' });
  await expect(street(page)).toBeFocused();
  await expectAddressPasses(page);
});

const FAILURES = [
  { mode: 'denied', what: 'a key refused for Places API (New)' },
  { mode: 'quota', what: 'a quota error' },
  { mode: 'hang', what: 'a request that never answers' },
] as const;

for (const { mode, what } of FAILURES) {
  test(`after ${what}, the visitor types the address in the plain input and sees no error`, async ({ page }, info) => {
    const warnings = await openPhoneStep(page, info, mode);
    await street(page).pressSequentially('1 Main St');
    const typed = page.getByRole('textbox', { name: 'Street address' });
    // The combobox gives way to the plain input, the same element: what was typed and the focus stay.
    await expect(typed).toBeVisible();
    await expect(typed).toHaveValue('1 Main St');
    await expect(typed).toBeFocused();
    await expect(page.getByRole('listbox')).toHaveCount(0);
    await expect(page.getByText(/REQUEST_DENIED|RESOURCE_EXHAUSTED|Places|suggestion/i)).toHaveCount(0);
    expect(warnings.filter((warning) => warning.startsWith(SUGGESTIONS_OFF))).toHaveLength(1);

    const zip = page.getByRole('textbox', { name: 'Zip code' });
    await zip.fill('');
    await zip.pressSequentially('60601');
    await expectPlaceFilled(page, { street: '1 Main St', city: 'Chicago', state: 'IL', zip: '60601' });
    await expectAddressPasses(page);
  });
}
