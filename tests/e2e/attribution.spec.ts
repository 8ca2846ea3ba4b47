/**
 * Attribution with every lead: the click a visitor arrived with survives leaving and coming back without its
 * parameters, and reaches the buyer with the first page and the page that sent the visitor there.
 */
import { expect, test } from './fixtures.ts';
import { APP_URL } from './servers.ts';
import { VISITOR } from './visitor.ts';
import {
  answerBusinessAndContact,
  answerFirstHalfFromStart,
  expectOneLead,
  heading,
  openStartScreen,
  revealAndSubmitPhone,
  watchSearchingThenThankYou,
} from './walk.ts';

test('a visitor who leaves and comes back without the parameters still sends the click they arrived with', async ({
  page,
  request,
}, info) => {
  const email = `mary.attribution.${info.project.name}@example.com`;
  const landing = '/?utm_source=google&utm_campaign=spring&gclid=abc123';
  await page.goto(landing, { referer: 'https://search.example/results?q=funding' });
  await expect(page).toHaveTitle(/ \| /);
  await page.getByRole('radio', { name: 'Sole Proprietor' }).click();
  await expect(heading(page)).toHaveText('How much do you need?');

  await page.goto('about:blank');
  // Back without parameters, from nowhere: the record still has the first answer (changed now) and the attribution.
  await openStartScreen(page, '/');
  await expect(page.getByRole('radio', { name: 'Sole Proprietor' })).toBeChecked();
  await answerFirstHalfFromStart(page);
  await answerBusinessAndContact(page, '', email);
  await page.getByRole('textbox', { name: 'Street address' }).fill(VISITOR.street);
  await revealAndSubmitPhone(page);
  await watchSearchingThenThankYou(page, '', 'Beverly Hills', 'business-funding');

  await expectOneLead(request, email, {
    attribution: {
      utm_source: 'google',
      utm_campaign: 'spring',
      gclid: 'abc123',
      landing_url: `${APP_URL}${landing}`,
      referrer: 'https://search.example/results?q=funding',
    },
  });
});
