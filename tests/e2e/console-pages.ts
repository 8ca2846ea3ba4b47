/**
 * Every page of the console as an admin sees it, each loaded before it is looked at: sign-in, the leads, a search
 * that finds none (the empty state), one lead, counts, funnel, lenders, users, the audit log, the admin's own
 * account, the flows, a flow version's page, its first step in the flow studio's editor (with the preview) and a new draft of
 * it. The look's checks (console-look.spec.ts) and the pictures (screens.spec.ts) walk the same pages.
 */
import type { Page } from '@playwright/test';
import { h1, signIn } from './console-users.ts';
import { expect } from './fixtures.ts';
import { ADMIN } from './servers.ts';

/** The pages in the order they are visited, by the name their picture and their check carry. */
export const CONSOLE_PAGES = [
  'sign-in',
  'leads',
  'no-leads',
  'lead',
  'counts',
  'funnel',
  'lenders',
  'users',
  'audit-log',
  'account',
  'flows',
  'flow-version',
  'flow-step',
  'flow-draft',
] as const;
export type ConsolePageName = (typeof CONSOLE_PAGES)[number];

const table = (page: Page, name: string | RegExp) => page.getByRole('table', { name });

/** Opens a page from the console's navigation and waits until its data shows. */
async function open(page: Page, link: string, heading: string, loaded: () => Promise<void>) {
  await page.getByRole('banner').getByRole('link', { name: link, exact: true }).click();
  await expect(h1(page, heading)).toBeVisible();
  await loaded();
}

/**
 * Signs out, then visits every page as the admin from the settings, calling `look` on each once its data shows. The
 * lead with `email` (sent by the caller) is the one opened.
 */
export async function walkConsolePages(page: Page, email: string, look: (name: ConsolePageName) => Promise<void>) {
  await page.context().clearCookies();
  await page.goto('/admin');
  await expect(h1(page, 'Sign in')).toBeVisible();
  await look('sign-in');

  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(h1(page, 'Leads')).toBeVisible();
  await expect(table(page, 'Leads, newest first')).toBeVisible();
  await look('leads');

  const search = page.getByRole('searchbox', { name: 'Search' });
  await search.fill('nobody.at.all@example.com');
  await search.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'No lead matches these filters.' })).toBeVisible();
  await look('no-leads');

  await search.fill(email);
  await search.press('Enter');
  const leads = table(page, 'Leads, newest first');
  await expect(leads.getByRole('row')).toHaveCount(2);
  await leads.getByRole('link').first().click();
  await expect(page.getByRole('region', { name: 'Consent' })).toBeVisible();
  await look('lead');

  await open(page, 'Counts', 'Counts', () => expect(table(page, 'By status')).toBeVisible());
  await look('counts');
  // The visit just made may not be counted yet (the page reports its steps in batches): the funnel or its empty state.
  const noVisits = page.getByRole('status').filter({ hasText: /^No visits from/ });
  await open(page, 'Funnel', 'Funnel', () => expect(table(page, 'Versions side by side').or(noVisits)).toBeVisible());
  await look('funnel');
  await open(page, 'Lenders', 'Lenders', () => expect(page.locator('main')).toContainText('Quillmont Capital'));
  await look('lenders');
  await open(page, 'Users', 'Users', () => expect(table(page, 'Users')).toContainText(ADMIN.email));
  await look('users');
  await open(page, 'Audit log', 'Audit log', () =>
    expect(
      table(page, /newest first/)
        .getByRole('row')
        .nth(1),
    ).toBeVisible(),
  );
  await look('audit-log');
  await open(page, 'Your account', 'Your account', () =>
    expect(page.getByRole('region', { name: 'Second factor' }).getByRole('button').first()).toBeVisible(),
  );
  await look('account');
  // Last, so the pictures of the pages before keep their numbers.
  await open(page, 'Flows', 'Flows', () =>
    expect(table(page, 'Versions').getByRole('link', { name: 'v1', exact: true })).toBeVisible(),
  );
  await look('flows');
  await table(page, 'Versions').getByRole('link', { name: 'v1', exact: true }).click();
  await expect(h1(page, 'v1')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Steps' }).getByRole('link').first()).toBeVisible();
  await look('flow-version');

  // Before any change the step's preview is v1's own page: looked at once the frame shows the step's heading.
  await page
    .getByRole('region', { name: 'Steps' })
    .getByRole('link', { name: /^start: / })
    .click();
  await expect(h1(page, 'Step start')).toBeVisible();
  const preview = page.getByRole('region', { name: 'Preview' }).frameLocator('iframe').last();
  await expect(preview.getByRole('heading', { level: 1 })).toBeVisible();
  await look('flow-step');
  await page.getByRole('link', { name: 'All steps of version v1' }).click();
  await page.getByRole('button', { name: 'New draft from v1' }).click();
  await expect(h1(page, 'Draft of v1')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Steps' }).getByRole('link').first()).toBeVisible();
  await look('flow-draft');
}
