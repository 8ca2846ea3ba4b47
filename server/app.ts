/**
 * Builds the Fastify app: the platform every request passes through, then one plugin per feature, each registering
 * its own routes (docs/architecture.md). Tests import this.
 */
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { buyers, queueRevocations, type Buyer, type BuyerEventQueue, type DeliveryControl } from './buyers/index.ts';
import { auditVisitorRevocation, consoleApi } from './console/index.ts';
import { createEventStore, funnel, leadsOfVisitsStored, readFlowSteps, withPublishedSteps } from './funnel/index.ts';
import {
  intake,
  LENDERS_CONTENT_FILE,
  readLenders,
  type CertificateClaimer,
  type DeliveryQueue,
  type PhoneCheck,
} from './intake/index.ts';
import { CONTENT_DIR, createVersionCatalog, decorateFlowPages, pages } from './page/index.ts';
import type { Config } from './platform/config/settings.ts';
import type { Database } from './platform/db/types.ts';
import { FLOWS_DIR } from './platform/paths.ts';
import { registerPlatform, serverOptions } from './platform/platform.ts';
import { privacy } from './privacy/index.ts';

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
   * The buyers leads are routed to (BUYERS_FILE, or the one BUYER_URL makes): the console names and reports
   * them, and a buyer's return is checked against its signing keys. Without them POST
   * /api/v1/lenders/:lenderId/returns answers 401.
   */
  buyers?: readonly Buyer[];
  /**
   * Where `lead.revoked` events to buyers are queued (server/buyers/events/buyer-events-queue.ts). Without it an
   * opt-out or a visitor's "Stop contacting me" is recorded and no buyer is told, and the console's consent
   * revocation answers 503.
   */
  buyerEvents?: BuyerEventQueue;
  /** The thank-you and home-popup files; default: server/page/content/. */
  contentDir?: string;
  /** How consent certificates are claimed; default: TrustedForm when TRUSTEDFORM_API_KEY is set, else not at all. */
  certificateClaimer?: CertificateClaimer;
  /** Development only: the status file `npm run dev` writes; default: .dev-status.json in STATIC_DIR. */
  devStatusFile?: string;
  /**
   * The clock of the rate limits, the phone lookup's cache and daily cap, console sessions and a retired version's
   * last week; default: Date.now.
   */
  now?: () => number;
}

/**
 * The app, not yet listening (call `listen`, or `inject` in tests, which wait for `ready`). Reads the flows, the
 * content files and the built index.html as its plugins load; they throw PageTemplateError when index.html lacks the
 * runtime-config element or the title, SiteContentError for a broken content file, LeadFlowsError for a flow that
 * cannot take leads.
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, db } = options;
  const development = options.development ?? process.env.NODE_ENV === 'development';
  const now = options.now ?? Date.now;
  const flowsDir = options.flowsDir ?? FLOWS_DIR;
  const knownBuyers = options.buyers ?? [];
  const { buyerEvents, delivery } = options;
  const lenders = readLenders(LENDERS_CONTENT_FILE);
  const app = Fastify(serverOptions(config, options.logger));
  registerPlatform(app, config, db, now);
  // Before the features: the studio's preview (console) and the published versions (page) share the page server.
  decorateFlowPages(app);

  // The published versions, polled from the database by every server sharing it. The first poll is awaited once the
  // app is made ready (after the migrations, in server/index.ts), so the first request already knows every version.
  const pollFailed = (error: unknown) =>
    app.log.error({ err: error }, 'the published versions could not be read; trying again');
  const catalog = createVersionCatalog(db, { onError: pollFailed });
  app.addHook('onReady', async () => {
    await catalog.refresh().catch(pollFailed);
  });
  app.addHook('onClose', async () => catalog.close());

  // The funnel's events, written by the page's beacons and read back by the console.
  const flowSteps = withPublishedSteps(readFlowSteps(flowsDir), catalog);
  const events = createEventStore(db, {
    now,
    onError: (error, count) => app.log.error({ err: error, events: count }, 'funnel events could not be stored'),
  });

  await app.register(intake, {
    config,
    db,
    flowsDir,
    catalog,
    lenders,
    now,
    // A lead stored with the funnel's visit is that visit's conversion.
    onLeadsOfVisits: leadsOfVisitsStored,
    ...(delivery === undefined ? {} : { delivery }),
    ...(options.phoneCheck === undefined ? {} : { phoneCheck: options.phoneCheck }),
    ...(options.certificateClaimer === undefined ? {} : { certificateClaimer: options.certificateClaimer }),
  });
  await app.register(privacy, {
    db,
    ...(buyerEvents === undefined
      ? {}
      : { revoke: (tx, leadIds, cause) => queueRevocations(tx, leadIds, cause, buyerEvents) }),
    // The console keeps the audit log; a visitor's "Stop contacting me" is written there too.
    auditVisitorRevocation,
  });
  await app.register(buyers, { db, buyers: knownBuyers, now });
  await app.register(funnel, { flowSteps, events });
  await app.register(consoleApi, {
    db,
    now,
    buyers: knownBuyers,
    lenders,
    flowsDir,
    flowSteps,
    events,
    secondFactor: config.consoleMfa,
    catalog,
    ...(config.splitTest === undefined ? {} : { splitTest: config.splitTest }),
    ...(delivery === undefined || options.deliveryControl === undefined
      ? {}
      : { delivery: { queue: delivery, control: options.deliveryControl } }),
    ...(buyerEvents === undefined ? {} : { buyerEvents }),
  });
  // The development aids (server/dev/): not even loaded otherwise.
  const devAids = development
    ? (await import('./dev/index.ts')).createDevTools({
        flowsDir,
        contentDir: options.contentDir ?? CONTENT_DIR,
        staticDir: config.staticDir,
        statusFile: options.devStatusFile,
      })
    : undefined;
  await app.register(pages, {
    config,
    catalog,
    now,
    flowsDir,
    development,
    ...(options.contentDir === undefined ? {} : { contentDir: options.contentDir }),
    ...(devAids === undefined ? {} : { devAids }),
  });
  return app;
}
