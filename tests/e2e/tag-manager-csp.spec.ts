/**
 * Conversion tracking through the tag manager under the page's strict Content-Security-Policy: the container's
 * Custom HTML tag runs by the nonce the container passes on, and the conversion tag it loads from another origin runs
 * by 'strict-dynamic' and sees the lead (decision 023). The suite's guard fails the test on any policy violation.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from './fixtures.ts';
import { CONFIGURED_APP_URL } from './servers.ts';
import { answerBusinessAndContact, answerFirstHalf, revealAndSubmitPhone, watchSearchingThenThankYou } from './walk.ts';

const STAND_IN_TAG_MANAGER = readFileSync(new URL('../support/nonce-aware-tag-manager.js', import.meta.url), 'utf8');
const CONVERSION_TAG = readFileSync(new URL('../support/conversion-tag.js', import.meta.url), 'utf8');

/** The ad platform: another origin (another port) serving its conversion tag. */
let adPlatform: Server;
let conversionTagUrl: string;
const served: string[] = [];

test.beforeAll(async () => {
  adPlatform = createServer((request, response) => {
    served.push(request.url ?? '');
    response.writeHead(200, { 'content-type': 'text/javascript' }).end(CONVERSION_TAG);
  });
  await new Promise<void>((resolve) => adPlatform.listen(0, '127.0.0.1', resolve));
  conversionTagUrl = `http://127.0.0.1:${(adPlatform.address() as AddressInfo).port}/conversion.js`;
});

test.afterAll(async () => {
  await new Promise((resolve) => adPlatform.close(resolve));
});

test('a conversion tag the tag manager loads from another origin runs and receives lead_submitted', async ({
  page,
}, info) => {
  await page.route('https://www.googletagmanager.com/gtm.js**', (route) =>
    route.fulfill({
      contentType: 'text/javascript',
      body: STAND_IN_TAG_MANAGER.replace("'CONVERSION_TAG_URL'", JSON.stringify(conversionTagUrl)),
    }),
  );
  await answerFirstHalf(page, CONFIGURED_APP_URL);
  await answerBusinessAndContact(page, '', `mary.converted.${info.project.name}@example.com`);
  await page.getByRole('textbox', { name: 'Street address' }).fill('1 Main St');
  await revealAndSubmitPhone(page);
  await watchSearchingThenThankYou(page, '', 'Beverly Hills', 'business-funding');

  expect(served).toContain('/conversion.js');
  const seen = () =>
    page.evaluate(() => (window as unknown as { conversionTagEvents?: object[] }).conversionTagEvents ?? []);
  await expect.poll(seen).toContainEqual({
    event: 'lead_submitted',
    flow: 'business-funding',
    flow_version: 'v1',
    step: 'phone',
  });
});
