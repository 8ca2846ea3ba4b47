/**
 * Builds the Fastify app: security headers, error handling, cross-site request protection, the API, the built site.
 * Tests import this.
 */
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Config } from './platform/config/settings.ts';
import type { CertificateClaimer } from './intake/certificates/certificate-claimer.ts';
import { trustedFormClaimer } from './intake/certificates/trustedform-claimer.ts';
import type { Database } from './platform/db/types.ts';
import type { DeliveryControl } from './buyers/delivery/lead-delivery.ts';
import type { DeliveryQueue } from './intake/leads/delivery-queue.ts';
import type { BuyerEventQueue } from './buyers/events/buyer-events.ts';
import type { Buyer } from './buyers/buyer.ts';
import { registerConsentRevocationRoute } from './console/leads/consent-revocation-routes.ts';
import { registerLenderReturnRoutes } from './buyers/returns/return-routes.ts';
import { registerConsoleLeadRoutes } from './console/leads/lead-routes.ts';
import { registerConsoleFunnelRoutes } from './console/funnel/funnel-routes.ts';
import { registerConsoleLenderRoutes } from './console/buyers/buyer-routes.ts';
import { buyerNames } from './buyers/buyer-names.ts';
import { createEventStore } from './funnel/event-store.ts';
import { readFlowSteps } from './funnel/flow-steps.ts';
import { registerEventRoutes } from './funnel/event-routes.ts';
import { answerClientError, answerFrameworkError, registerErrorHandler } from './platform/http/errors.ts';
import { readLeadFlows } from './intake/leads/lead-flows.ts';
import { lazyChildLogger } from './platform/logging/lazy-child-logger.ts';
import { batchedStdout } from './platform/logging/log-output.ts';
import { withPrivateRequests } from './platform/logging/log-privacy.ts';
import { createPageServer, toPublicConfig } from './page/page-server.ts';
import { FLOWS_DIR } from './platform/paths.ts';
import { CONTENT_DIR } from './page/content/check.ts';
import { LENDERS_CONTENT_FILE } from './intake/leads/lenders.ts';
import { registerConsoleSessions } from './console/sign-in/sessions.ts';
import { registerConsoleAuditRoutes } from './console/audit/audit-routes.ts';
import { registerConsoleInvitationRoutes } from './console/users/invitation-routes.ts';
import { registerConsoleSessionRoutes } from './console/sign-in/session-routes.ts';
import { registerConsoleUserRoutes } from './console/users/user-routes.ts';
import { registerContentRoutes } from './page/content-routes.ts';
import { registerHealthRoutes } from './platform/http/health.ts';
import { registerLeadRoutes } from './intake/leads/lead-routes.ts';
import { registerOptOutRoutes } from './privacy/opt-out-routes.ts';
import { lenderNames, readLenders } from './intake/leads/lenders.ts';
import { consoleIndexFile, indexFile, operatorPages, registerPages } from './page/pages.ts';
import { registerTrustedFormRoutes } from './intake/certificates/certificate-routes.ts';
import { contentSecurityPolicy, registerSecurityHeaders } from './platform/http/security.ts';
import { loadPrerenderer } from './page/prerendered.ts';
import { databaseLookupCalls } from './intake/phone/daily-lookup-calls.ts';
import { httpPhoneLookup } from './intake/phone/http-phone-check.ts';
import { paidPhoneCheck } from './intake/phone/paid-phone-check.ts';
import { offlinePhoneCheck, type PhoneCheck } from './intake/phone/phone-check.ts';
import { registerPhoneRoutes } from './intake/phone/phone-routes.ts';
import { loadSiteContent } from './page/site-content.ts';
import { registerRateLimits } from './platform/http/rate-limit/rate-limits.ts';
import { registerRemoteAddressRoutes } from './intake/remote-address.ts';
import { registerZipcodeRoutes } from './intake/zip/zip-routes.ts';
import { registerXsrfProtection } from './platform/http/xsrf.ts';

export interface BuildAppOptions {
  config: Config;
  db: Database;
  /**
   * Fastify's logger option; default: JSON lines on stdout at config.logLevel. Tests pass false. Whatever is passed,
   * request lines show method and path only (no IP address, no query).
   */
  logger?: FastifyServerOptions['logger'];
  /** The flow files the client routes and the lead schemas come from; default: flows/ at the project root. */
  flowsDir?: string;
  /** Re-read index.html on every request and cache nothing; default: NODE_ENV is "development". */
  development?: boolean;
  /** How phone numbers are checked; default: the lookup service of PHONE_LOOKUP_URL, else the offline check. */
  phoneCheck?: PhoneCheck;
  /**
   * Where stored leads are queued for delivery. Without it the lead route answers 503 (a lead that cannot be
   * delivered is not accepted) and the app warns at build.
   */
  delivery?: DeliveryQueue;
  /** The console's hold of lead delivery (redeliver, release); its lead actions answer 503 without it or `delivery`. */
  deliveryControl?: DeliveryControl;
  /**
   * The buyers leads are routed to (LENDERS_FILE, or the one LEAD_FORWARD_URL makes): the console names and reports
   * them, and a lender's return is checked against its signing keys. Without them POST
   * /api/v1/lenders/:lenderId/returns answers 401.
   */
  buyers?: readonly Buyer[];
  /**
   * Where `lead.revoked` events to buyers are queued (server/buyers/events/buyer-events-queue.ts). Without it an opt-out is
   * recorded and no buyer is told, and the console's consent revocation answers 503.
   */
  buyerEvents?: BuyerEventQueue;
  /** The thank-you and home-popup files; default: server/page/content/. */
  contentDir?: string;
  /** How consent certificates are claimed; default: TrustedForm when TRUSTEDFORM_API_KEY is set, else not at all. */
  certificateClaimer?: CertificateClaimer;
  /** Development only: the status file `npm run dev` writes; default: .dev-status.json in STATIC_DIR. */
  devStatusFile?: string;
  /** The clock of the rate limits, the phone lookup's cache and daily cap, and console sessions; default: Date.now. */
  now?: () => number;
}

function configuredPhoneCheck(config: Config, db: Database, log: FastifyBaseLogger, now: () => number): PhoneCheck {
  if (config.phoneLookupUrl === undefined || config.phoneLookupApiKey === undefined) return offlinePhoneCheck;
  return paidPhoneCheck({
    lookup: httpPhoneLookup({ url: config.phoneLookupUrl, apiKey: config.phoneLookupApiKey }),
    cacheMs: config.phoneLookupCacheSeconds * 1000,
    dailyCap: config.phoneLookupDailyCap,
    calls: databaseLookupCalls(db),
    now,
    warn: (message) => log.warn(message),
  });
}

function configuredClaimer(config: Config): CertificateClaimer | undefined {
  return config.trustedFormApiKey === undefined ? undefined : trustedFormClaimer({ apiKey: config.trustedFormApiKey });
}

/**
 * The app, not yet listening (call `listen`, or `inject` in tests). Reads the flows, the content files and the built
 * index.html once; throws PageTemplateError when index.html lacks the runtime-config element or the title,
 * SiteContentError for a broken content file, LeadFlowsError for a flow that cannot take leads.
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, db } = options;
  const development = options.development ?? process.env.NODE_ENV === 'development';
  const now = options.now ?? Date.now;
  const app = Fastify({
    logger: withPrivateRequests(options.logger ?? { level: config.logLevel, stream: batchedStdout() }),
    childLoggerFactory: lazyChildLogger,
    trustProxy: config.trustProxy ?? false,
    routerOptions: { ignoreTrailingSlash: true },
    // Requests refused before any route or hook answer in the API's shape with its security headers too.
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
    // The server validates like the browser: no coercion, no stripping, no defaults, every error.
    ajv: { customOptions: { coerceTypes: false, removeAdditional: false, useDefaults: false, allErrors: true } },
  });

  registerSecurityHeaders(app, config);
  registerErrorHandler(app);
  // After the security headers' cache-control default: the cookie's answers add "private" to whatever caching they have.
  registerXsrfProtection(app);
  // Before the routes it limits: it attaches their hooks as they are registered.
  registerRateLimits(app, config, now);

  registerHealthRoutes(app, db);
  registerZipcodeRoutes(app);
  registerRemoteAddressRoutes(app);
  registerPhoneRoutes(app, options.phoneCheck ?? configuredPhoneCheck(config, db, app.log, now));
  registerContentRoutes(
    app,
    loadSiteContent(options.contentDir ?? CONTENT_DIR, (message) => app.log.warn(message)),
  );
  registerTrustedFormRoutes(app, db, options.certificateClaimer ?? configuredClaimer(config));
  await registerOptOutRoutes(app, db, options.buyerEvents);
  await registerLenderReturnRoutes(app, db, options.buyers ?? [], now);
  if (options.delivery === undefined) {
    app.log.warn('no delivery queue: POST /api/v1/leads/trigger answers 503 until one is configured');
    await registerLeadRoutes(app, undefined);
  } else {
    const lenders = lenderNames(readLenders(LENDERS_CONTENT_FILE));
    const flows = readLeadFlows(options.flowsDir ?? FLOWS_DIR, { product: config.productName, lenders });
    await registerLeadRoutes(app, { flows, db, delivery: options.delivery });
  }

  // The funnel: step events from the page, read back by the console.
  const flowSteps = readFlowSteps(options.flowsDir ?? FLOWS_DIR);
  const events = createEventStore(db, {
    now,
    onError: (error, count) => app.log.error({ err: error, events: count }, 'funnel events could not be stored'),
  });
  await registerEventRoutes(app, flowSteps, events);

  // The console: the session hook first, so every console route finds its signed-in user.
  registerConsoleSessions(app, db, now);
  registerConsoleSessionRoutes(app, db, now);
  registerConsoleUserRoutes(app, db, now);
  registerConsoleInvitationRoutes(app, db, now);
  registerConsoleAuditRoutes(app, db);
  const buyers = options.buyers ?? [];
  registerConsoleLeadRoutes(
    app,
    db,
    options.delivery === undefined || options.deliveryControl === undefined
      ? undefined
      : { queue: options.delivery, control: options.deliveryControl },
    buyerNames(buyers),
  );
  registerConsentRevocationRoute(app, db, options.buyerEvents);
  registerConsoleFunnelRoutes(app, db, flowSteps, events);
  registerConsoleLenderRoutes(app, db, { buyers, lenders: readLenders(LENDERS_CONTENT_FILE), now });

  // The development aids (server/dev/): not even loaded otherwise.
  const devTools = development
    ? (await import('./dev/dev-tools.ts')).createDevTools({
        flowsDir: options.flowsDir ?? FLOWS_DIR,
        contentDir: options.contentDir ?? CONTENT_DIR,
        staticDir: config.staticDir,
        statusFile: options.devStatusFile,
      })
    : undefined;
  const prerenderer = development ? undefined : loadPrerenderer(config.staticDir);
  const page = createPageServer({
    file: indexFile(config.staticDir),
    publicConfig: toPublicConfig(config),
    development,
    ...(devTools === undefined ? {} : { devHead: (request) => devTools.head(request) }),
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
    ...(devTools === undefined ? {} : { devHead: (request) => devTools.head(request) }),
    securityPolicy: (inline, nonce) => contentSecurityPolicy(config, inline, nonce),
  });
  if (!(await consolePage.load())) {
    app.log.warn(
      { staticDir: config.staticDir },
      'STATIC_DIR has no console/index.html: /admin answers 503 until the site is built (npm run build)',
    );
  }
  if (devTools !== undefined) await devTools.register(app, page);
  await registerPages(app, {
    staticDir: config.staticDir,
    flowsDir: options.flowsDir ?? FLOWS_DIR,
    page,
    consolePage,
    development,
    operatorPages: operatorPages(config),
    ...(config.splitTest === undefined ? {} : { splitTest: config.splitTest }),
  });
  return app;
}
