/**
 * The authoring aids a marketer uses under `npm run dev`, in a browser: a step opened directly with sample answers,
 * the problems of a save shown over the page, the reload once a good build is ready, and none of it in production.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './fixtures.ts';
import { APP_URL, DEV_APP_URL } from './servers.ts';
import { heading } from './walk.ts';

/** What `npm run dev` writes after each check and build, read by the development server from the build folder. */
const STATUS_FILE = join(import.meta.dirname, '../../dist/.dev-status.json');
const writeStatus = (status: { problems: string[]; build: number }) =>
  writeFileSync(STATUS_FILE, JSON.stringify(status));

const PROBLEM = 'flows/business-funding.v2.json /steps/amount/hedaing: unknown key "hedaing" (did you mean "heading"?)';

test.describe.configure({ mode: 'serial' });
test.use({ baseURL: DEV_APP_URL });
test.afterAll(() => rmSync(STATUS_FILE, { force: true }));

test('a late step opens directly with sample answers at its real address', async ({ page }) => {
  writeStatus({ problems: [], build: 1 });
  await page.goto('/__preview/v2/phone');
  await expect(page).toHaveURL(/\/v2\/phone$/);
  await expect(heading(page)).toHaveText('Last question, where is Morgan Bakery located?');
  await expect(page.getByRole('textbox', { name: 'Street address' })).toBeVisible();
});

test('a misspelt step gets a "did you mean" with the steps there are', async ({ page }) => {
  const response = await page.goto('/__preview/v2/phnoe');
  expect(response?.status()).toBe(404);
  await expect(page.getByText('did you mean "phone"?', { exact: false })).toBeVisible();
});

test('the problems of a save show over the page, and a good build reloads it', async ({ page }) => {
  writeStatus({ problems: [], build: 1 });
  await page.goto('/__preview/v1/amount');
  await expect(heading(page)).toHaveText('How much do you need?');

  writeStatus({ problems: [PROBLEM], build: 1 });
  const panel = page.getByRole('dialog', { name: 'The last save has problems; the page shows the last good build' });
  await expect(panel.getByRole('listitem')).toHaveText([PROBLEM]);
  await expect(heading(page)).toHaveText('How much do you need?');

  const reloaded = page.waitForEvent('load');
  writeStatus({ problems: [], build: 2 });
  await reloaded;
  await expect(panel).toBeHidden();
  await expect(heading(page)).toHaveText('How much do you need?');
});

test('the production server serves no preview and no development script', async ({ page }) => {
  const response = await page.goto(`${APP_URL}/__preview/v2/phone`);
  expect(response?.status()).toBe(404);
  expect(await page.locator('script[src^="/__dev/"]').count()).toBe(0);
});
