/**
 * The flow studio with the keyboard alone, as keyboard.spec.ts walks the visitor's flow: after signing in, Tab and
 * Shift+Tab to move, Enter and Space to press, arrows between the editor's tabs, typing into fields. An admin reaches
 * Flows, v1, a new draft and its first step, changes the heading (the preview shows it), goes through the Raw tab's
 * JSON editor and out of it with Escape then Tab, and publishes from the dialog, which keeps Tab inside itself and
 * gives the focus back to Publish when Escape closes it. Every focused control shows a focus ring.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { h1, signIn } from './console-users.ts';
import { ADMIN } from './servers.ts';

const V1_HEADING = 'What type of business do you own?';
const NEW_HEADING = 'What kind of business do you run?';

interface FocusSeen {
  what: string;
  ring: boolean;
}

/**
 * The focused element (inside a shadow root, the one focused there) and whether it shows a ring: an outline at least
 * 2 px wide or a box shadow, on the element or, for one in a shadow root (the JSON editor's text), on its host.
 */
function focusSeen(page: Page): Promise<FocusSeen> {
  return page.evaluate(() => {
    const outer = document.activeElement ?? document.body;
    let element = outer;
    while (element.shadowRoot?.activeElement) element = element.shadowRoot.activeElement;
    const style = getComputedStyle(outer);
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2;
    return {
      what: `${element.tagName.toLowerCase()} "${element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40) ?? ''}"`,
      ring: outline || style.boxShadow !== 'none',
    };
  });
}

/** Presses a key that moves the focus and checks that the focused control shows it. */
async function move(page: Page, key: 'Tab' | 'Shift+Tab') {
  await page.keyboard.press(key);
  const seen = await focusSeen(page);
  expect(seen.ring, `${key} focused ${seen.what}, which shows no focus ring`).toBe(true);
}

/** Presses `key` until `target` has the focus, checking every stop on the way. */
async function moveTo(page: Page, target: Locator, key: 'Tab' | 'Shift+Tab' = 'Tab') {
  for (let stops = 0; stops < 30; stops += 1) {
    await move(page, key);
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`${key} never reached ${target.toString()}`);
}

const isFocusedIn = (locator: Locator) =>
  locator.evaluate((element) => element.contains(document.activeElement) || element === document.activeElement);

test('an admin edits and publishes a step with the keyboard alone', async ({ page }, info) => {
  const name = `keys-${info.project.name}-${Date.now().toString(36)}`;
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(h1(page, 'Leads')).toBeFocused();

  await moveTo(page, page.getByRole('link', { name: 'Flows' }), 'Shift+Tab');
  await page.keyboard.press('Enter');
  await expect(h1(page, 'Flows')).toBeFocused();
  await moveTo(page, page.getByRole('link', { name: 'v1', exact: true }));
  await page.keyboard.press('Enter');
  await expect(h1(page, 'v1')).toBeFocused();
  await moveTo(page, page.getByRole('button', { name: 'New draft from v1' }));
  await page.keyboard.press('Space');
  await expect(h1(page, 'Draft of v1')).toBeFocused();
  await moveTo(page, page.getByRole('link', { name: `start: ${V1_HEADING}` }));
  await page.keyboard.press('Enter');
  // The heading is focused while the step loads, and again once its editor is there.
  const headingField = page.getByRole('textbox', { name: /^Heading\*?$/ });
  await expect(headingField).toBeVisible();
  await expect(h1(page, /^Step start/)).toBeFocused();

  // The form's first field after the page's links, the Publish button and the Form tab; the next Tab is Subheading.
  await moveTo(page, headingField);
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(NEW_HEADING);
  await move(page, 'Tab');
  await expect(page.getByRole('textbox', { name: 'Subheading' })).toBeFocused();
  await expect(page.getByRole('status').filter({ hasText: 'All changes saved' })).toBeVisible();
  // Saving takes nothing away from where the user is.
  await expect(page.getByRole('textbox', { name: 'Subheading' })).toBeFocused();
  const preview = page.getByRole('region', { name: 'Preview' });
  await expect(preview.frameLocator('iframe').last().getByRole('heading', { level: 1 })).toHaveText(NEW_HEADING);

  // The Raw tab by the arrow keys; in its JSON editor Tab indents, and Escape then Tab leaves it, either way.
  const formTab = page.getByRole('tab', { name: 'Form' });
  await moveTo(page, formTab, 'Shift+Tab');
  await page.keyboard.press('ArrowRight');
  const rawTab = page.getByRole('tab', { name: 'Raw' });
  await expect(rawTab).toBeFocused();
  await expect(rawTab).toHaveAttribute('aria-selected', 'true');
  const json = page.getByRole('textbox', { name: 'The draft as JSON' });
  await expect(json).toContainText(NEW_HEADING);
  await move(page, 'Tab');
  await expect(json).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(json).toBeFocused();
  await page.keyboard.press('Escape');
  await move(page, 'Tab');
  await expect(preview.getByRole('button', { name: 'Desktop' })).toBeFocused();
  await move(page, 'Shift+Tab');
  await expect(json).toBeFocused();
  await page.keyboard.press('Escape');
  await move(page, 'Shift+Tab');
  await expect(rawTab).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(formTab).toHaveAttribute('aria-selected', 'true');
  await expect(headingField).toHaveValue(NEW_HEADING);

  // Publish: the dialog takes the focus to its name, keeps Tab and Shift+Tab inside, and Escape gives it back.
  const publish = page.getByRole('button', { name: 'Publish' });
  await moveTo(page, publish, 'Shift+Tab');
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Publish this draft' });
  const versionName = dialog.getByRole('textbox', { name: 'Version name' });
  await expect(versionName).toBeFocused();
  await move(page, 'Tab');
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await move(page, 'Tab');
  await expect(dialog.getByRole('button', { name: 'Publish' })).toBeFocused();
  await move(page, 'Tab');
  await expect(versionName).toBeFocused();
  await move(page, 'Shift+Tab');
  await expect(dialog.getByRole('button', { name: 'Publish' })).toBeFocused();
  expect(await isFocusedIn(dialog)).toBe(true);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(publish).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(versionName).toBeFocused();
  await page.keyboard.type(name);
  await page.keyboard.press('Enter');
  await expect(h1(page, name)).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: `${name} is published` })).toBeVisible();
});
