/**
 * Two servers on one PostgreSQL (DATABASE_URL): a version published through the first is served by the second
 * within 5 s, with no restart and without the second being told, from the one row the publish wrote.
 */
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../../../server/app.ts';
import { migrate, openPostgres, type Database } from '../../../../server/platform/db/index.ts';
import { tempDir, testConfig, writeBuiltSite } from '../../../support/server-harness.ts';
import { publishFromV1 } from './published-fixture.ts';

const url = process.env.DATABASE_URL;

describe.runIf(url !== undefined)('two servers sharing PostgreSQL', () => {
  const schema = `fundflow_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const dir = tempDir();
  let admin: Client;
  const databases: Database[] = [];
  const apps: FastifyInstance[] = [];

  /** A server of its own: its own connections to the shared schema, its own app. */
  async function server(): Promise<FastifyInstance> {
    const scoped = new URL(url!);
    scoped.searchParams.set('options', `-c search_path=${schema}`);
    const db = await openPostgres(scoped.href);
    databases.push(db);
    await migrate(db);
    const app = await buildApp({ config: testConfig({ STATIC_DIR: join(dir.path, 'dist') }), db, logger: false });
    apps.push(app);
    await app.ready();
    return app;
  }

  beforeAll(async () => {
    admin = new Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    writeBuiltSite(join(dir.path, 'dist'));
  }, 60_000);

  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const db of databases) await db.close();
    await admin?.query(`drop schema if exists ${schema} cascade`);
    await admin?.end();
    dir.remove();
  });

  it('serves on the second server, within 5 s, a version published through the first', async () => {
    const first = await server();
    const second = await server();
    expect((await second.inject('/summer')).statusCode).toBe(404);

    await publishFromV1(databases[0]!, 'summer', (flow) => {
      flow.steps.start!.heading = 'Summer funding: which business is yours?';
    });
    const published = Date.now();
    await vi.waitFor(async () => expect((await second.inject('/summer')).statusCode).toBe(200), {
      timeout: 5000,
      interval: 100,
    });
    expect(Date.now() - published).toBeLessThan(5000);
    const page = await second.inject('/summer');
    expect(page.body).toContain('Summer funding: which business is yours?');
    expect((await first.inject('/summer')).statusCode).toBe(200);
  });
});
