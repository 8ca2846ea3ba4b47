/**
 * A new version made the way flows/README.md tells a marketer ("Make a new version"): a file extending v3 with its
 * own version, basePath and storageKey and one changed heading is checked clean, compiled into the page, served at /v4
 * and takes leads, with no other change.
 */
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { checkFlows } from '../../engine/flow/checks.ts';
import { readFlowSources } from '../../engine/flow/load.ts';
import { compileFlows } from '../../tools/compile-flows.ts';
import { FLOWS_DIR } from '../../server/platform/paths.ts';
import { widgets } from '../../widgets/info.ts';
import { validLead } from '../support/lead-fixture.ts';
import { openTestPglite, tempDir, writeBuiltSite, xsrfHeaders, type TestDatabase } from '../support/server-harness.ts';
import { countRows, prepareLeadDatabase, startLeadApp } from '../support/lead-app.ts';

const V4_HEADING = 'How much funding are you looking for?';
const V4_SPANISH_HEADING = '¿Cuánto financiamiento busca?';

let flows: ReturnType<typeof tempDir>;
let site: ReturnType<typeof tempDir>;

beforeAll(() => {
  flows = tempDir('fundflow-v4-');
  cpSync(FLOWS_DIR, flows.path, { recursive: true });
  const v4 = {
    $schema: './flow.schema.json',
    extends: 'business-funding.v3.json',
    version: 'v4',
    basePath: '/v4',
    storageKey: 'business-funding-v4',
    steps: { amount: { heading: V4_HEADING } },
  };
  writeFileSync(join(flows.path, 'business-funding.v4.json'), JSON.stringify(v4, null, 2));
  // A new text needs its translation in every language, as the marketer guide says.
  const spanishFile = join(flows.path, 'languages', 'es.json');
  const spanish = JSON.parse(readFileSync(spanishFile, 'utf8')) as { texts: Record<string, Record<string, string>> };
  spanish.texts['flows/business-funding.v4.json'] = { '/steps/amount/heading': V4_SPANISH_HEADING };
  writeFileSync(spanishFile, JSON.stringify(spanish, null, 2));
  site = tempDir('fundflow-v4-site-');
  writeBuiltSite(site.path);
});

afterAll(() => {
  flows.remove();
  site.remove();
});

describe('a v4 made as the marketer guide says', () => {
  it('passes the flow checks', () => {
    expect(checkFlows(readFlowSources(flows.path), widgets)).toEqual([]);
  });

  it('is compiled into the page with its own heading', () => {
    const out = tempDir('fundflow-v4-generated-');
    try {
      expect(compileFlows({ flowsDir: flows.path, outDir: out.path })).toEqual([]);
      const english = readFileSync(join(out.path, 'languages', 'language-en.ts'), 'utf8');
      expect(english).toContain('"version":"v4","basePath":"/v4"');
      expect(english).toContain(V4_HEADING);
      const spanish = readFileSync(join(out.path, 'languages', 'language-es.ts'), 'utf8');
      expect(spanish).toContain('"version":"v4","basePath":"/es/v4"');
      expect(spanish).toContain(V4_SPANISH_HEADING);
    } finally {
      out.remove();
    }
  });

  describe('on the server', () => {
    let database: TestDatabase;
    let app: FastifyInstance;

    beforeAll(async () => {
      database = await openTestPglite();
      await prepareLeadDatabase(database.db);
      app = await startLeadApp(database.db, { flowsDir: flows.path, env: { STATIC_DIR: site.path } });
    }, 60_000);

    afterAll(async () => {
      await app?.close();
      await database?.cleanup();
    });

    it('serves its pages at /v4', async () => {
      for (const url of ['/v4', '/v4/amount', '/v4/phone']) {
        const response = await app.inject(url);
        expect(response.statusCode, url).toBe(200);
        expect(response.headers['content-type']).toMatch(/^text\/html/);
      }
      expect((await app.inject('/v5/amount')).statusCode).toBe(404);
    });

    it('takes its leads, each saying its version', async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/v1/leads/trigger',
        payload: validLead({ flow_version: 'v4', source_url: 'https://funding.example.com/v4/phone' }),
        headers: { 'content-type': 'application/json', 'user-agent': 'Mozilla/5.0 (test browser)', ...xsrfHeaders() },
      });
      expect(response.statusCode, response.body).toBe(201);
      const { rows } = await database.db.query<{ flow_version: string }>(
        'select flow_version from leads where id = $1',
        [response.json().id],
      );
      expect(rows[0]?.flow_version).toBe('v4');
      expect(await countRows(database.db, 'test_delivery_jobs')).toBe(1);
    });
  });
});
