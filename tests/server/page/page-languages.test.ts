/** The pages in each language: `<html lang>` by the address's prefix, hreflang alternates, 404s and redirects. */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app.ts';
import {
  decode,
  openTestPglite,
  tempDir,
  testConfig,
  writeBuiltSite,
  type TestDatabase,
} from '../../support/server-harness.ts';
import { spanishFlowsDir } from '../spanish-flows.ts';

const HOST = 'fundflow.example';

describe('the pages in each language', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let withOwnPrivacy: FastifyInstance;
  const site = tempDir();
  const flows = spanishFlowsDir();

  beforeAll(async () => {
    database = await openTestPglite();
    writeBuiltSite(join(site.path, 'dist'));
    const build = (settings: Record<string, string> = {}) =>
      buildApp({
        config: testConfig({ ...settings, STATIC_DIR: join(site.path, 'dist') }),
        db: database.db,
        logger: false,
        flowsDir: flows.path,
        development: false,
      });
    app = await build();
    withOwnPrivacy = await build({ PRIVACY_URL: 'https://acme.example/privacy' });
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await withOwnPrivacy?.close();
    await database?.cleanup();
    site.remove();
    flows.remove();
  });

  async function page(url: string, server = app) {
    const response = await server.inject({ method: 'GET', url, headers: { host: HOST } });
    return { response, text: decode(response.rawPayload, response.headers['content-encoding']) };
  }
  const lang = (text: string) => /<html\b[^>]*\blang="([^"]*)"/.exec(text)?.[1];
  const alternates = (text: string) =>
    [...text.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)" \/>/g)].map(([, hreflang, href]) => ({
      hreflang,
      href,
    }));

  it('answers the Spanish pages in Spanish, each naming its English and Spanish addresses in full', async () => {
    for (const [url, english] of [
      ['/es', '/'],
      ['/es/v2/amount', '/v2/amount'],
      ['/es/privacy', '/privacy'],
    ] as const) {
      const { response, text } = await page(url);
      expect(response.statusCode, url).toBe(200);
      expect(lang(text), url).toBe('es');
      expect(alternates(text), url).toEqual([
        { hreflang: 'en', href: `http://${HOST}${english}` },
        { hreflang: 'es', href: `http://${HOST}${url}` },
        { hreflang: 'x-default', href: `http://${HOST}${english}` },
      ]);
    }
  });

  it('answers the English pages in English, with the same alternates', async () => {
    for (const [url, spanish] of [
      ['/', '/es'],
      ['/v2/amount', '/es/v2/amount'],
    ] as const) {
      const { response, text } = await page(url);
      expect(response.statusCode, url).toBe(200);
      expect(lang(text), url).toBe('en');
      expect(alternates(text), url).toEqual([
        { hreflang: 'en', href: `http://${HOST}${url}` },
        { hreflang: 'es', href: `http://${HOST}${spanish}` },
        { hreflang: 'x-default', href: `http://${HOST}${url}` },
      ]);
    }
  });

  it('answers a language it has no file for as a page that does not exist', async () => {
    const { response, text } = await page('/fr');
    expect(response.statusCode).toBe(404);
    expect(lang(text)).toBe('en');
  });

  it("answers an unknown Spanish address with the 404 page in Spanish, naming no other language's page", async () => {
    const { response, text } = await page('/es/nope');
    expect(response.statusCode).toBe(404);
    expect(lang(text)).toBe('es');
    expect(alternates(text)).toEqual([]);
  });

  it("sends the Spanish privacy page to the operator's own policy when PRIVACY_URL is set, as the English one", async () => {
    for (const url of ['/privacy', '/es/privacy']) {
      const { response } = await page(url, withOwnPrivacy);
      expect(response.statusCode, url).toBe(302);
      expect(response.headers.location, url).toBe('https://acme.example/privacy');
    }
  });
});

describe('a flow at the address of a language', () => {
  it('is refused at start, naming its file', async () => {
    const flows = spanishFlowsDir();
    const site = tempDir();
    const database = await openTestPglite();
    try {
      const v3 = join(flows.path, 'business-funding.v3.json');
      writeFileSync(v3, JSON.stringify({ ...JSON.parse(readFileSync(v3, 'utf8')), basePath: '/es' }));
      writeBuiltSite(site.path);
      await expect(
        buildApp({
          config: testConfig({ STATIC_DIR: site.path }),
          db: database.db,
          logger: false,
          flowsDir: flows.path,
          development: false,
        }),
      ).rejects.toThrow('flows/business-funding.v3.json /basePath: "/es" is the address of the es pages');
    } finally {
      await database.cleanup();
      site.remove();
      flows.remove();
    }
  }, 60_000);
});
