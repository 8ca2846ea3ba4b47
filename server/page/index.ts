/**
 * The pages: the visitor's page (its start screens prerendered) and the console's, the content calls marketers' files
 * answer (thank-you message, home popup), the split test of versions at '/', and the built site's files. Registered
 * last: its not-found handler answers every path no other feature serves.
 */
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Config } from '../platform/config/settings.ts';
import { contentSecurityPolicy } from '../platform/http/security.ts';
import { CONTENT_DIR } from './content/check.ts';
import { registerContentRoutes } from './content-routes.ts';
import { createPageServer, toPublicConfig, type PageServer } from './page-server.ts';
import { consoleIndexFile, indexFile, operatorPages, registerPages } from './pages.ts';
import { siteLanguages } from './site-languages.ts';
import { loadPrerenderer } from './prerendered.ts';
import { loadContentInLanguages } from './site-content.ts';
import { readLanguages } from '../../engine/language/language-flows.ts';
import { decorateFlowPages } from './published/flow-page.ts';
import type { VersionCatalog } from './published/version-catalog.ts';
import { registerPublishedPages } from './published/published-pages.ts';

export { escapeHtml, PageTemplateError, scriptSafeJson, type PageServer } from './page-server.ts';
export { FlowRoutesError } from './pages.ts';
export { SiteContentError } from './site-content.ts';
export { CONTENT_DIR } from './content/check.ts';
export { compileVersion, type CompiledVersion } from './published/compile-version.ts';
export { publishVersion, type VersionToPublish } from './published/publish-version.ts';
export { createVersionCatalog, type PublishedVersion, type VersionCatalog } from './published/version-catalog.ts';
export { decorateFlowPages, serveFlowPage } from './published/flow-page.ts';

/** The development aids (server/dev/) as the pages take them: markup for each page, and routes of their own. */
export interface PageDevAids {
  head(request: FastifyRequest): string;
  register(app: FastifyInstance, page: PageServer): Promise<void>;
}

export interface PageOptions {
  config: Config;
  /** The published versions, each served at /<name>. */
  catalog: VersionCatalog;
  /** The flow files the client routes come from. */
  flowsDir: string;
  /** The thank-you and home-popup files; default: server/page/content/. */
  contentDir?: string;
  /** Re-read index.html on every request and cache nothing. */
  development: boolean;
  /** Development only: the aids put into every page, with their routes. */
  devAids?: PageDevAids;
  /** The clock of retirements (a retired version's later steps stay a week); default: Date.now. */
  now?: () => number;
}

/** The studio's weights of the versions that may take visitors: the files' and the published ones not retired. */
function liveWeights(catalog: VersionCatalog): ReadonlyMap<string, number> | undefined {
  const weights = catalog.splitWeights();
  if (weights === undefined) return undefined;
  return new Map(
    [...weights].filter(([version]) => {
      const published = catalog.get(version);
      return published === undefined || published.retiredAt === null;
    }),
  );
}

export const pages: FastifyPluginAsync<PageOptions> = async (app, options) => {
  const { config, development, devAids } = options;
  // Read once: the content calls and the published versions both speak every language of the flows.
  const languageFiles = readLanguages(options.flowsDir);
  registerContentRoutes(
    app,
    loadContentInLanguages(options.contentDir ?? CONTENT_DIR, languageFiles, (message) => app.log.warn(message)),
  );

  const prerenderer = development ? undefined : loadPrerenderer(config.staticDir);
  const page = createPageServer({
    file: indexFile(config.staticDir),
    publicConfig: toPublicConfig(config),
    languages: siteLanguages(options.flowsDir),
    development,
    ...(devAids === undefined ? {} : { devHead: (request: FastifyRequest) => devAids.head(request) }),
    securityPolicy: (inline, nonce) => contentSecurityPolicy(config, inline, nonce),
    ...(prerenderer === undefined ? {} : { prerenderer }),
    onPrerenderError: (path, error) =>
      path === undefined
        ? app.log.error(
            { reason: (error as Error).message },
            'the start screens could not be prerendered; they render in the browser',
          )
        : app.log.error(
            { path, reason: (error as Error).message },
            'a start screen could not be prerendered; it renders in the browser',
          ),
  });
  if (!(await page.load())) {
    app.log.warn(
      { staticDir: config.staticDir },
      'STATIC_DIR has no index.html: pages answer 503 until the site is built (npm run build)',
    );
  }
  // The console's page, a build of its own (dist/console/): the same settings written in, nothing prerendered.
  const consolePage = createPageServer({
    file: consoleIndexFile(config.staticDir),
    staticDir: config.staticDir,
    publicConfig: toPublicConfig(config),
    development,
    ...(devAids === undefined ? {} : { devHead: (request: FastifyRequest) => devAids.head(request) }),
    securityPolicy: (inline, nonce) => contentSecurityPolicy(config, inline, nonce),
  });
  if (!(await consolePage.load())) {
    app.log.warn(
      { staticDir: config.staticDir },
      'STATIC_DIR has no console/index.html: /admin answers 503 until the site is built (npm run build)',
    );
  }
  // The page server of flows of their own, for the studio's preview (serveFlowPage) as for published versions.
  if (!app.hasDecorator('flowPages')) decorateFlowPages(app);
  app.flowPages.provide(page);
  const published = registerPublishedPages(app, {
    catalog: options.catalog,
    flowPages: app.flowPages,
    publicConfig: toPublicConfig(config),
    languages: languageFiles,
    ...(prerenderer === undefined ? {} : { prerenderer }),
    onPrerenderError: (version, error) =>
      app.log.error(
        { version, reason: (error as Error).message },
        "a published version's start screen could not be prerendered; it renders in the browser",
      ),
    now: options.now ?? Date.now,
  });
  if (devAids !== undefined) await devAids.register(app, page);
  await registerPages(app, {
    staticDir: config.staticDir,
    flowsDir: options.flowsDir,
    page,
    consolePage,
    development,
    operatorPages: operatorPages(config),
    ...(config.splitTest === undefined ? {} : { splitTest: config.splitTest }),
    studioWeights: () => liveWeights(options.catalog),
    published,
  });
};
