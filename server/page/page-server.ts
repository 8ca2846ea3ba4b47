/**
 * The page: the built index.html with the public config and the product name written in. Read once at start (on
 * every request in development, where the dev build rewrites it), served for every client route with a fresh nonce on
 * each of its script elements, compressed per response.
 * In production its stylesheet is inlined and each start screen gets its own copy with the screen prerendered.
 */
import { readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../platform/config/settings.ts';
import { preferredEncoding } from '../platform/http/encoding.ts';
import { inlineStylesheets, intoRoot, scriptsAfterFirstPaint, type Prerenderer } from './prerendered.ts';
import { newNonce, type InlineSources } from '../platform/http/security.ts';
import { BUILT_IN_PAGES, RUNTIME_CONFIG_ELEMENT_ID, type PublicConfig } from '../../contracts/public-config.ts';
import { consentCommands } from '../../contracts/consent-mode.ts';
import { languageOfPath, pathInLanguage, type LanguagePrefix } from '../../engine/language/paths.ts';
import { SOURCE_LANGUAGE } from '../../engine/language/language-file.ts';

export function toPublicConfig(config: Config): PublicConfig {
  return {
    productName: config.productName,
    privacyUrl: config.privacyUrl ?? BUILT_IN_PAGES.privacy.path,
    termsUrl: config.termsUrl ?? BUILT_IN_PAGES.terms.path,
    doNotSellUrl: config.doNotSellUrl ?? BUILT_IN_PAGES.doNotSell.path,
    gtm:
      config.gtmId === undefined
        ? null
        : { id: config.gtmId, auth: config.gtmAuth ?? null, preview: config.gtmPreview ?? null },
    consentDefaults: config.gtmId === undefined ? null : consentCommands(config.consentDefault),
    enhancedConversions: config.enhancedConversions,
    loadTrustedFormScript: config.loadTrustedFormScript,
    mapsApiKey: config.googleMapsApiKey ?? null,
    placesApi: config.googlePlacesApi,
  };
}

/** JSON that is safe inside a `<script>` element: no `<` can close it or open a comment. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** The built index.html is not what the server expects (a build or site/index.html problem, not a visitor's). */
export class PageTemplateError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PageTemplateError';
  }
}

const id = RUNTIME_CONFIG_ELEMENT_ID;
const placeholderPattern = () =>
  new RegExp(
    `(<script\\b[^>]*?\\sid\\s*=\\s*(?:"${id}"|'${id}'|${id}(?=[\\s>]))[^>]*>)([\\s\\S]*?)(</script\\s*>)`,
    'gi',
  );
const TITLE = /(<title\b[^>]*>)([\s\S]*?)(<\/title\s*>)/i;

/** Writes the public config into the runtime-config element and the product name into the title. */
export function renderPage(html: string, publicConfig: PublicConfig, file = 'index.html'): string {
  const found = [...html.matchAll(placeholderPattern())].length;
  if (found !== 1) {
    throw new PageTemplateError(
      `${file} must contain exactly one <script id="${RUNTIME_CONFIG_ELEMENT_ID}" type="application/json">{}</script> ` +
        `element (found ${found}). Add it to site/index.html and rebuild.`,
    );
  }
  if (!TITLE.test(html)) {
    throw new PageTemplateError(`${file} has no <title> element. Add one to site/index.html and rebuild.`);
  }
  const title = escapeHtml(publicConfig.productName);
  const json = scriptSafeJson(publicConfig);
  return html
    .replace(TITLE, (_match, open: string, _text: string, close: string) => open + title + close)
    .replace(placeholderPattern(), (_match, open: string, _json: string, close: string) => open + json + close);
}

/**
 * A page as the server keeps it: its text cut where each script element gets the response's nonce, and the sources
 * its inline elements need. Every response gets a fresh nonce (docs/decisions/023-strict-nonce-csp.md), so the body
 * is put together, and compressed, per response.
 */
interface PageTemplate {
  parts: readonly string[];
  inline: InlineSources;
}

interface Pages {
  /** The page's text before it is cut, with its stylesheet's sources: what a flow's page is made from. */
  source: { html: string; styles: readonly string[] };
  /** By language: for every route without a prerendered screen, and the 404 answers. */
  plain: ReadonlyMap<string, PageTemplate>;
  /** By path: the start screens, prerendered. */
  prerendered: ReadonlyMap<string, PageTemplate>;
}

/** A flow's own page (a published version's or the studio's preview): the page with a script of its own. */
export interface FlowPageParts {
  /** An inline script, run before the site's script (it gets the response's nonce, as every script element does). */
  script: string;
  /** The flow's start screen, prerendered, for its start path. */
  markup?: string;
}

export interface PageOptions {
  /** The built index.html. */
  file: string;
  /** Where the page's root-relative addresses (its stylesheet's) are files; default: the folder of `file`. */
  staticDir?: string;
  publicConfig: PublicConfig;
  /** Read the file on every request and skip compression (the dev build rewrites it). */
  development: boolean;
  /** Development only: markup put before the page's first script, per request (the development aids, server/dev/). */
  devHead?: (request: FastifyRequest) => string;
  /**
   * The Content-Security-Policy of one response: its nonce, and the sources allowing the page's inline elements (in
   * production its stylesheet and a start screen's script loader).
   */
  securityPolicy: (inline: InlineSources, nonce: string) => string;
  /**
   * The site's languages (the source language first, at prefix ""): an address's prefix sets the page's `lang`, and
   * each page names its versions in the others (hreflang). Default: the source language alone.
   */
  languages?: readonly LanguagePrefix[];
  /** Production: the start screens' renderer; each of its paths gets the page with its screen in place. */
  prerenderer?: Prerenderer;
  /**
   * Told when a screen (or, path undefined, every screen) could not be prerendered: its path then gets the plain
   * page, which renders in the browser.
   */
  onPrerenderError?: (path: string | undefined, error: unknown) => void;
}

export interface PageServer {
  /** Reads and checks the page once; false when the site is not built yet. Throws PageTemplateError. */
  load(): Promise<boolean>;
  /** Answers with the page and the given status (200 for a client route, 404 for an unknown path). */
  send(request: FastifyRequest, reply: FastifyReply, statusCode: 200 | 404): Promise<FastifyReply>;
  /** Answers 200 with the page carrying a flow of its own (its script, and its start screen when given). */
  sendFlow(request: FastifyRequest, reply: FastifyReply, parts: FlowPageParts): Promise<FastifyReply>;
}

const NO_INLINE: InlineSources = { styles: [], scripts: [] };

export function createPageServer(options: PageOptions): PageServer {
  let cached: Pages | undefined;
  const languages = options.languages ?? [SOURCE];

  const template = (html: string, inline: InlineSources = NO_INLINE): PageTemplate => ({
    parts: scriptNonceSlots(html),
    inline,
  });

  /** The page with a start screen in its root element, its script started once the screen is painted. */
  function withScreen(html: string, styles: readonly string[], markup: string): PageTemplate {
    const filled = intoRoot(html, markup);
    if (filled === undefined) {
      throw new PageTemplateError(
        `${options.file} must contain an empty <div id="root"></div> for the start screens to be prerendered into. ` +
          'Add it to site/index.html and rebuild.',
      );
    }
    const started = scriptsAfterFirstPaint(filled);
    return template(started.html, { styles, scripts: started.hashes });
  }

  async function prerendered(html: string, styles: readonly string[]): Promise<Map<string, PageTemplate>> {
    const pages = new Map<string, PageTemplate>();
    const { prerenderer } = options;
    if (prerenderer === undefined) return pages;
    let screens: ReadonlyMap<string, string | Error>;
    try {
      screens = await prerenderer.renderAll(options.publicConfig);
    } catch (error) {
      options.onPrerenderError?.(undefined, error);
      return pages;
    }
    for (const [path, markup] of screens) {
      if (markup instanceof Error) {
        options.onPrerenderError?.(path, markup);
        continue;
      }
      const language = languageOfPath(languages, routePath(path)).code;
      pages.set(routePath(path), withScreen(inLanguage(html, language), styles, markup));
    }
    return pages;
  }

  async function read(request?: FastifyRequest): Promise<Pages | undefined> {
    let source: string;
    try {
      source = await readFile(options.file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
    let rendered = renderPage(source, options.publicConfig, options.file);
    if (options.development) {
      if (options.devHead !== undefined && request !== undefined) {
        rendered = beforeFirstScript(rendered, options.devHead(request));
      }
      const plain = new Map(languages.map(({ code }) => [code, template(inLanguage(rendered, code))]));
      return { source: { html: rendered, styles: [] }, plain, prerendered: new Map() };
    }
    const inlined = await inlineStylesheets(rendered, options.staticDir ?? dirname(options.file));
    return {
      source: { html: inlined.html, styles: inlined.hashes },
      plain: new Map(
        languages.map(({ code }) => [
          code,
          template(inLanguage(inlined.html, code), { styles: inlined.hashes, scripts: [] }),
        ]),
      ),
      prerendered: await prerendered(inlined.html, inlined.hashes),
    };
  }

  async function current(request?: FastifyRequest): Promise<Pages | undefined> {
    if (options.development) return read(request);
    cached ??= await read();
    return cached;
  }

  return {
    async load() {
      return (await current()) !== undefined;
    },

    async send(request, reply, statusCode) {
      const pages = await current(request);
      if (pages === undefined) return notBuilt(request, reply);
      const path = routePath(request.url);
      const language = languageOfPath(languages, path);
      const page = (statusCode === 200 && pages.prerendered.get(path)) || pages.plain.get(language.code)!;
      return respond(request, reply, page, statusCode, statusCode === 200 ? alternates(request, path, language) : '');
    },

    async sendFlow(request, reply, parts) {
      const pages = await current(request);
      if (pages === undefined) return notBuilt(request, reply);
      const { html, styles } = pages.source;
      // In the address's language (a version published in Spanish at `/es/<name>`): the page loads that language's pack.
      const language = languageOfPath(languages, routePath(request.url)).code;
      const own = beforeFirstScript(inLanguage(html, language), `<script>${parts.script}</script>`);
      const page =
        parts.markup === undefined ? template(own, { styles, scripts: [] }) : withScreen(own, styles, parts.markup);
      return respond(request, reply, page, 200);
    },
  };

  function notBuilt(request: FastifyRequest, reply: FastifyReply): FastifyReply {
    request.log.error({ file: options.file }, 'the site is not built: run npm run build');
    return reply
      .header('cache-control', 'private, no-cache')
      .code(503)
      .type('text/plain; charset=utf-8')
      .send('This site is not built yet. Run npm run build on the server, then reload.');
  }

  /** The page's address in every language, for search engines (absolute, as hreflang wants them). */
  function alternates(request: FastifyRequest, path: string, language: LanguagePrefix): string {
    if (languages.length < 2) return '';
    const origin = `${request.protocol}://${request.host}`;
    const link = (hreflang: string, to: LanguagePrefix) =>
      `<link rel="alternate" hreflang="${hreflang}" href="${escapeHtml(origin + pathInLanguage(path, language, to))}" />`;
    return [...languages.map((each) => link(each.code, each)), link('x-default', languages[0]!)].join('');
  }

  async function respond(
    request: FastifyRequest,
    reply: FastifyReply,
    page: PageTemplate,
    statusCode: 200 | 404,
    head = '',
  ): Promise<FastifyReply> {
    // Fetched again on every visit, and kept by no shared cache: each response has a nonce of its own.
    reply.header('cache-control', 'private, no-cache');
    const nonce = newNonce();
    const joined = page.parts.join(` nonce="${nonce}"`);
    // Right after the opening <html> tag: the minified page has no <head> tag, and a <link> there opens the head.
    const html = Buffer.from(head === '' ? joined : joined.replace(/<html\b[^>]*>/i, `$&${head}`));
    // No ETag, so no 304: a 304 would pair the copy a browser kept, with its old nonce, with this response's policy.
    reply.header('content-security-policy', options.securityPolicy(page.inline, nonce));
    // Added to what the route may already vary on (the split test's cookie).
    const vary = reply.getHeader('vary');
    reply.header('vary', typeof vary === 'string' ? `${vary}, accept-encoding` : 'accept-encoding');
    reply.code(statusCode).type('text/html; charset=utf-8');
    const encoding = options.development ? undefined : preferredEncoding(request.headers['accept-encoding']);
    if (encoding === 'br') return reply.header('content-encoding', 'br').send(await brotli(html));
    if (encoding === 'gzip') return reply.header('content-encoding', 'gzip').send(await gzipAsync(html, GZIP));
    return reply.send(html);
  }
}

/**
 * The page's text cut right after each `<script` tag name, where the nonce attribute goes. The page is the build's
 * own markup with JSON that cannot hold a `<` (scriptSafeJson) and screens React escaped, so every `<script` is a
 * script element.
 */
function scriptNonceSlots(html: string): string[] {
  return html.split(/(?<=<script)(?=[\s>/])/i);
}

/**
 * Levels fast enough to run per response, off the event loop (decision 023 has the figures): the prerendered start
 * page, 29 KB, takes under a millisecond at brotli 5 and comes to 7.2 KB, where brotli 11 took 30 ms for 6.4 KB.
 */
const BROTLI_QUALITY = 5;
const GZIP = { level: 6 };
const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

function brotli(html: Buffer): Promise<Buffer> {
  return brotliAsync(html, {
    params: {
      [zlib.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
      [zlib.BROTLI_PARAM_SIZE_HINT]: html.length,
    },
  });
}

const SOURCE: LanguagePrefix = { code: SOURCE_LANGUAGE, prefix: '' };

/** The page with its `<html lang>` set to the language (the page's script loads that language's words). */
function inLanguage(html: string, code: string): string {
  // The built page is minified: its attribute may be unquoted (`<html lang=en>`).
  return html.replace(/(<html\b[^>]*?\blang=)("[^"]*"|'[^']*'|[^\s>]+)/i, `$1"${code}"`);
}

/** The route a request's URL names: no query, no trailing slash (the router treats /v2 and /v2/ alike). */
export function routePath(url: string): string {
  const path = url.split(/[?#]/, 1)[0]!;
  return path.length > 1 ? path.replace(/\/+$/, '') || '/' : path;
}

/** Markup inserted before the page's first `<script`, or before `</head>` when it has none. */
function beforeFirstScript(html: string, markup: string): string {
  const at = html.search(/<script\b/i);
  if (at !== -1) return html.slice(0, at) + markup + html.slice(at);
  const headEnd = html.search(/<\/head\s*>/i);
  return headEnd === -1 ? markup + html : html.slice(0, headEnd) + markup + html.slice(headEnd);
}
