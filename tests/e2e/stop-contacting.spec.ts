/**
 * "Stop contacting me" end to end, on a phone and a desktop: a visitor who sent a lead opens the page from the footer,
 * is told plainly what is wrong with a mistyped phone number, sends the email the lead was sent with and reads the
 * confirmation; the console then shows the lead's consent revoked (its buyer told) and the visitor's revocation in
 * the audit log. The page passes the audit in each state.
 */
import type { Page } from '@playwright/test';
import { axeViolations } from './audit.ts';
import { h1, openLead, signIn } from './console-users.ts';
import { expect, test } from './fixtures.ts';
import { ADMIN } from './servers.ts';
import { expectOneLead, heading, sendLeadWithTypedAddress } from './walk.ts';

const CONFIRMATION =
  'Done. We have recorded that you do not want to be contacted about requests sent with this email address or ' +
  'phone number. Any not yet passed on to a lender are held back, and any lender that received one is told.';

async function stopContacting(page: Page, contact: string) {
  await page.getByRole('textbox', { name: 'Email address or phone number' }).fill(contact);
  await page.getByRole('button', { name: 'Stop contacting me' }).click();
}

test('a visitor who sent a lead stops being contacted from the footer, and the console shows it', async ({
  page,
  request,
}, info) => {
  const email = `mary.stop-contacting.${info.project.name}@example.com`;
  await sendLeadWithTypedAddress(page, email);
  await expectOneLead(request, email, {});

  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Stop contacting me' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/stop-contacting');
  await expect(heading(page)).toHaveText('Stop contacting me');
  await expect(page).toHaveTitle('Stop contacting me | Fundflow Test');
  expect(await axeViolations(page)).toEqual([]);

  const contact = page.getByRole('textbox', { name: 'Email address or phone number' });
  await stopContacting(page, '555-0123');
  await expect(page.getByText('Please enter a valid phone number')).toBeVisible();
  await expect(contact).toHaveAttribute('aria-invalid', 'true');
  await expect(contact).toBeFocused();
  expect(await axeViolations(page)).toEqual([]);

  const sent = page.waitForResponse((response) => response.url().endsWith('/api/v1/privacy/stop-contacting'));
  await stopContacting(page, email);
  expect((await sent).status()).toBe(200);
  const confirmation = page.getByRole('status').filter({ hasText: 'Done.' });
  await expect(confirmation).toHaveText(CONFIRMATION);
  await expect(confirmation).toBeFocused();
  await expect(contact).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);

  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(h1(page, 'Leads')).toBeVisible();
  await openLead(page, email);
  await expect(h1(page, 'Mary Smith, acme tools')).toBeVisible();
  const leadId = new URL(page.url()).pathname.split('/').pop()!;
  // Delivered before the visitor asked: its buyer is told, and there is nothing left for an operator to record.
  const revocations = page.getByRole('table', { name: 'Revocations sent to buyers (lead.revoked)' });
  await expect(revocations.getByRole('row').nth(1)).toContainText('consent-revoked');
  await expect(page.getByRole('button', { name: 'Record consent revocation' })).toHaveCount(0);

  await page.getByRole('banner').getByRole('link', { name: 'Audit log', exact: true }).click();
  await expect(h1(page, 'Audit log')).toBeVisible();
  const entry = page
    .getByRole('table', { name: 'What was done in the console, newest first' })
    .getByRole('row')
    .filter({ hasText: `1 lead: ${leadId}` });
  await expect(entry.getByRole('cell')).toHaveText([
    /.+/,
    'visitor (Stop contacting me)',
    'consent-revocation',
    `1 lead: ${leadId}`,
    'not kept',
  ]);
  await expect(page.locator('main')).not.toContainText(email);
});
