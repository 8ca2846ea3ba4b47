/**
 * A version published in the flow studio, served with no build or restart: its page at /<name> and its steps' paths
 * (the flow and the start step's validators inline, with the page's nonce; its start screen prerendered once this
 * server has rendered it), its later steps' validators as an immutable script, a retired version's visitors sent to
 * '/', and the studio's split weights over '/'.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../../../server/app.ts';
import { compileVersion } from '../../../../server/page/index.ts';
import { VERSION_COOKIE } from '../../../../server/page/split-test.ts';
import { migrate } from '../../../../server/platform/db/index.ts';
import { PUBLISHED_FLOW_GLOBAL } from '../../../../contracts/flow-studio.ts';
import {
  decode,
  openTestPglite,
  policyNonce,
  tempDir,
  testConfig,
  writeBuiltSite,
  type TestDatabase,
} from '../../../support/server-harness.ts';
import { publishFromV1, versionOf } from './published-fixture.ts';

// The build's renderer in miniature: the start screen of the flow it is given, else v1's.
const RENDERER = `
export const ready = async () => {};
export const startPaths = ['/'];
export function prerender(path, config, published) {
  if (published === undefined) return '<main><h1>v1</h1></main>';
  const { flow, validators } = published;
  // The form is drawn only with its start step's validators, as rjsf needs them to draw it.
  const drawable = typeof validators[flow.start]?.step_start === 'function';
  return '<main><h1>' + flow.steps[flow.start].heading + '</h1><p>at ' + path + '</p>' +
    (drawable ? '<form>the form</form>' : '') + '</main>';
}
`;

const DAY = 24 * 60 * 60 * 1000;
const NEW_HEADING = 'Which kind of business is yours?';
const SPANISH_HEADING = '¿Qué tipo de negocio tiene?';

let database: TestDatabase;
let dir: ReturnType<typeof tempDir>;
let app: FastifyInstance;
let clock = Date.now();

beforeAll(async () => {
  database = await openTestPglite();
  await migrate(database.db);
  dir = tempDir();
  const dist = join(dir.path, 'dist');
  writeBuiltSite(dist);
  mkdirSync(join(dist, '.prerender'));
  writeFileSync(join(dist, '.prerender', 'prerender.js'), RENDERER);
  await publishFromV1(
    database.db,
    'fiesta',
    (flow) => {
      flow.steps.start!.heading = NEW_HEADING;
    },
    (flow) => {
      flow.steps.start!.heading = SPANISH_HEADING;
    },
  );
  await publishFromV1(database.db, 'spring', (flow) => {
    flow.steps.start!.heading = NEW_HEADING;
  });
  app = await buildApp({
    config: testConfig({ STATIC_DIR: dist }),
    db: database.db,
    logger: false,
    development: false,
    now: () => clock,
  });
  await app.ready();
}, 60_000);

afterAll(async () => {
  await app?.close();
  await database?.cleanup();
  dir?.remove();
});

async function page(url: string) {
  const response = await app.inject({ url, headers: { 'accept-encoding': 'br' } });
  return { response, html: decode(response.rawPayload, response.headers['content-encoding']) };
}

/** The compiled flow the page's inline scripts set, run as the browser runs them (with the nonce they carry). */
function pageFlowOf(html: string, nonce: string) {
  const scripts = [...html.matchAll(/<script nonce="([^"]*)">([\s\S]*?)<\/script>/g)];
  const self: Record<string, unknown> = {};
  for (const [, scriptNonce, text] of scripts) {
    expect(scriptNonce).toBe(nonce);
    runInNewContext(text!, { self, document: {}, window: self });
  }
  return self[PUBLISHED_FLOW_GLOBAL] as {
    flow: { version: string; steps: Record<string, { heading?: string }> };
    validators: Record<string, Record<string, (data: unknown) => boolean>>;
  };
}

describe('a published version', () => {
  it('is served at /<name> with its flow and start validators inline, under the nonce policy', async () => {
    const { response, html } = await page('/spring?utm_source=ads');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    const policy = String(response.headers['content-security-policy']);
    expect(policy).not.toMatch(/unsafe-eval|unsafe-inline/);
    const compiled = pageFlowOf(html, policyNonce(policy));
    expect(compiled.flow.version).toBe('spring');
    expect(compiled.flow.steps.start?.heading).toBe(NEW_HEADING);
    const startStep = compiled.validators.start!;
    expect(startStep.step_start!({ business_type: 'C Corporation' })).toBe(true);
    expect(startStep.step_start!({ business_type: 'a kind no list has' })).toBe(false);
  });

  it('has its start screen prerendered once this server has rendered it', async () => {
    await vi.waitFor(async () => expect((await page('/spring')).html).toContain(`<h1>${NEW_HEADING}</h1>`));
    const { response, html } = await page('/spring');
    expect(html).toContain('<p>at /spring</p>');
    expect(html).toContain('<form>the form</form>');
    // The site's script starts after the first paint, by a loader the policy allows by its hash.
    expect(String(response.headers['content-security-policy'])).toMatch(/'sha256-/);
  });

  it('serves its later steps as the page, without a prerendered screen', async () => {
    const { response, html } = await page('/spring/amount/');
    expect(response.statusCode).toBe(200);
    expect(html).toContain('<div id=root></div>');
    expect(pageFlowOf(html, policyNonce(response.headers['content-security-policy'])).flow.version).toBe('spring');
  });

  it('serves its later validators as an immutable, compressed script that the page loads by its hash', async () => {
    const { html, response } = await page('/spring/amount');
    const url = /s\.src="([^"]+)"/.exec(html)?.[1];
    expect(url).toMatch(/^\/flow-assets\/spring\/later\.[0-9a-f]{20}\.js$/);
    expect(response.headers['content-security-policy']).toContain("'strict-dynamic'");
    const script = await app.inject({ url: url!, headers: { 'accept-encoding': 'br, gzip' } });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/^text\/javascript/);
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(script.headers['content-encoding']).toBe('br');
    const self: Record<string, Record<string, Record<string, (data: unknown) => boolean>>> = {};
    runInNewContext(decode(script.rawPayload, 'br'), { self });
    const amount = self.fundflowLaterValidators!.amount!.step_amount!;
    expect(amount({ amount: 50_000 })).toBe(true);
    expect(amount({ amount: 5 })).toBe(false);
  });

  it('answers 404 for a later script of an unknown version or hash, and for a path none of its steps has', async () => {
    for (const url of [
      '/flow-assets/nope/later.0123456789abcdef0123.js',
      '/flow-assets/spring/later.0123456789abcdef0123.js',
    ]) {
      expect((await app.inject(url)).statusCode).toBe(404);
    }
    expect((await app.inject('/spring/no-such-step')).statusCode).toBe(404);
    expect((await app.inject('/autumn')).statusCode).toBe(404);
  });

  it('is never served by halves: a name taken is refused whole', async () => {
    const before = await database.db.query('select flow, start_validators from flow_versions where name = $1', [
      'spring',
    ]);
    const { result } = await publishFromV1(database.db, 'spring', (flow) => {
      flow.steps.start!.heading = 'Another heading';
    });
    expect(result).toBe('taken');
    const after = await database.db.query('select flow, start_validators from flow_versions where name = $1', [
      'spring',
    ]);
    expect(after.rows).toEqual(before.rows);
  });
});

describe('a version published in Spanish too', () => {
  /** The flow a page at `url` sets (a later step's page: drawn in the browser, so its scripts run here as they are). */
  async function flowAt(url: string) {
    const { response, html } = await page(url);
    expect(response.statusCode).toBe(200);
    const compiled = pageFlowOf(html, policyNonce(response.headers['content-security-policy']));
    return {
      html,
      flow: compiled.flow as typeof compiled.flow & { basePath: string },
      languages: (compiled as { languages?: string[] }).languages,
    };
  }

  it('is served at /es/<name> in Spanish: the page, its flow at the prefix, its screen and its own validators', async () => {
    const spanish = await flowAt('/es/fiesta/amount');
    expect(spanish.html).toMatch(/<html[^>]* lang="es"/);
    expect(spanish.flow.steps.start?.heading).toBe(SPANISH_HEADING);
    expect(spanish.flow.basePath).toBe('/es/fiesta');
    // The page links to the languages the version exists in, and only those.
    expect(spanish.languages).toEqual(['en', 'es']);
    expect((await flowAt('/spring/amount')).languages).toEqual(['en']);
    const english = await flowAt('/fiesta/amount');
    expect(english.flow.steps.start?.heading).toBe(NEW_HEADING);

    await vi.waitFor(async () => expect((await page('/es/fiesta')).html).toContain(`<h1>${SPANISH_HEADING}</h1>`));
    expect((await page('/es/fiesta')).html).toContain('<p>at /es/fiesta</p>');

    const spanishLater = /s\.src="([^"]+)"/.exec(spanish.html)?.[1];
    expect(spanishLater).toMatch(/^\/flow-assets\/fiesta\/later\.[0-9a-f]{20}\.js$/);
    expect((await app.inject(spanishLater!)).statusCode).toBe(200);
  });

  it('leaves a version published in English only with no Spanish address', async () => {
    expect((await app.inject('/es/spring')).statusCode).toBe(404);
    expect((await app.inject('/es/spring/amount')).statusCode).toBe(404);
  });
});

describe('publishing', () => {
  it('refuses a version whose fields do not compile, naming the step', () => {
    const broken = versionOf('broken', (flow) => {
      (flow.steps.amount!.schema!.properties as Record<string, unknown>).amount = { type: 'string', pattern: '(' };
    });
    expect(() => compileVersion(broken)).toThrow(/step amount/);
  });
});

describe('a retired version', () => {
  beforeAll(async () => {
    await publishFromV1(database.db, 'winter');
    await database.db.query('update flow_versions set retired_at = $1, changed_at = now() where name = $2', [
      new Date(clock),
      'winter',
    ]);
    await vi.waitFor(async () => expect((await app.inject('/winter')).statusCode).toBe(302), { timeout: 5000 });
  });

  it("sends new visitors from /<name> to '/', keeping the query", async () => {
    const response = await app.inject('/winter?utm_source=ads&gclid=abc');
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/?utm_source=ads&gclid=abc');
  });

  it("keeps its later steps for a visitor part way through for a week, then sends them to '/' too", async () => {
    expect((await app.inject('/winter/amount')).statusCode).toBe(200);
    clock += 6 * DAY;
    expect((await app.inject('/winter/amount')).statusCode).toBe(200);
    clock += 2 * DAY;
    const response = await app.inject('/winter/amount?utm_source=ads');
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/?utm_source=ads');
  });
});

describe("the studio's split weights", () => {
  it("spread '/' over the live versions they name, and leave '/' to v1 when none of them is live", async () => {
    await database.db.query(
      `insert into flow_split_weights (version, weight, changed_by) values
         ('v1', 0, 'marketer@example.com'), ('spring', 1, 'marketer@example.com'), ('winter', 5, 'marketer@example.com')`,
    );
    await vi.waitFor(async () => expect((await app.inject('/?utm_source=ads')).statusCode).toBe(302), {
      timeout: 5000,
    });
    const response = await app.inject('/?utm_source=ads');
    // winter is retired: only spring takes visitors.
    expect(response.headers.location).toBe('/spring?utm_source=ads');
    expect([response.headers['set-cookie']].flat().join()).toContain(`${VERSION_COOKIE}=spring`);
    // spring has no Spanish: '/es' is not split, and stays v1 in Spanish.
    expect((await app.inject('/es')).statusCode).toBe(200);
    // A version published in Spanish takes Spanish visitors at '/es/<name>'.
    await database.db.query(
      `insert into flow_split_weights (version, weight, changed_by) values ('fiesta', 1, 'marketer@example.com')
       on conflict (version) do update set weight = 1, changed_at = now()`,
    );
    await vi.waitFor(async () => expect((await app.inject('/es?gclid=x')).statusCode).toBe(302), { timeout: 5000 });
    const spanish = await app.inject({ url: '/es?gclid=x', headers: { cookie: `${VERSION_COOKIE}=fiesta` } });
    expect(spanish.headers.location).toBe('/es/fiesta?gclid=x');
    await database.db.query(`delete from flow_split_weights where version = 'fiesta'`);

    await database.db.query('update flow_versions set retired_at = now() where name = $1', ['spring']);
    await vi.waitFor(async () => expect((await app.inject('/')).statusCode).toBe(200), { timeout: 5000 });
    const home = await app.inject({ url: '/', headers: { cookie: `${VERSION_COOKIE}=spring` } });
    expect(home.statusCode).toBe(200);
    expect([home.headers['set-cookie']].flat().join()).not.toContain(VERSION_COOKIE);
  });
});
