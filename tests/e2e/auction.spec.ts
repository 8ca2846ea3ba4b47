/**
 * The auction from the page, as a black box: visitors in Texas finish the form on the routing server, where corvane
 * bids on each lead by ping against elmsbrook's fixed price (servers.ts). The highest bid takes the lead and is posted
 * with its price and ping id; a post corvane refuses goes to the next bid at once; a ping holds nothing of the person;
 * and the console shows, on the lead, on the Lenders page and in the funnel, the revenue the buyers accepted.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { axeViolations, overflowingWidth } from './audit.ts';
import { h1, openLead, signIn } from './console-users.ts';
import { expect, test } from './fixtures.ts';
import {
  ADMIN,
  buyerPath,
  CORVANE_BID,
  OUTBID,
  pingPath,
  ROUTING_APP_URL,
  ROUTING_BUYER_URL,
  ROUTING_BUYERS,
} from './servers.ts';
import { sendTexasLead } from './texas-visit.ts';
import { VISITOR } from './visitor.ts';

test.skip(({ isMobile }) => isMobile, 'the sale happens on the server and is read in the console at a desk');

interface Received {
  path: string;
  messageId: string;
  status: number;
  duplicate: boolean;
  body: Record<string, unknown>;
}

async function received(request: APIRequestContext): Promise<Received[]> {
  return (await (await request.get(`${ROUTING_BUYER_URL}/received`)).json()) as Received[];
}

/** The posts of the lead with this email, in order, as `<path> <status>`. */
async function postsOf(request: APIRequestContext, email: string): Promise<string[]> {
  return (await received(request)).filter((r) => r.body.email === email).map((r) => `${r.path} ${r.status}`);
}

/** The accepted post of the lead with this email. */
async function takenPost(request: APIRequestContext, email: string): Promise<Received> {
  const [post] = (await received(request)).filter((r) => r.body.email === email && r.status === 200);
  return post!;
}

/** What the routing test buyer's lenders accepted, summed per lender from each post's `price`, in cents. */
async function acceptedCents(request: APIRequestContext): Promise<Map<string, number>> {
  const sums = new Map<string, number>();
  for (const post of await received(request)) {
    const lender = ROUTING_BUYERS.find((buyer) => post.path === buyerPath(buyer.lender))?.lender;
    if (lender === undefined || post.status !== 200 || post.duplicate) continue;
    sums.set(lender, (sums.get(lender) ?? 0) + Math.round(Number(post.body.price) * 100));
  }
  return sums;
}

/** The lenders' names, as the console shows them. */
const LENDER_NAMES = Object.fromEntries(
  (
    JSON.parse(readFileSync('site/content/lenders.json', 'utf8')) as { lenders: { id: string; name: string }[] }
  ).lenders.map((lender) => [lender.id, lender.name]),
);

const usd = (cents: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);
/** The cells of the table's row that holds `text`. */
const rowCells = (page: Page, table: string, text: string) =>
  page.getByRole('table', { name: table }).getByRole('row').filter({ hasText: text }).locator('th, td');
/** The cells of the table's row headed `name`. */
const namedRow = (page: Page, table: string, name: string) =>
  page
    .getByRole('table', { name: table })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name, exact: true }) })
    .locator('th, td');

/**
 * The console page as sold leads fill it passes the axe audit and fits the screen, at the desktop's width and at
 * 320 px: its money columns scroll inside their table's box, not the page.
 */
async function looksRight(page: Page, name: string) {
  expect.soft(await axeViolations(page), `axe on ${name}`).toEqual([]);
  const size = page.viewportSize()!;
  expect.soft(await overflowingWidth(page), `${name} at ${size.width} px`).toEqual([]);
  await page.setViewportSize({ width: 320, height: 640 });
  expect.soft(await overflowingWidth(page), `${name} at 320 px`).toEqual([]);
  await page.setViewportSize(size);
}

test('sells each lead to the highest bid at its price, falls to the next on a refusal, and shows the revenue', async ({
  browser,
  page,
  request,
}) => {
  test.slow();
  const run = randomUUID().slice(0, 8);
  const campaign = `auction-e2e-${run}`;
  const highest = `mary.auction.${run}@example.com`;
  const refused = `${OUTBID}.${run}@example.com`;
  const visits: BrowserContext[] = [];

  await test.step('the highest bid takes the lead, posted with its price and ping id', async () => {
    visits.push(await sendTexasLead(browser, campaign, highest, '150000'));
    await expect.poll(() => postsOf(request, highest), { timeout: 15_000 }).toEqual([`${buyerPath('corvane')} 200`]);
    const post = await takenPost(request, highest);
    expect(post.body.price).toBe(CORVANE_BID);
    expect(post.body.ping_id).toEqual(expect.any(String));

    // The ping it answered holds the lead's terms and nothing of the person.
    const ping = (await received(request)).find(
      (r) => r.path === pingPath('corvane') && r.messageId === post.body.ping_id,
    );
    expect(ping?.body).toMatchObject({ state: 'TX', zip3: '752', amount: 150_000 });
    const sent = JSON.stringify(ping?.body).toLowerCase();
    for (const personal of [highest, VISITOR.firstName, VISITOR.lastName, VISITOR.phone, '555-0123', VISITOR.street]) {
      expect(sent).not.toContain(personal.toLowerCase());
    }
  });

  await test.step('a post the highest bidder refuses goes to the next bid at once', async () => {
    visits.push(await sendTexasLead(browser, campaign, refused, '50000'));
    await expect
      .poll(() => postsOf(request, refused), { timeout: 15_000 })
      .toEqual([`${buyerPath('corvane')} 422`, `${buyerPath('elmsbrook')} 200`]);
    const post = await takenPost(request, refused);
    expect(post.body.price).toBe(20);
    expect(post.body).not.toHaveProperty('ping_id');
  });

  await signIn(page, ADMIN.email, ADMIN.password, ROUTING_APP_URL);
  await expect(h1(page, 'Leads')).toBeVisible();

  await test.step("the lead's page says what it sold for, its path and the bid", async () => {
    await openLead(page, highest);
    // Its status, then what it sold for.
    await expect(page.getByRole('definition').filter({ hasText: 'Corvane Finance' })).toHaveText([
      'Delivered to Corvane Finance',
      '$42.50 to Corvane Finance',
    ]);
    await expect(rowCells(page, 'Buyers considered, in order', 'Corvane Finance')).toContainText([
      'Corvane Finance',
      'delivered',
      '$42.50',
    ]);
    await expect(rowCells(page, 'Bids asked for (ping)', 'Corvane Finance')).toContainText([
      'Corvane Finance',
      '$42.50',
      'HTTP 200',
    ]);
    await looksRight(page, "the lead's page");
  });

  await test.step('the Lenders page gives each buyer the sum of what it accepted', async () => {
    await page.getByRole('banner').getByRole('link', { name: 'Lenders', exact: true }).click();
    await expect(h1(page, 'Lenders')).toBeVisible();
    const sales = "What their leads sold for, in each one's own day and month (returned leads apart)";
    // The routing tests' leads reach these buyers too, at their prices: each buyer's last 30 days against all it
    // accepted, read again until both sides have settled.
    await expect(async () => {
      const cents = await acceptedCents(request);
      await page.reload();
      for (const { lender } of ROUTING_BUYERS) {
        const last30Days = namedRow(page, sales, LENDER_NAMES[lender]!).nth(4);
        const sum = cents.get(lender);
        // A buyer that has sold nothing has no revenue to show.
        await expect(last30Days).toHaveText(sum === undefined ? '—' : usd(sum), { timeout: 2_000 });
      }
    }).toPass({ timeout: 30_000 });
    await looksRight(page, 'the Lenders page');
  });

  await test.step("the funnel gives the campaign's version the revenue of its two leads", async () => {
    await page.getByRole('banner').getByRole('link', { name: 'Funnel', exact: true }).click();
    await expect(h1(page, 'Funnel')).toBeVisible();
    await page.getByRole('textbox', { name: 'utm_source' }).fill(campaign);
    await page.getByRole('button', { name: 'Show' }).click();
    await expect(page).toHaveURL((url) => url.searchParams.get('utm_source') === campaign);
    const revenue = usd(Math.round(CORVANE_BID * 100) + 2000);
    // Sales reach the funnel's rollups a moment after the buyer's answer.
    await expect(async () => {
      await page.reload();
      const v1 = namedRow(page, 'Versions side by side', 'v1');
      await expect(v1.nth(2)).toHaveText('2', { timeout: 2_000 });
      await expect(v1.nth(5)).toHaveText(revenue, { timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await looksRight(page, 'the funnel');
    for (const visit of visits) await visit.close();
  });
});
