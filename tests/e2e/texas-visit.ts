/** A visitor from Texas on the routing server, whose lead goes to auction there (servers.ts's buyers). */
import type { Browser } from '@playwright/test';
import { expect } from './fixtures.ts';
import { ROUTING_APP_URL } from './servers.ts';
import { VISITOR } from './visitor.ts';
import {
  answerBusinessAndContact,
  answerFirstHalfFromStart,
  openStartScreen,
  revealAndSubmitPhone,
  watchSearchingThenThankYou,
} from './walk.ts';

/**
 * A visit from Dallas, Texas, landing from the campaign, to the thank-you: a visitor of its own, in a new context,
 * who spends a few seconds on each screen (the funnel counts a visit racing through its steps as a bot's). Answers
 * the context, to close once the funnel has counted the visit: its last beacon goes as the tab closes.
 */
export async function sendTexasLead(browser: Browser, campaign: string, email: string, amount: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.clock.install();
  const reading = () => page.clock.fastForward(3000);
  await openStartScreen(page, `${ROUTING_APP_URL}/?utm_source=${campaign}`);
  await answerFirstHalfFromStart(page, reading, amount);
  await answerBusinessAndContact(page, '', email, reading);
  await page.getByRole('textbox', { name: 'Street address' }).fill(VISITOR.street);
  const zip = page.getByRole('textbox', { name: 'Zip code' });
  await zip.fill('');
  await zip.pressSequentially('75201');
  await expect(page.getByRole('textbox', { name: 'City' })).toHaveValue('Dallas');
  await expect(page.getByRole('combobox', { name: 'State' })).toHaveValue('TX');
  await revealAndSubmitPhone(page);
  await watchSearchingThenThankYou(page, '', 'Dallas', 'business-funding');
  return context;
}
