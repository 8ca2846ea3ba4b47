/**
 * The operators' console in Chromium: its own page and build, sign-in with the admin from the settings, a lead
 * the form just sent found and its deliveries seen, a marketer who gets counts and no personal data, lockout,
 * sign-out that ends the session on the server, a lead the buyer refused sent again, and the accessibility bar of the
 * form.
 */
import type { Page, Request } from '@playwright/test';
import { axeViolations } from './audit.ts';
import { expect, test } from './fixtures.ts';
import { ADMIN, CONFIGURED_APP_URL, TEST_BUYER_URL, REFUSED_ONCE } from './servers.ts';
import { expectOneLead, openStartScreen, sendLeadWithTypedAddress } from './walk.ts';
import { h1, INVITED_PASSWORD, invitedUser, signIn } from './console-users.ts';
import { Secret, TOTP } from 'otpauth';

// The servers are shared: the tests here change them (a lead, a user, a locked account) each in its own way.
test.describe.configure({ mode: 'serial' });
// Once: these tests change the shared servers. The console's look on a phone is console-look.spec.ts's.
test.skip(({ isMobile }) => isMobile, 'run once, on the desktop: its look on the phone is console-look.spec.ts');

const fileName = (request: Request) => new URL(request.url()).pathname.slice(1);

/** Every file the page fetched, whatever its kind. */
function watchFiles(page: Page): Request[] {
  const files: Request[] = [];
  page.on('requestfinished', (request) => files.push(request));
  return files;
}

function watchScripts(page: Page): Request[] {
  const scripts: Request[] = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() === 'script') scripts.push(request);
  });
  return scripts;
}

/** Searches the leads for `email` and expects one: the table, its header row and that lead's. */
async function findOneLead(page: Page, email: string) {
  await page.getByRole('searchbox', { name: 'Search' }).fill(email);
  await page.getByRole('searchbox', { name: 'Search' }).press('Enter');
  const table = page.getByRole('table', { name: 'Leads, newest first' });
  await expect(table.getByRole('row')).toHaveCount(2);
  return table;
}

/** The cross-site token the browser holds, for state-changing calls made with page.request. */
async function xsrfHeaders(page: Page) {
  const cookie = (await page.context().cookies()).find(({ name }) => name === 'XSRF-TOKEN');
  return { 'x-xsrf-token': cookie?.value ?? '' };
}

test("'/' loads its script and its language's words and nothing of the console, which comes only at /admin", async ({
  page,
}) => {
  const scripts = watchScripts(page);
  const files = watchFiles(page);
  await openStartScreen(page);
  await page.waitForLoadState('networkidle');
  expect(scripts.map(fileName)).toEqual([
    expect.stringMatching(/^site\.[0-9a-f]+\.js$/),
    expect.stringMatching(/^language-en\.[0-9a-f]+\.js$/),
  ]);
  expect(files.map(fileName).filter((name) => name.startsWith('console/'))).toEqual([]);

  // The console's page loads its own script alone: nothing of the visitor's page.
  scripts.length = 0;
  await page.goto('/admin');
  await expect(h1(page, 'Sign in')).toBeVisible();
  expect(scripts.map(fileName)).toEqual([expect.stringMatching(/^console\/console\.[0-9a-f]+\.js$/)]);
});

test('the console page is kept from search engines and caches', async ({ page }) => {
  const response = await page.goto('/admin/leads/anything');
  expect(response?.status()).toBe(200);
  expect(response?.headers()['x-robots-tag']).toBe('noindex');
  expect(response?.headers()['cache-control']).toBe('no-store');
});

/** Whether a colour is one a person sees: not fully transparent. */
const visibleColour = (colour: string) => colour !== 'rgba(0, 0, 0, 0)' && colour !== 'transparent';

test("the sign-in page's fields and button can be seen: a border on each field, a filled button", async ({ page }) => {
  await page.goto('/admin');
  for (const field of [page.getByLabel('Email'), page.getByLabel('Password')]) {
    const border = await field.evaluate((element) => getComputedStyle(element).borderTopStyle);
    const colour = await field.evaluate((element) => getComputedStyle(element).borderTopColor);
    expect(border).toBe('solid');
    expect(visibleColour(colour)).toBe(true);
  }
  const button = page.getByRole('button', { name: 'Sign in' });
  expect(visibleColour(await button.evaluate((element) => getComputedStyle(element).backgroundColor))).toBe(true);
  // The product's type, not the browser's serif default.
  expect(await page.locator('body').evaluate((element) => getComputedStyle(element).fontFamily)).toContain('system-ui');
});

test('the admin from the settings signs in with the keyboard alone', async ({ page }) => {
  await page.goto('/admin');
  await expect(h1(page, 'Sign in')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Email')).toBeFocused();
  await page.keyboard.type(ADMIN.email);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Password')).toBeFocused();
  await page.keyboard.type(ADMIN.password);
  await page.keyboard.press('Enter');
  await expect(h1(page, 'Leads')).toBeVisible();
  await expect(page.getByRole('banner')).toContainText(`${ADMIN.email} (admin)`);
});

test('an admin finds the lead a visitor just sent and sees its delivery; the pages pass the audit', async ({
  page,
  request,
}) => {
  const email = 'mary.console@example.com';
  await sendLeadWithTypedAddress(page, email);
  await expectOneLead(request, email, {});

  await page.goto('/admin');
  await expect(h1(page, 'Sign in')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(h1(page, 'Leads')).toBeVisible();
  const table = await findOneLead(page, email);
  await expect(table).toContainText(email);
  expect(await axeViolations(page)).toEqual([]);

  await table.getByRole('link').click();
  await expect(h1(page, 'Mary Smith, acme tools')).toBeVisible();
  const deliveries = page.getByRole('table', { name: 'Delivery attempts, oldest first' });
  await expect(deliveries.getByRole('row').nth(1)).toContainText('delivered');
  await expect(page.getByRole('region', { name: 'Consent' })).toContainText('consent', { ignoreCase: true });
  expect(await axeViolations(page)).toEqual([]);

  await page.getByRole('link', { name: 'Lenders' }).click();
  await expect(h1(page, 'Lenders')).toBeVisible();
  // Every lender the consent names shows, as a buyer or as one that receives no leads.
  await expect(page.locator('main')).toContainText('Quillmont Capital');
  expect(await axeViolations(page)).toEqual([]);

  await page.getByRole('link', { name: 'Users' }).click();
  await expect(h1(page, 'Users')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Users' })).toContainText(ADMIN.email);
  expect(await axeViolations(page)).toEqual([]);
});

test('a marketer invited by the admin sees counts and never a person', async ({ page, browser, request }) => {
  const email = 'mary.console.marketer@example.com';
  await sendLeadWithTypedAddress(page, email);
  await expectOneLead(request, email, {});

  const marketer = await invitedUser(page, browser, 'marketer@fundflow.test', 'marketer');

  await expect(h1(marketer, 'Counts')).toBeVisible();
  await expect(marketer.getByRole('navigation', { name: 'Console' }).getByRole('link')).toHaveText([
    'Counts',
    'Funnel',
    'Flows',
  ]);
  await expect(marketer.getByRole('table', { name: 'By status' })).toBeVisible();
  await expect(marketer.locator('body')).not.toContainText('@example.com');

  const counts = await marketer.request.get('/api/admin/counts');
  expect(counts.status()).toBe(200);
  const json = await counts.text();
  expect(JSON.parse(json).total).toBeGreaterThan(0);
  expect(json).not.toContain('@');
  expect(json).not.toContain('2125550123');
  expect((await marketer.request.get('/api/admin/leads')).status()).toBe(403);
  expect((await marketer.request.get(`/api/admin/leads.csv?from=2020-01-01&to=2099-12-31`)).status()).toBe(403);
  await marketer.context().close();
});

test('an operator sets up a second factor on Your account, then signs in with a code from the app', async ({
  page,
  browser,
}) => {
  const email = 'olga.operator@fundflow.test';
  const operator = await invitedUser(page, browser, email, 'operator');
  await expect(h1(operator, 'Leads')).toBeVisible();
  await operator.getByRole('link', { name: 'Your account' }).click();
  const section = operator.getByRole('region', { name: 'Second factor' });
  await section.getByRole('button', { name: 'Set up', exact: true }).click();
  await expect(section.getByRole('img', { name: /QR code/ })).toBeVisible();
  expect(await axeViolations(operator)).toEqual([]);

  // The authenticator app, as the person types the secret into it.
  const secret = (await section.getByLabel('Secret').textContent())!.replace(/\s/g, '');
  const app = new TOTP({ secret: Secret.fromBase32(secret) });
  await section.getByLabel('Code from the app').fill(app.generate());
  await section.getByRole('button', { name: 'Confirm' }).click();
  await expect(operator.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);

  await operator.getByRole('button', { name: 'Sign out' }).click();
  await signIn(operator, email, INVITED_PASSWORD);
  await expect(operator.getByLabel('Authentication code')).toBeFocused();
  expect(await axeViolations(operator)).toEqual([]);
  // The code the set-up took is spent: the app's next one, which the server accepts a step early.
  await operator.getByLabel('Authentication code').fill(app.generate({ timestamp: Date.now() + 30_000 }));
  await operator.getByRole('button', { name: 'Verify' }).click();
  await expect(h1(operator, 'Leads')).toBeVisible();
});

test('sign-out ends the session on the server: the old cookie answers 401', async ({ page }) => {
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(h1(page, 'Leads')).toBeVisible();
  const signedIn = await page.context().cookies();
  expect((await page.request.get('/api/admin/session')).status()).toBe(200);

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(h1(page, 'Sign in')).toBeVisible();
  await page.context().clearCookies();
  await page.context().addCookies(signedIn);
  expect((await page.request.get('/api/admin/session')).status()).toBe(401);
  expect((await page.request.get('/api/admin/leads')).status()).toBe(401);
  expect((await page.request.post('/api/admin/users', { headers: await xsrfHeaders(page), data: {} })).status()).toBe(
    401,
  );
});

// On the other app server, whose admin no other test signs in as: a locked account stays locked for 15 minutes.
test('ten failed sign-ins lock the account, and the page says so', async ({ page }) => {
  for (let attempt = 1; attempt <= 10; attempt++) {
    await signIn(page, ADMIN.email, `wrong password ${attempt}`, CONFIGURED_APP_URL);
    await expect(page.getByRole('alert')).toHaveText('The email or password is wrong.');
  }
  await signIn(page, ADMIN.email, ADMIN.password, CONFIGURED_APP_URL);
  const alert = page.getByRole('alert');
  await expect(alert).not.toHaveText('The email or password is wrong.');
  await expect(alert).toContainText('Too many failed sign-ins: try again in');
  await expect(h1(page, 'Sign in')).toBeVisible();
});

interface Received {
  messageId: string;
  status: number;
  duplicate: boolean;
  body: { email?: string };
}

test('a dead-lettered lead redelivered from its page reaches the buyer once', async ({ page, request }) => {
  const email = `${REFUSED_ONCE}.${Date.now()}@example.com`;
  const arrivals = async () =>
    ((await (await request.get(`${TEST_BUYER_URL}/received`)).json()) as Received[]).filter(
      (lead) => lead.body.email === email,
    );
  await sendLeadWithTypedAddress(page, email);
  await expect.poll(async () => (await arrivals()).map((lead) => lead.status)).toEqual([422]);

  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(h1(page, 'Leads')).toBeVisible();
  const table = await findOneLead(page, email);
  await table.getByRole('link').click();
  await expect(h1(page, 'Mary Smith, acme tools')).toBeVisible();

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
  // The same message: the buyer can tell it is the lead it refused, and counts it once.
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
