/**
 * Routing from the page: visitors finish the form on the server with its BUYERS_FILE's buyers (California under
 * $100,000, California from $100,000, Texas, everything else; servers.ts), and each lead reaches the one buyer its
 * state and amount pick; the others never see it. The auction among them is auction.spec.ts's.
 */
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { buyerPath, ROUTING_APP_URL, ROUTING_BUYER_URL } from './servers.ts';
import { answerBusinessAndContact, answerFirstHalf, revealAndSubmitPhone, watchSearchingThenThankYou } from './walk.ts';
import { VISITOR } from './visitor.ts';

interface Visit {
  who: string;
  amount: string;
  /** The address's ZIP code when it is not the business's (90210, Beverly Hills, CA). */
  zip?: string;
  city: string;
  state: string;
  buyer: 'quillmont' | 'vantorra' | 'elmsbrook';
}

const VISITS: Visit[] = [
  { who: 'small', amount: '50000', city: 'Beverly Hills', state: 'CA', buyer: 'quillmont' },
  { who: 'large', amount: '150000', city: 'Beverly Hills', state: 'CA', buyer: 'vantorra' },
  { who: 'illinois', amount: '150000', zip: '60601', city: 'Chicago', state: 'IL', buyer: 'elmsbrook' },
];

interface Received {
  path: string;
  status: number;
  body: { email?: unknown };
}

/** Where the routing test buyer saw a lead with this email, once per request, whatever it answered. */
async function pathsOf(request: APIRequestContext, email: string): Promise<string[]> {
  const response = await request.get(`${ROUTING_BUYER_URL}/received`);
  const all = (await response.json()) as Received[];
  return all.filter((lead) => lead.body.email === email).map((lead) => `${lead.path} ${lead.status}`);
}

for (const visit of VISITS) {
  test(`a lead from ${visit.state} asking $${visit.amount} reaches ${visit.buyer} and no other buyer`, async ({
    page,
    request,
  }, info) => {
    const email = `mary.routing.${visit.who}.${info.project.name}@example.com`;
    await answerFirstHalf(page, ROUTING_APP_URL, visit.amount);
    await answerBusinessAndContact(page, '', email);

    const street = page.getByRole('textbox', { name: 'Street address' });
    await street.fill(VISITOR.street);
    if (visit.zip !== undefined) {
      const zip = page.getByRole('textbox', { name: 'Zip code' });
      await zip.fill('');
      await zip.pressSequentially(visit.zip);
    }
    await expect(page.getByRole('textbox', { name: 'City' })).toHaveValue(visit.city);
    await expect(page.getByRole('combobox', { name: 'State' })).toHaveValue(visit.state);
    await revealAndSubmitPhone(page);
    await watchSearchingThenThankYou(page, '', visit.city, 'business-funding');

    // One request, to its buyer, taken; none to the others, before or after.
    await expect.poll(() => pathsOf(request, email), { timeout: 15_000 }).toEqual([`${buyerPath(visit.buyer)} 200`]);
  });
}
