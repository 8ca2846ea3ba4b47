/**
 * serveFlowPage from a route of another feature (as the studio's preview is): the built page with the flow's own
 * inline script, the later validators inlined when no address is given, a stored record seeded before the site's
 * script runs, and kept out of search engines when asked.
 */
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../../server/app.ts';
import { compileVersion, serveFlowPage } from '../../../../server/page/index.ts';
import { PUBLISHED_FLOW_GLOBAL } from '../../../../contracts/flow-studio.ts';
import {
  openTestPglite,
  policyNonce,
  tempDir,
  testConfig,
  writeBuiltSite,
  type TestDatabase,
} from '../../../support/server-harness.ts';
import { versionOf } from './published-fixture.ts';

type Validators = Record<string, Record<string, (data: unknown) => boolean>>;

let database: TestDatabase;
let dir: ReturnType<typeof tempDir>;
let app: FastifyInstance;
const flow = { ...versionOf('preview'), basePath: '/elsewhere/draft-1', storageKey: 'elsewhere-draft-1' };

beforeAll(async () => {
  database = await openTestPglite();
  dir = tempDir();
  writeBuiltSite(join(dir.path, 'dist'));
  app = await buildApp({
    config: testConfig({ STATIC_DIR: join(dir.path, 'dist') }),
    db: database.db,
    logger: false,
    development: false,
  });
  // A feature of its own, registered before the pages, as the console is.
  await app.register(async (feature) => {
    feature.get('/elsewhere/draft-1/*', (request, reply) =>
      serveFlowPage(request, reply, {
        flow,
        compiled: compileVersion(flow),
        seed: { storageKey: flow.storageKey, record: '{"answers":{"business_type":"Partnership"}}' },
        noindex: true,
      }),
    );
  });
  await app.ready();
}, 60_000);

afterAll(async () => {
  await app?.close();
  await database?.cleanup();
  dir?.remove();
});

describe('serveFlowPage', () => {
  it("answers another feature's route with the flow's page, its later validators inline and its record seeded", async () => {
    const response = await app.inject('/elsewhere/draft-1/amount');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['x-robots-tag']).toBe('noindex');
    const nonce = policyNonce(response.headers['content-security-policy']);
    const [, scriptNonce, script] = /<script nonce="([^"]*)">([\s\S]*?)<\/script>/.exec(response.body) ?? [];
    expect(scriptNonce).toBe(nonce);

    const stored = new Map<string, string>();
    const self: Record<string, unknown> = {};
    runInNewContext(script!, {
      self,
      localStorage: { setItem: (key: string, value: string) => stored.set(key, value) },
    });
    expect(stored.get('elsewhere-draft-1')).toBe('{"answers":{"business_type":"Partnership"}}');
    const compiled = self[PUBLISHED_FLOW_GLOBAL] as {
      flow: { basePath: string };
      validators: Validators;
      laterValidators: () => Promise<Validators>;
    };
    expect(compiled.flow.basePath).toBe('/elsewhere/draft-1');
    expect(Object.keys(compiled.validators)).toEqual(['start']);
    const later = await compiled.laterValidators();
    expect(later.amount!.step_amount!({ amount: 50_000 })).toBe(true);
    expect(later.amount!.step_amount!({ amount: 3 })).toBe(false);
  });
});
