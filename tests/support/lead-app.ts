/** The app with lead intake on a migrated test database, and delivery queues that are real tables in it. */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp, type BuildAppOptions } from '../../server/app.ts';
import { migrate } from '../../server/platform/db/index.ts';
import type { Database } from '../../server/platform/db/types.ts';
import type { DeliveryQueue } from '../../server/intake/leads/delivery-queue.ts';
import { tempDir, testConfig, type TestDatabase } from './server-harness.ts';

/** Applies the migrations and creates the table the test queues write their jobs to. */
export async function prepareLeadDatabase(db: Database): Promise<void> {
  await migrate(db);
  await db.exec('create table if not exists test_delivery_jobs (lead_id uuid not null)');
}

/** Queues jobs the way a real queue does: rows written with the intake's transaction. */
export const tableQueue: DeliveryQueue = {
  async enqueue(tx, leadIds) {
    await tx.query('insert into test_delivery_jobs (lead_id) select unnest($1::text[])::uuid', [leadIds]);
  },
};

/** Writes its jobs, then fails (a queue that breaks halfway): nothing of the leads may remain. */
export const failingQueue: DeliveryQueue = {
  async enqueue(tx, leadIds) {
    await tableQueue.enqueue(tx, leadIds);
    throw new Error('the delivery queue is down');
  },
};

export interface LeadAppOptions extends Partial<Omit<BuildAppOptions, 'config' | 'db'>> {
  env?: Record<string, string>;
}

/** The app on `db` (already prepared), with the table queue unless told otherwise; no built site. */
export async function startLeadApp(db: Database, options: LeadAppOptions = {}): Promise<FastifyInstance> {
  const { env = {}, ...rest } = options;
  const site = tempDir();
  const app = await buildApp({
    config: testConfig({ STATIC_DIR: site.path, ...env }),
    db,
    logger: false,
    delivery: tableQueue,
    ...rest,
  });
  app.addHook('onClose', async () => site.remove());
  await app.ready();
  return app;
}

/**
 * For the tests of one describe block: a prepared database from `open` and the app on it, started before the first
 * test and closed after the last. Read `app` and `database` inside the tests.
 */
export function leadAppForSuite(
  open: () => Promise<TestDatabase>,
  options: LeadAppOptions = {},
): { readonly app: FastifyInstance; readonly database: TestDatabase } {
  const suite: { app?: FastifyInstance; database?: TestDatabase } = {};
  beforeAll(async () => {
    suite.database = await open();
    await prepareLeadDatabase(suite.database.db);
    suite.app = await startLeadApp(suite.database.db, options);
  }, 60_000);
  afterAll(async () => {
    await suite.app?.close();
    await suite.database?.cleanup();
  });
  return {
    get app() {
      return suite.app!;
    },
    get database() {
      return suite.database!;
    },
  };
}

type Table = 'leads' | 'consent_evidence' | 'test_delivery_jobs';

export async function countRows(db: Database, table: Table): Promise<number> {
  const { rows } = await db.query<{ n: number }>(`select count(*) as n from ${table}`);
  return rows[0]?.n ?? 0;
}
