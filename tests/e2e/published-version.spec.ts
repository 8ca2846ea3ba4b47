/**
 * A version published in the flow studio, in a real browser, with no build or restart: made from v1 with a new first
 * heading, it shows that heading at /<name>, walks every step with validation working (the later steps' validators
 * arrive as the version's own script), and its lead is stored with flow_version <name>; '/' is still v1. The server
 * is the production build on PostgreSQL, where the test publishes as the studio does: one insert.
 */
import { Client } from 'pg';
import { expect, test } from './fixtures.ts';
import { axeViolations } from './audit.ts';
import { VISITOR } from './visitor.ts';
import { answerBusinessAndContact, answerFirstHalfFromStart, heading, revealAndSubmitPhone } from './walk.ts';
import { freePort, listening, startServer, type ServerProcess } from '../support/server-process.ts';
import { openPostgres, type Database } from '../../server/platform/db/index.ts';
import { publishFromV1 } from '../server/page/published/published-fixture.ts';

const DATABASE_URL = process.env.DATABASE_URL || 'postgres://root@127.0.0.1:5432/test';
const NAME = 'spring-offer';
const NEW_HEADING = 'Which kind of business do you run?';
const SPANISH_HEADING = '¿Qué clase de negocio dirige?';

test.describe.configure({ mode: 'serial' });

let admin: Client;
let db: Database;
let server: ServerProcess;
let origin: string;
const schema = `fundflow_e2e_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;

test.beforeAll(async () => {
  admin = new Client({ connectionString: DATABASE_URL });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  const scoped = new URL(DATABASE_URL);
  scoped.searchParams.set('options', `-c search_path=${schema}`);
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  server = startServer(
    {
      PORT: String(port),
      DATABASE_URL: scoped.href,
      PRODUCT_NAME: 'Fundflow Test',
      // Production runs no TypeScript, in the server or in the processes it starts (the renderer's).
      NODE_OPTIONS: '--no-strip-types',
    },
    'compiled',
  );
  await listening(server);
  db = await openPostgres(scoped.href);
  // Published while the server runs: it learns of the version by polling.
  await publishFromV1(db, NAME, (flow) => {
    flow.steps.start!.heading = NEW_HEADING;
  });
});

test.afterAll(async () => {
  server?.child.kill('SIGTERM');
  await server?.exited;
  await db?.close();
  await admin?.query(`drop schema if exists ${schema} cascade`);
  await admin?.end();
});

test('the published version shows its own heading at /<name>, drawn by the server, and / is still v1', async ({
  page,
}) => {
  await expect
    .poll(async () => (await page.request.get(`${origin}/${NAME}`, { maxRedirects: 0 })).status(), {
      timeout: 5000,
    })
    .toBe(200);
  // The server draws its start screen once it has rendered it: the heading is then in the HTML itself, and so are its
  // five choices (rjsf draws the form only with the step's validators), so nothing moves when the script takes over.
  await expect
    .poll(async () => (await (await page.request.get(`${origin}/${NAME}`)).text()).includes(`>${NEW_HEADING}</h1>`), {
      timeout: 10_000,
    })
    .toBe(true);
  const drawn = await (await page.request.get(`${origin}/${NAME}`)).text();
  expect(drawn.match(/<input type="radio"[^>]*name="root_business_type"/g)).toHaveLength(5);
  await page.goto(`${origin}/${NAME}`);
  await expect(heading(page)).toHaveText(NEW_HEADING);
  // Published in English only: no link to a Spanish page it does not have.
  await expect(page.getByRole('link', { name: 'Español' })).toHaveCount(0);
  await page.goto(`${origin}/`);
  await expect(heading(page)).toHaveText('What type of business do you own?');
});

test('its first screen passes the accessibility audit', async ({ page }) => {
  await page.goto(`${origin}/${NAME}`);
  await expect(heading(page)).toHaveText(NEW_HEADING);
  await expect(page).toHaveTitle(/ \| /);
  expect(await axeViolations(page)).toEqual([]);
});

test('a visitor walks every step, validation working, and the lead is stored as the version', async ({
  page,
}, info) => {
  const email = `mary.published.${info.project.name}@example.com`;
  await page.goto(`${origin}/${NAME}`);
  await expect(heading(page)).toHaveText(NEW_HEADING);
  await expect(page).toHaveTitle(/ \| /);
  await answerFirstHalfFromStart(page);
  await answerBusinessAndContact(page, `/${NAME}`, email);
  await page.getByRole('textbox', { name: 'Street address' }).fill(VISITOR.street);
  const stored = page.waitForResponse((response) => response.url().endsWith('/api/v1/leads/trigger'));
  await revealAndSubmitPhone(page);
  expect((await stored).status()).toBe(201);
  await expect(page).toHaveURL((url) => url.pathname === `/${NAME}/searching-coverage-area`);
  const { rows } = await db.query<{ flow_version: string }>(
    "select flow_version from leads where payload->>'email' = $1",
    [email],
  );
  expect(rows).toEqual([{ flow_version: NAME }]);
});

test('a version published in Spanish too is answered in Spanish at /es/<name>', async ({ page }, info) => {
  const name = `fiesta-${info.project.name}`.toLowerCase().replace(/[^a-z0-9-]/g, '-');
  await publishFromV1(
    db,
    name,
    (flow) => {
      flow.steps.start!.heading = NEW_HEADING;
    },
    (flow) => {
      flow.steps.start!.heading = SPANISH_HEADING;
    },
  );
  await expect.poll(async () => (await page.request.get(`${origin}/es/${name}`)).status(), { timeout: 5000 }).toBe(200);
  await page.goto(`${origin}/es/${name}`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(heading(page)).toHaveText(SPANISH_HEADING);
  await expect(page.getByRole('link', { name: 'English' })).toHaveAttribute('href', `/${name}`);
  // A choice's validator is found by a hash of its schema, words included: answering proves the Spanish ones arrived.
  await page.getByRole('radio', { name: 'Corporación C' }).click();
  await expect(page).toHaveURL((url) => url.pathname === `/es/${name}/amount`);
  await expect(heading(page)).toHaveText('¿Cuánto necesita?');
  expect(await axeViolations(page)).toEqual([]);
});
