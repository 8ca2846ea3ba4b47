/**
 * The built site: hashed assets and other files from STATIC_DIR (precompressed variants per Accept-Encoding), the
 * templated page for every client route the flows define and for the built-in legal pages (or a redirect to the
 * operator's own), the operators' console at /admin and below, and the 404 answers.
 */
import { basename, join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { readFlowFiles } from '../../engine/flow/load.ts';
import { readLanguageFlowFiles } from '../../engine/language/language-flows.ts';
import { SOURCE_LANGUAGE } from '../../engine/language/language-file.ts';
import { languageOfPath, pathInLanguage, type LanguagePrefix } from '../../engine/language/paths.ts';
import { siteLanguages } from './site-languages.ts';
import { allStepPaths, stepPath } from '../../engine/flow/navigation.ts';
import type { Flow } from '../../engine/flow/definition.ts';
import { notFoundBody } from '../platform/http/errors.ts';
import type { Config } from '../platform/config/settings.ts';
import type { PageServer } from './page-server.ts';
import { BUILT_IN_PAGES, builtInPagePaths } from '../../contracts/public-config.ts';
import { CONSOLE_PAGE } from '../../contracts/console.ts';
import { checkSplitTest, createSplitTest } from './split-test.ts';
import type { PublishedPages } from './published/published-pages.ts';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const NO_CACHE = 'no-cache';

/**
 * A content-hashed file name, as Parcel writes them: a dot-separated segment of 8 or more letters and digits right
 * before the extension (main.1a2b3c4d.js, index.5e6f7a8b.css). The segment must be hexadecimal or contain a digit,
 * so a word like "settings.template.json" does not count. Compressed siblings (.br, .gz) count as their original.
 */
export function isHashedAsset(file: string): boolean {
  const name = basename(file).replace(/\.(?:br|gz|deflate)$/, '');
  const hash = /\.([0-9A-Za-z]{8,})\.[0-9A-Za-z]+$/.exec(name)?.[1];
  return hash !== undefined && (/^[0-9a-f]+$/i.test(hash) || /\d/.test(hash));
}

export function cacheControlFor(file: string): string {
  return isHashedAsset(file) ? IMMUTABLE : NO_CACHE;
}

type RoutableFlow = Pick<Flow, 'basePath' | 'steps'>;

/** The flow files cannot give the page's routes; the message names the file. */
export class FlowRoutesError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'FlowRoutesError';
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function routableFlow(file: string, json: unknown): RoutableFlow {
  if (!isRecord(json) || typeof json.basePath !== 'string' || !isRecord(json.steps)) {
    throw new FlowRoutesError(`${file}: a flow needs "basePath" (a string) and "steps" (an object)`);
  }
  for (const [id, step] of Object.entries(json.steps)) {
    if (!isRecord(step) || typeof step.route !== 'string') {
      throw new FlowRoutesError(`${file} /steps/${id}/route: must be a string`);
    }
  }
  return json as unknown as RoutableFlow;
}

const BUILT_IN_PATHS = builtInPagePaths();

/** The path in the source language: a language's page is the source language's at its prefix. */
const languageFree = (path: string, languages: readonly LanguagePrefix[]) =>
  pathInLanguage(path, languageOfPath(languages, path), languages[0]!);

/**
 * Every path the page answers: the flows' step paths in every language (from flows/*.json and flows/languages/), the
 * built-in legal pages in every language and /index.html. A flow route that takes a built-in page's path, or a
 * language's prefix, is refused.
 */
export function clientRoutes(flowsDir: string): string[] {
  let files;
  let languages;
  try {
    files = readLanguageFlowFiles(flowsDir);
    languages = siteLanguages(flowsDir);
  } catch (error) {
    throw new FlowRoutesError(`The flow files cannot be read: ${(error as Error).message}`, { cause: error });
  }
  for (const { file, json, language } of files) {
    const { basePath } = routableFlow(file, json);
    const taken = languageOfPath(languages, basePath);
    if (language === SOURCE_LANGUAGE && taken.prefix !== '') {
      throw new FlowRoutesError(`${file} /basePath: "${basePath}" is the address of the ${taken.code} pages`);
    }
  }
  const flows = files.map(({ file, json }) => routableFlow(file, json));
  const paths = new Set(allStepPaths(flows));
  for (const path of paths) {
    if (!/^\/[A-Za-z0-9._~/-]*$/.test(path) || path.includes('//')) {
      throw new FlowRoutesError(`The flows define the route "${path}": use letters, digits, - and / only`);
    }
    if (path === '/api' || path.startsWith('/api/')) {
      throw new FlowRoutesError(`The flows define the route "${path}": /api belongs to the server`);
    }
    const page = BUILT_IN_PATHS.get(languageFree(path, languages));
    if (page !== undefined) {
      throw new FlowRoutesError(`The flows define the route "${path}": it is the site's ${page}`);
    }
  }
  for (const { prefix } of languages) for (const path of BUILT_IN_PATHS.keys()) paths.add(`${prefix}${path}`);
  paths.add('/index.html');
  return [...paths].sort();
}

/** The built pages (the site's and the console's) and their compressed siblings are served only through templating. */
const RAW_PAGE = /^\/(?:console\/)?index\.html(?:\.(?:br|gz|deflate))?$/;

export interface PagesOptions {
  staticDir: string;
  flowsDir: string;
  page: PageServer;
  /** The operators' console's own page (dist/console/index.html), for /admin and below. */
  consolePage: PageServer;
  /** Everything no-cache: the dev build keeps file names while it rewrites their content. */
  development: boolean;
  /** The operator's own legal pages by built-in path (operatorPages): the path sends visitors there. */
  operatorPages: ReadonlyMap<string, string>;
  /** SPLIT_TEST's arms (version → weight): visitors arriving at '/' are spread over the versions. */
  splitTest?: ReadonlyMap<string, number>;
  /** The flow studio's weights (live versions only), which replace SPLIT_TEST's while it has any. */
  studioWeights: () => ReadonlyMap<string, number> | undefined;
  /** The versions published in the flow studio, at paths no other route takes. */
  published: PublishedPages;
}

/** The built-in legal pages whose settings (PRIVACY_URL, TERMS_URL, DO_NOT_SELL_URL) name the operator's own. */
export function operatorPages(config: Pick<Config, 'privacyUrl' | 'termsUrl' | 'doNotSellUrl'>): Map<string, string> {
  const own: [string, string | undefined][] = [
    [BUILT_IN_PAGES.privacy.path, config.privacyUrl],
    [BUILT_IN_PAGES.terms.path, config.termsUrl],
    [BUILT_IN_PAGES.doNotSell.path, config.doNotSellUrl],
  ];
  return new Map(own.filter((entry): entry is [string, string] => entry[1] !== undefined));
}

/**
 * Each flow version's start path ("v1" → "/", "v2" → "/v2"), from the flow files. A file without a version or a start
 * is left out: no split can send visitors to it, and the server's other checks (the lead flows, `npm run flows:check`)
 * name what is wrong with it.
 */
function startPaths(flowsDir: string): Map<string, string> {
  const starts = new Map<string, string>();
  for (const { file, json } of readFlowFiles(flowsDir)) {
    const flow = routableFlow(file, json);
    const { version, start } = isRecord(json) ? json : {};
    const startStep = typeof start === 'string' ? flow.steps[start] : undefined;
    if (typeof version === 'string' && startStep !== undefined) starts.set(version, stepPath(flow, startStep));
  }
  return starts;
}

export async function registerPages(app: FastifyInstance, options: PagesOptions): Promise<string[]> {
  const routes = clientRoutes(options.flowsDir);
  const fileStarts = startPaths(options.flowsDir);
  if (options.splitTest !== undefined) checkSplitTest(options.splitTest, fileStarts);
  const { published, studioWeights, splitTest } = options;
  const languages = siteLanguages(options.flowsDir);
  // One split per language, over the same weights: a visitor arriving at '/es' is sent to their version in Spanish, a
  // published version without Spanish being left out of that language's test.
  const splits = new Map(
    languages.map((language) => [
      pathInLanguage('/', languages[0]!, language),
      createSplitTest({
        current: () => studioWeights() ?? splitTest,
        startOf: (version) => {
          const start = fileStarts.get(version) ?? published.liveStart(version, language.code);
          return start === undefined ? undefined : pathInLanguage(start, languages[0]!, language);
        },
      }),
    ]),
  );
  for (const path of routes) {
    // The operator's own page serves every language.
    const own = options.operatorPages.get(languageFree(path, languages));
    const page = (request: FastifyRequest, reply: FastifyReply) => options.page.send(request, reply, 200);
    // Temporary: the setting may change, and a browser keeps a permanent redirect for good.
    if (own !== undefined) app.get(path, (_request, reply) => reply.redirect(own, 302));
    else if (splits.has(path)) {
      const split = splits.get(path)!;
      app.get(path, (request, reply) => split.answer(request, reply, () => page(request, reply)));
    } else app.get(path, page);
  }

  // The console: its own page (decision 062), kept out of search engines and out of every cache, since it is where
  // signed-in people work. Its address may hold a one-time token (an invitation's, a password reset's) that no other
  // site may learn from a Referer, whatever link the page shows.
  for (const path of [CONSOLE_PAGE, `${CONSOLE_PAGE}/*`]) {
    app.get(
      path,
      {
        onSend: async (_request, reply, payload) => {
          reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex');
          reply.header('referrer-policy', 'no-referrer');
          return payload;
        },
      },
      (request, reply) => options.consolePage.send(request, reply, 200),
    );
  }

  await app.register(fastifyStatic, {
    root: options.staticDir,
    prefix: '/',
    wildcard: true,
    index: false,
    preCompressed: true,
    dotfiles: 'ignore',
    cacheControl: false,
    suppressWarning: true,
    allowedPath: (pathName) => !RAW_PAGE.test(pathName) && !pathName.endsWith('/'),
    setHeaders: (reply, file) => {
      reply.header('cache-control', options.development ? NO_CACHE : cacheControlFor(file));
    },
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (path === '/api' || path.startsWith('/api/') || (request.method !== 'GET' && request.method !== 'HEAD')) {
      // It names the path the visitor asked for, so no cache keeps it, under /api or not.
      return reply.code(404).header('cache-control', 'no-store').send(notFoundBody(request.method, path));
    }
    // A published version's paths are known only as the catalog polls them: they are answered where no file is.
    return options.published.answer(request, reply) ?? options.page.send(request, reply, 404);
  });

  return routes;
}

export function indexFile(staticDir: string): string {
  return join(staticDir, 'index.html');
}

/** Where the console's build (the console target in package.json) puts its page. */
export function consoleIndexFile(staticDir: string): string {
  return join(staticDir, 'console', 'index.html');
}
