/**
 * What the console's lead tests share: the app on a migrated database of a kind, leads written as intake and delivery
 * leave them (with chosen times, holds and delivery states), and signed-in users of each role.
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { onTestFinished } from 'vitest';
import type { Role } from '../../../../contracts/console.ts';
import { buildApp, type BuildAppOptions } from '../../../../server/app.ts';
import { migrate, type Database } from '../../../../server/platform/db/index.ts';
import { consoleUserWithSession } from '../../../support/console-users.ts';
import { tempDir, testConfig, writeBuiltSite } from '../../../support/server-harness.ts';

/** The app, ready for `inject`, over `db` (migrated here); closed when the test ends. */
export async function consoleApp(
  db: Database,
  options: Pick<BuildAppOptions, 'delivery' | 'deliveryControl' | 'buyers' | 'now' | 'flowsDir'> = {},
): Promise<FastifyInstance> {
  await migrate(db);
  const dir = tempDir();
  onTestFinished(() => dir.remove());
  writeBuiltSite(join(dir.path, 'dist'));
  const app = await buildApp({
    config: testConfig({ STATIC_DIR: join(dir.path, 'dist') }),
    db,
    logger: false,
    ...options,
  });
  await app.ready();
  onTestFinished(() => app.close());
  return app;
}

/** The session cookie of a new user of each role. */
export async function cookies(db: Database): Promise<Record<Role, string>> {
  return {
    admin: (await consoleUserWithSession(db, 'admin')).cookie,
    operator: (await consoleUserWithSession(db, 'operator')).cookie,
    marketer: (await consoleUserWithSession(db, 'marketer')).cookie,
  };
}

export interface SeededLead {
  id?: string;
  receivedAt: string;
  version?: string;
  payload?: Record<string, unknown>;
  held?: string;
  deliveredAt?: string;
  deliveryState?: 'queued' | 'dead-lettered' | 'unsold';
  /** The buyer that took it, and why its delivery ended where it did. */
  deliveredTo?: string;
  deliveryReason?: string;
  /** The language its form was filled in; "en" when not given, as the column's default. */
  language?: string;
  /** What it sold for, in USD as the database takes it ("42.50"). */
  soldPrice?: string;
}

export const MARIA = {
  flow: 'business-funding',
  name: 'Maria Rivera',
  first_name: 'Maria',
  last_name: 'Rivera',
  email: 'maria.rivera@example.com',
  phone: '3105550147',
  amount: 50000,
};

/** Writes a lead as it would stand; returns its id. */
export async function seedLead(db: Database, lead: SeededLead): Promise<string> {
  const id = lead.id ?? randomUUID();
  await db.query(
    `insert into leads (id, received_at, flow, flow_version, payload, held, delivered_at, delivery_state, delivered_to,
       delivery_reason, language, sold_price)
     values ($1, $2, 'business-funding', $3, $4, $5, $6, $7, $8, $9, $10, $11::numeric)`,
    [
      id,
      lead.receivedAt,
      lead.version ?? 'v3',
      JSON.stringify(lead.payload ?? { ...MARIA, email: `${id}@example.com`, phone: '2125550100' }),
      lead.held ?? null,
      lead.deliveredAt ?? null,
      lead.deliveryState ?? null,
      lead.deliveredTo ?? null,
      lead.deliveryReason ?? null,
      lead.language ?? 'en',
      lead.soldPrice ?? null,
    ],
  );
  return id;
}
