/** The Content-Security-Policy per configuration, and the security headers on every kind of response. */
import { createHash } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_SECURITY_HEADERS,
  contentSecurityPolicy,
  securityHeaders,
  STRICT_TRANSPORT_SECURITY,
  SUBRESOURCE_SECURITY_HEADERS,
} from '../../../../server/platform/http/security.ts';
import {
  ASSET_CSS,
  policyNonce,
  startTestApp,
  testConfig,
  xsrfHeaders,
  type TestApp,
} from '../../../support/server-harness.ts';

const directive = (policy: string, name: string) =>
  policy
    .split('; ')
    .find((entry) => entry.startsWith(`${name} `))
    ?.split(' ')
    .slice(1) ?? [];

const GTM = { GTM_ID: 'GTM-AB12CD' };
const GTM_ENVIRONMENT = { ...GTM, GTM_AUTH: 'authValue', GTM_PREVIEW: 'env-4' };
const TRUSTED_FORM = { LOAD_TRUSTED_FORM_SCRIPT: 'true' };
const MAPS = { GOOGLE_MAPS_API_KEY: 'AIzaTestKey' };

const policyFor = (env: Record<string, string>) => contentSecurityPolicy(testConfig(env));

describe('the Content-Security-Policy', () => {
  it('without third parties lets the page load everything from this site only', () => {
    expect(policyFor({})).toBe(
      "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; " +
        "worker-src 'self'; manifest-src 'self'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'; " +
        "object-src 'none'",
    );
  });

  it('admits each third party only when its setting is on', () => {
    const cases = [
      {
        on: GTM_ENVIRONMENT,
        sources: [
          'https://www.googletagmanager.com',
          'https://*.google-analytics.com',
          'https://tagmanager.google.com',
        ],
      },
      { on: TRUSTED_FORM, sources: ['https://api.trustedform.com', 'https://cdn.trustedform.com'] },
      { on: MAPS, sources: ['https://*.googleapis.com', 'https://*.gstatic.com'] },
    ];
    for (const { on, sources } of cases) {
      const others: Record<string, string> = Object.assign({}, ...cases.filter((c) => c.on !== on).map((c) => c.on));
      for (const source of sources) {
        expect(policyFor(on), source).toContain(source);
        expect(policyFor(others), source).not.toContain(source);
      }
    }
    // The preview pane's sources need the environment, not only the container.
    expect(policyFor(GTM)).not.toContain('https://tagmanager.google.com');
  });

  it('lets the page load Tag Manager and send Google Analytics 4 hits when GTM_ID is set', () => {
    const policy = policyFor(GTM);
    expect(directive(policy, 'script-src')).toEqual(["'self'", 'https://www.googletagmanager.com']);
    expect(directive(policy, 'img-src')).toEqual([
      "'self'",
      'data:',
      'https://www.googletagmanager.com',
      'https://*.google-analytics.com',
    ]);
    expect(directive(policy, 'connect-src')).toEqual([
      "'self'",
      'https://www.googletagmanager.com',
      'https://www.google.com',
      'https://*.google-analytics.com',
      'https://*.analytics.google.com',
    ]);
    expect(policy).not.toContain('tagmanager.google.com');
    expect(directive(policy, 'font-src')).toEqual([]);
  });

  it("lets a Tag Manager environment's preview load its pane when GTM_AUTH and GTM_PREVIEW are set", () => {
    const policy = policyFor(GTM_ENVIRONMENT);
    expect(directive(policy, 'script-src')).toEqual([
      "'self'",
      'https://www.googletagmanager.com',
      'https://tagmanager.google.com',
    ]);
    expect(directive(policy, 'style-src')).toEqual([
      "'self'",
      'https://www.googletagmanager.com',
      'https://tagmanager.google.com',
      'https://fonts.googleapis.com',
    ]);
    const images = directive(policy, 'img-src');
    expect(images).toEqual(expect.arrayContaining(['https://ssl.gstatic.com', 'https://www.gstatic.com']));
    expect(directive(policy, 'font-src')).toEqual(["'self'", 'https://fonts.gstatic.com', 'data:']);
  });

  it("lets the tag manager's tags send to the origins CSP_TAG_SOURCES lists, as images, requests and frames", () => {
    const ads = ['https://www.googleadservices.com', 'https://*.doubleclick.net'];
    const policy = policyFor({ ...GTM, CSP_TAG_SOURCES: ads.join(',') });
    expect(directive(policy, 'img-src')).toEqual(expect.arrayContaining(ads));
    expect(directive(policy, 'connect-src')).toEqual(expect.arrayContaining(ads));
    expect(directive(policy, 'frame-src')).toEqual(["'self'", ...ads]);
    // Scripts need none: 'strict-dynamic' runs what the tag manager adds.
    expect(directive(policy, 'script-src')).toEqual(directive(policyFor(GTM), 'script-src'));
    expect(policyFor(GTM)).not.toContain('doubleclick');
  });

  it('lets the page run the TrustedForm script when LOAD_TRUSTED_FORM_SCRIPT is true', () => {
    const policy = policyFor(TRUSTED_FORM);
    const trustedForm = ['https://api.trustedform.com', 'https://cdn.trustedform.com'];
    expect(directive(policy, 'script-src')).toEqual(["'self'", ...trustedForm]);
    expect(directive(policy, 'img-src')).toEqual(["'self'", 'data:', ...trustedForm]);
    expect(directive(policy, 'connect-src')).toEqual(["'self'", ...trustedForm]);
    expect(policyFor({ LOAD_TRUSTED_FORM_SCRIPT: 'false' })).not.toContain('trustedform');
  });

  it('lets the page ask Places API (New) for addresses when a Maps key is configured, and nothing a map needs', () => {
    const policy = policyFor(MAPS);
    expect(directive(policy, 'script-src')).toEqual(["'self'", 'https://*.googleapis.com', 'https://*.gstatic.com']);
    expect(directive(policy, 'connect-src')).toEqual(["'self'", 'https://*.googleapis.com']);
    expect(directive(policy, 'img-src')).toEqual(["'self'", 'data:', 'https://*.googleapis.com']);
    // The suggestion list is the form's own: no inline styles, fonts, frames or tiles.
    expect(directive(policy, 'style-src')).toEqual(["'self'"]);
    expect(policy).not.toContain('font-src');
    expect(policy).not.toContain('frame-src');
    expect(policy).not.toContain('google.com');
    expect(policy).not.toContain('googleusercontent.com');
  });

  it("lets the legacy Places Autocomplete widget load what it needs with GOOGLE_PLACES_API=legacy, its list's inline styles too", () => {
    const policy = policyFor({ ...MAPS, GOOGLE_PLACES_API: 'legacy' });
    const google = ['https://*.googleapis.com', 'https://*.gstatic.com', 'https://*.google.com'];
    expect(directive(policy, 'script-src')).toEqual(["'self'", ...google]);
    expect(directive(policy, 'connect-src')).toEqual([
      "'self'",
      'https://*.googleapis.com',
      'https://*.google.com',
      'https://*.gstatic.com',
    ]);
    expect(directive(policy, 'style-src')).toEqual(["'self'", "'unsafe-inline'", 'https://fonts.googleapis.com']);
    expect(directive(policy, 'img-src')).toContain('https://*.googleusercontent.com');
  });

  it('admits no Google source for addresses without a Maps key, whichever API is set', () => {
    expect(policyFor({ GOOGLE_PLACES_API: 'legacy' })).toBe(policyFor({}));
    expect(policyFor({ GOOGLE_PLACES_API: 'new' })).toBe(policyFor({}));
  });

  it("lets a page's scripts run by its nonce, and the scripts they add by 'strict-dynamic', wherever they come from", () => {
    const loader = `'sha256-${createHash('sha256').update('loader').digest('base64')}'`;
    const policy = contentSecurityPolicy(
      testConfig(GTM),
      { styles: [], scripts: [loader] },
      'bm9uY2Utb2YtdGhlLXBhZ2U=',
    );
    // 'self' and the hosts are for browsers without 'strict-dynamic', which ignore it; others ignore them.
    expect(directive(policy, 'script-src')).toEqual([
      "'nonce-bm9uY2Utb2YtdGhlLXBhZ2U='",
      "'strict-dynamic'",
      loader,
      "'self'",
      'https://www.googletagmanager.com',
    ]);
    // Nothing else changes: the tags' requests, images and frames still go only where the settings allow.
    const withoutNonce = policyFor(GTM);
    for (const name of ['default-src', 'img-src', 'connect-src', 'style-src', 'object-src', 'base-uri']) {
      expect(directive(policy, name), name).toEqual(directive(withoutNonce, name));
    }
  });

  it('never allows eval or inline scripts, however many third parties are on', () => {
    const everything = policyFor({ ...GTM_ENVIRONMENT, ...TRUSTED_FORM, ...MAPS, GOOGLE_PLACES_API: 'legacy' });
    const nonced = contentSecurityPolicy(testConfig({ ...GTM, ...MAPS }), undefined, 'bm9uY2U=');
    for (const policy of [policyFor({}), policyFor(GTM), policyFor(TRUSTED_FORM), everything, nonced]) {
      expect(policy).not.toContain('unsafe-eval');
      expect(directive(policy, 'script-src')).not.toContain("'unsafe-inline'");
      expect(directive(policy, 'worker-src')).toEqual(["'self'"]);
      expect(directive(policy, 'object-src')).toEqual(["'none'"]);
      expect(directive(policy, 'frame-ancestors')).toEqual(["'none'"]);
    }
    // Each directive once, each source once within it.
    const names = everything.split('; ').map((entry) => entry.split(' ')[0]);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) {
      const sources = directive(everything, name!);
      expect(new Set(sources).size, name).toBe(sources.length);
    }
  });
});

describe('the security headers', () => {
  const env = { ...GTM_ENVIRONMENT, ...TRUSTED_FORM };
  let server: TestApp;
  let proxied: TestApp;

  beforeAll(async () => {
    server = await startTestApp(env);
    proxied = await startTestApp({ ...env, TRUST_PROXY: '127.0.0.1' });
  }, 60_000);

  afterAll(async () => {
    await server?.close();
    await proxied?.close();
  });

  it('are on pages, files, API answers, refusals and errors', async () => {
    const expected = securityHeaders(testConfig(env));
    const pagePolicy = (nonce: string) =>
      contentSecurityPolicy(
        testConfig(env),
        { styles: [`'sha256-${createHash('sha256').update(ASSET_CSS).digest('base64')}'`], scripts: [] },
        nonce,
      );
    expect(Object.keys(expected).sort()).toEqual([
      'content-security-policy',
      'cross-origin-opener-policy',
      'permissions-policy',
      'referrer-policy',
      'strict-transport-security',
      'x-content-type-options',
      'x-frame-options',
    ]);
    const { app } = server;
    const responses: Record<string, [number, LightMyRequestResponse]> = {
      page: [200, await app.inject('/')],
      'not-found page': [404, await app.inject('/nope')],
      file: [200, await app.inject('/assets/logo.0badf00d.svg')],
      // A service worker's script runs under its own response's policy: it keeps the page's.
      'service worker file': [
        200,
        await app.inject({ url: '/main.1a2b3c4d.js', headers: { 'service-worker': 'script' } }),
      ],
      api: [200, await app.inject('/api/v1/health')],
      'api not found': [404, await app.inject('/api/nope')],
      'bad request': [400, await app.inject('/api/v1/zipcode/validate')],
      'xsrf refusal': [403, await app.inject({ method: 'POST', url: '/api/v1/leads/trigger', payload: {} })],
      // No delivery queue in this app: lead intake answers 503.
      'server error': [503, await app.inject({ method: 'POST', url: '/api/v1/leads/trigger', headers: xsrfHeaders() })],
    };
    for (const [kind, [status, response]] of Object.entries(responses)) {
      expect(response.statusCode, kind).toBe(status);
      const isApi = !['page', 'not-found page', 'file', 'service worker file'].includes(kind);
      for (const [name, value] of Object.entries(isApi ? API_SECURITY_HEADERS : expected)) {
        // A page's own policy has its response's nonce and allows its inlined stylesheet
        // (tests/server/page/pages.test.ts, tests/server/page/prerendered.test.ts).
        const own =
          name === 'content-security-policy' && kind.endsWith('page')
            ? pagePolicy(policyNonce(response.headers[name]))
            : value;
        expect(response.headers[name], `${kind}: ${name}`).toBe(own);
      }
      if (isApi) {
        // The page's rules for documents are left off JSON answers.
        for (const name of ['permissions-policy', 'cross-origin-opener-policy']) {
          expect(response.headers[name], `${kind}: ${name}`).toBeUndefined();
        }
      }
    }
  });

  it('leave the rules for documents off scripts and stylesheets, which are never one', async () => {
    const { app } = server;
    for (const url of ['/main.1a2b3c4d.js', '/index.5e6f7a8b.css']) {
      const response = await app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(response.statusCode, url).toBe(200);
      for (const [name, value] of Object.entries(SUBRESOURCE_SECURITY_HEADERS)) {
        expect(response.headers[name], `${url}: ${name}`).toBe(value);
      }
      for (const name of [
        'content-security-policy',
        'permissions-policy',
        'cross-origin-opener-policy',
        'x-frame-options',
        'referrer-policy',
      ]) {
        expect(response.headers[name], `${url}: ${name}`).toBeUndefined();
      }
    }
  });

  it('let an API answer opened as a document load nothing, be framed nowhere and send no referrer', () => {
    expect(API_SECURITY_HEADERS).toMatchObject({
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      'referrer-policy': 'no-referrer',
    });
  });

  it('switch off the device features a form never uses', () => {
    const policy = securityHeaders(testConfig())['permissions-policy'];
    for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb']) {
      expect(policy).toContain(`${feature}=()`);
    }
  });

  it('add Strict-Transport-Security to every response, over https or not, proxied or not', async () => {
    const overHttps = { 'x-forwarded-proto': 'https' };
    for (const url of ['/', '/main.1a2b3c4d.js', '/api/v1/health', '/api/nope']) {
      const answers = [
        await proxied.app.inject({ url, headers: overHttps, remoteAddress: '127.0.0.1' }),
        await proxied.app.inject({ url, remoteAddress: '127.0.0.1' }),
        await server.app.inject({ url, headers: overHttps, remoteAddress: '127.0.0.1' }),
        await server.app.inject({ url }),
      ];
      for (const answer of answers) {
        expect(answer.headers['strict-transport-security'], url).toBe(STRICT_TRANSPORT_SECURITY);
      }
    }
  });
});
