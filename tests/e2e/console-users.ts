/** Signing in to the console in a browser, and a user of a role the admin invites there, as the end-to-end tests do. */
import type { Browser, Page } from '@playwright/test';
import { expect } from './fixtures.ts';
import { ADMIN } from './servers.ts';

/** The password every invited user sets. */
export const INVITED_PASSWORD = 'numbers only passphrase 42';

export const h1 = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });

export async function signIn(page: Page, email: string, password: string, base = '') {
  await page.goto(`${base}/admin`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** From the console's leads: searches for the lead with this email and opens it, the one row found. */
export async function openLead(page: Page, email: string) {
  const search = page.getByRole('searchbox', { name: 'Search' });
  await search.fill(email);
  await search.press('Enter');
  const leads = page.getByRole('table', { name: 'Leads, newest first' });
  await expect(leads.getByRole('row')).toHaveCount(2);
  await leads.getByRole('link').first().click();
}

/**
 * Signs `page` in as the admin from the settings, invites `email` with `role`, and sets the invitee's password in a
 * browser context of its own: answers the invitee's page, signed in at its home.
 */
export async function invitedUser(page: Page, browser: Browser, email: string, role: string): Promise<Page> {
  await signIn(page, ADMIN.email, ADMIN.password);
  await page.getByRole('link', { name: 'Users' }).click();
  const invite = page.getByRole('region', { name: 'Invite a user' });
  await invite.getByLabel('Email').fill(email);
  await invite.getByLabel('Role').selectOption(role);
  await invite.getByRole('button', { name: 'Invite' }).click();
  const link = await invite.getByRole('textbox', { name: 'Invitation link' }).inputValue();

  const invitee = await (await browser.newContext()).newPage();
  await invitee.goto(new URL(link).pathname);
  await expect(h1(invitee, `Set a password for ${email}`)).toBeVisible();
  await invitee.getByLabel('Password', { exact: true }).fill(INVITED_PASSWORD);
  await invitee.getByLabel('Confirm password').fill(INVITED_PASSWORD);
  await invitee.getByRole('button', { name: 'Set password' }).click();
  return invitee;
}
