/**
 * Starts the server: `npm run serve` in production (compiled: dist/.server/server/index.js), `node server/index.ts`
 * from the sources (`npm run dev`, the server tests). Loads .env and the settings, opens the database (taking the
 * DATA_DIR lock for the embedded one), applies migrations, starts lead delivery and retention, listens, and on
 * SIGTERM/SIGINT closes everything and exits 0.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import type { Config } from './platform/config/settings.ts';
import { ConfigError, loadDotEnv, readConfig } from './platform/config/load.ts';
import { ensureFirstAdmin } from './console/index.ts';
import {
  DataDirInUseError,
  DatabaseOpenError,
  MigrationError,
  migrate,
  openDatabase,
  type Database,
  type PgliteDatabase,
  type PostgresDatabase,
} from './platform/db/index.ts';
import {
  type Buyer,
  createLeadDelivery,
  inPriorityOrder,
  type LeadDelivery,
  loadBuyersAndSale,
  routedBuyers,
  type SaleSettings,
} from './buyers/index.ts';
import { LeadFlowsError, LENDERS_CONTENT_FILE, readLenders } from './intake/index.ts';
import { FlowRoutesError, PageTemplateError, SiteContentError } from './page/index.ts';
import { createRetentionJob, type RetentionJob } from './retention/index.ts';
import { rollupsMissing } from './funnel/index.ts';

/** Errors whose message tells the operator what to fix; they print without a stack trace. */
const OPERATOR_ERRORS = [
  ConfigError,
  DataDirInUseError,
  DatabaseOpenError,
  MigrationError,
  PageTemplateError,
  FlowRoutesError,
  SiteContentError,
  LeadFlowsError,
];

const SHUTDOWN_TIMEOUT_MS = 10_000;

/** Said at start while stored events are not in the funnel's rollups (a database from before them). */
const FUNNEL_NOT_BUILT =
  "the console's funnel does not yet count the events stored before its rollups: run npm run leads -- funnel-rebuild " +
  '(on the embedded database, with the server stopped; docs/runbook.md)';

function listenProblem(error: unknown, config: Config): string | undefined {
  const code = (error as NodeJS.ErrnoException).code;
  switch (code) {
    case 'EADDRINUSE':
      return `Port ${config.port} on ${config.host} is already in use. Stop the other program or set PORT.`;
    case 'EACCES':
      return `Not allowed to listen on port ${config.port} (ports below 1024 need privileges). Set PORT.`;
    case 'EADDRNOTAVAIL':
    case 'ENOTFOUND':
      return `HOST ${config.host} is not an address of this machine. Set HOST.`;
    default:
      return undefined;
  }
}

/** The console's first admin from ADMIN_EMAIL and ADMIN_PASSWORD, when set and no admin exists yet. */
async function createFirstAdmin(db: Database, config: Config, log: FastifyBaseLogger): Promise<void> {
  if (config.adminEmail === undefined || config.adminPassword === undefined) return;
  const result = await ensureFirstAdmin(db, config.adminEmail, config.adminPassword);
  if (result === 'created') log.info('created the console admin of ADMIN_EMAIL');
  if (result === 'email taken') {
    log.warn(
      'ADMIN_EMAIL belongs to a console user who is not an admin: no admin created (npm run leads -- add-admin)',
    );
  }
}

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

async function start(): Promise<void> {
  let config: Config;
  // Settings read under their former names: warned of once the app's logger exists.
  let notices: readonly string[] = [];
  let buyers: readonly Buyer[];
  let sale: SaleSettings;
  try {
    loadDotEnv();
    ({ config, notices } = readConfig());
    // Checked at start like every setting: a wrong BUYERS_FILE names the buyer and the field before a lead arrives.
    ({ buyers, sale } = loadBuyersAndSale(config, readLenders(LENDERS_CONTENT_FILE)));
  } catch (error) {
    // A problem with BUYERS_FILE set under its former name: the message says so, as the config's own problems do.
    if (error instanceof ConfigError && error.notices.length === 0 && notices.length > 0) {
      fail(new ConfigError(error.problems, notices).message);
    }
    if (error instanceof ConfigError || error instanceof SiteContentError) fail(error.message);
    throw error;
  }

  let app: FastifyInstance | undefined;
  let db: PgliteDatabase | PostgresDatabase | undefined;
  let delivery: LeadDelivery | undefined;
  let retention: RetentionJob | undefined;
  try {
    db = await openDatabase({
      dataDir: config.dataDir,
      databaseUrl: config.databaseUrl,
      onBackgroundError: (error) => app?.log.error({ err: error }, 'database connection error'),
    });
    // openDatabase chose PostgreSQL because DATABASE_URL is set; pg-boss opens its own connections to it.
    const connection =
      db.kind === 'pglite' ? { pglite: db.pglite } : { connectionString: config.databaseUrl as string };
    delivery = createLeadDelivery({
      db,
      connection,
      buyers: routedBuyers(inPriorityOrder(buyers), config.buyerTimeoutMs),
      timeoutMs: config.buyerTimeoutMs,
      sale,
      reclaimSeconds: config.buyerReclaimSeconds,
    });
    app = await buildApp({
      config,
      db,
      delivery: delivery.queue,
      deliveryControl: delivery.control,
      buyers,
      buyerEvents: delivery.buyerEvents,
    });
    for (const notice of notices) app.log.warn(notice);
    if (db.kind === 'pglite' && db.lock.staleFrom !== undefined) {
      app.log.warn(`took over the DATA_DIR lock left by process ${db.lock.staleFrom}, which is gone`);
    }
    const applied = await migrate(db);
    app.log.info(
      { database: db.description, applied },
      applied.length > 0 ? 'database migrated' : 'database up to date',
    );
    await createFirstAdmin(db, config, app.log);
    if (await rollupsMissing(db)) app.log.warn(FUNNEL_NOT_BUILT);
    await delivery.start(app.log);
    retention = createRetentionJob({ db, connection, leadRetentionDays: config.leadRetentionDays });
    await retention.start(app.log);
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await app?.close().catch(() => undefined);
    await delivery?.stop().catch(() => undefined);
    await retention?.stop().catch(() => undefined);
    await db?.close().catch(() => undefined);
    if (OPERATOR_ERRORS.some((type) => error instanceof type)) fail((error as Error).message);
    const problem = listenProblem(error, config);
    if (problem !== undefined) fail(problem);
    throw error;
  }

  const running = { app, db, delivery, retention };
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) {
      running.app.log.warn({ signal }, 'second signal: exiting without waiting');
      process.exit(1);
    }
    stopping = true;
    running.app.log.info({ signal }, 'shutting down');
    setTimeout(() => {
      running.app.log.error(`shutdown took longer than ${SHUTDOWN_TIMEOUT_MS / 1000}s: exiting`);
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS).unref();
    let code = 0;
    try {
      await running.app.close();
    } catch (error) {
      running.app.log.error({ err: error }, 'closing the server failed');
      code = 1;
    }
    // Before the database: running attempts finish (or are handed back to the queue) while it is still open.
    try {
      await running.delivery.stop();
    } catch (error) {
      running.app.log.error({ err: error }, 'stopping lead delivery failed');
      code = 1;
    }
    try {
      await running.retention.stop();
    } catch (error) {
      running.app.log.error({ err: error }, 'stopping retention failed');
      code = 1;
    }
    try {
      await running.db.close();
    } catch (error) {
      running.app.log.error({ err: error }, 'closing the database failed');
      code = 1;
    }
    process.exit(code);
  };
  process.on('SIGTERM', (signal) => void stop(signal));
  process.on('SIGINT', (signal) => void stop(signal));
}

await start();
