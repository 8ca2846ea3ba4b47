/**
 * A lead the lender refused lands in the dead-letter queue; an operator finds it in the console, sends it again, and
 * the lender receives it once.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { ADMIN, LENDER_URL, REFUSED_ONCE } from './servers.ts';
import { sendLeadWithTypedAddress } from './walk.ts';

test.skip(({ isMobile }) => isMobile, 'the console is for people at a desk');

interface Received {
  messageId: string;
  status: number;
  duplicate: boolean;
  body: { email?: string };
}

const h1 = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });

test('a dead-lettered lead redelivered from its page reaches the lender once', async ({ page, request }) => {
  const email = `${REFUSED_ONCE}.${Date.now()}@example.com`;
  const arrivals = async () =>
    ((await (await request.get(`${LENDER_URL}/received`)).json()) as Received[]).filter(
      (lead) => lead.body.email === email,
    );
  await sendLeadWithTypedAddress(page, email);
  await expect.poll(async () => (await arrivals()).map((lead) => lead.status)).toEqual([422]);

  await page.goto('/admin');
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(h1(page, 'Leads')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search' }).fill(email);
  await page.getByRole('searchbox', { name: 'Search' }).press('Enter');
  const table = page.getByRole('table', { name: 'Leads, newest first' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await table.getByRole('link').click();
  await expect(h1(page, /^Lead /)).toBeVisible();

  // The worker marks the refusal as it dead-letters the job: the page shows it once reloaded after that.
  const redeliver = page.getByRole('button', { name: 'Redeliver' });
  await expect(async () => {
    await page.reload();
    await expect(redeliver).toBeVisible({ timeout: 1_000 });
  }).toPass();
  await expect(page.getByRole('table', { name: 'Delivery attempts, oldest first' })).toContainText('422');

  await redeliver.click();
  const dialog = page.getByRole('dialog', { name: 'Redeliver this lead?' });
  await dialog.getByRole('button', { name: 'Redeliver' }).click();
  await expect(page.getByRole('status')).toContainText('Redeliver: queued.');

  await expect.poll(async () => (await arrivals()).map((lead) => lead.status)).toEqual([422, 200]);
  const [refused, taken] = await arrivals();
  // The same message: the lender can tell it is the lead it refused, and counts it once.
  expect(taken!.messageId).toBe(refused!.messageId);
  expect(taken!.duplicate).toBe(false);
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole('table', { name: 'Delivery attempts, oldest first' }).getByRole('row')).toHaveCount(3, {
      timeout: 1_000,
    });
  }).toPass();
  await expect(redeliver).toHaveCount(0);
});
