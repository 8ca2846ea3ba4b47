/**
 * The versions as the Flows page reads them (files and published ones, status, weight, funnel), a version resolved and
 * as written, the split test's weights among live versions, and retiring a published version, both audited.
 */
import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import {
  FLOW_SPLIT_PATH,
  FLOWS_PATH,
  flowRetirePath,
  flowVersionPath,
  type FlowVersionDetail,
  type FlowVersionList,
  type FlowVersionSummary,
} from '../../../../contracts/flow-studio.ts';
import { auditActions, consoleApp } from '../../../support/console-app.ts';
import { consoleDatabaseForSuite } from '../../../support/console-database.ts';
import type { TestConsoleUser } from '../../../support/console-users.ts';
import { DATABASES } from '../../../support/server-harness.ts';
import { freshName, newDraft, publish, saved, studioCall, studioUser } from './studio-fixture.ts';

/** A version published from v1 with the amount step's heading changed; its name. */
async function published(app: FastifyInstance, as: TestConsoleUser, stem: string): Promise<string> {
  const draft = await saved(app, as, await newDraft(app, as), { steps: { amount: { heading: `${stem}?` } } });
  const name = freshName(stem);
  const response = await publish(app, as, draft, name);
  expect(response.statusCode, response.body).toBe(201);
  return name;
}

async function listed(app: FastifyInstance, as: TestConsoleUser): Promise<FlowVersionList> {
  const response = await studioCall(app, { method: 'GET', url: FLOWS_PATH, as });
  expect(response.statusCode).toBe(200);
  return response.json<FlowVersionList>();
}

const byName = (list: FlowVersionList, name: string): FlowVersionSummary =>
  list.versions.find((version) => version.name === name)!;

describe.each(DATABASES)('flow studio versions on $name', { timeout: 60_000 }, (kind) => {
  const suite = consoleDatabaseForSuite(kind);

  it('lists the files as read-only bases and the published versions, with their funnel, to every role', async () => {
    const app = await consoleApp(suite.db);
    const marketer = await studioUser(suite.db, 'marketer');
    const name = await published(app, marketer, 'listed');
    const list = await listed(app, await studioUser(suite.db, 'operator'));
    expect(list.versions.slice(0, 3)).toEqual([
      expect.objectContaining({ name: 'v1', kind: 'file', path: '/', base: null, status: 'live', weight: 0 }),
      expect.objectContaining({ name: 'v2', kind: 'file', path: '/v2', base: 'v1', published_by: null }),
      expect.objectContaining({ name: 'v3', kind: 'file', path: '/v3', base: 'v1', retired_at: null }),
    ]);
    expect(byName(list, name)).toMatchObject({ kind: 'published', base: 'v1', published_by: marketer.email });
    expect((await studioCall(app, { method: 'GET', url: FLOWS_PATH })).statusCode).toBe(401);
  });

  it("counts a version's visitors, leads and conversion from the funnel's rollups, all time", async () => {
    const app = await consoleApp(suite.db);
    const marketer = await studioUser(suite.db, 'marketer');
    const name = await published(app, marketer, 'counted');
    for (const [day, visitors, leads] of [
      ['2026-11-01', 30, 3],
      ['2026-12-01', 10, 1],
    ] as const) {
      await suite.db.query(
        `insert into funnel_rollups (flow_version, grain, day, step, utm_source, utm_campaign, device, views, advanced,
                                     exits, visitors, leads, times)
         values ($1, 'all', $2, '', '', '', '', 0, 0, 0, $3, $4, '{}')`,
        [name, day, visitors, leads],
      );
    }
    expect(byName(await listed(app, marketer), name)).toMatchObject({ visitors: 40, leads: 4, conversion: 0.1 });
  });

  it('gives a version resolved and as written, and 404 for a version there is not', async () => {
    const app = await consoleApp(suite.db);
    const operator = await studioUser(suite.db, 'operator');
    const v2 = await studioCall(app, { method: 'GET', url: flowVersionPath('v2'), as: operator });
    const detail = v2.json<FlowVersionDetail>();
    expect(detail.overlay).toMatchObject({ extends: 'business-funding.json', version: 'v2' });
    expect(detail.flow).toMatchObject({ version: 'v2', basePath: '/v2' });
    expect(detail.summary.name).toBe('v2');
    const missing = await studioCall(app, { method: 'GET', url: flowVersionPath('nowhere'), as: operator });
    expect(missing.statusCode).toBe(404);
  });

  it('sets the split among live versions, naming a refused weight by its version, and audits it', async () => {
    const app = await consoleApp(suite.db);
    const marketer = await studioUser(suite.db, 'marketer');
    const name = await published(app, marketer, 'split');
    const put = (weights: Record<string, unknown>, as = marketer) =>
      studioCall(app, { method: 'PUT', url: FLOW_SPLIT_PATH, as, body: { weights } });

    for (const [weights, field] of [
      [{ v1: 50, [name]: -1 }, `weights.${name}`],
      [{ v1: 1.5 }, 'weights.v1'],
      [{ v1: 50, gone: 50 }, 'weights.gone'],
    ] as const) {
      const refused = await put(weights);
      expect(refused.statusCode).toBe(400);
      expect(refused.json<{ fields: { field: string }[] }>().fields.map((problem) => problem.field)).toEqual([field]);
    }
    expect((await put({ v1: 50 }, await studioUser(suite.db, 'operator'))).statusCode).toBe(403);

    const set = await put({ v1: 50, [name]: 50 });
    expect(set.statusCode, set.body).toBe(200);
    const list = await listed(app, marketer);
    expect(byName(list, 'v1')).toMatchObject({ status: 'split', weight: 50 });
    expect(byName(list, name)).toMatchObject({ status: 'split', weight: 50 });
    expect(byName(list, 'v2')).toMatchObject({ status: 'live', weight: 0 });
    expect((await auditActions(suite.db)).at(-1)).toEqual({
      actor: marketer.email,
      action: 'flow-split-changed',
      target: `v1 50, ${name} 50`,
    });

    expect((await put({ v1: 0, [name]: 0 })).statusCode).toBe(200);
    expect(byName(await listed(app, marketer), name)).toMatchObject({ status: 'live', weight: 0 });
  });

  it('retires a published version, never a file, and audits it with what the version changed', async () => {
    const app = await consoleApp(suite.db);
    const marketer = await studioUser(suite.db, 'marketer');
    const name = await published(app, marketer, 'retired');
    const file = await studioCall(app, { method: 'POST', url: flowRetirePath('v1'), as: marketer });
    expect(file.statusCode).toBe(422);
    expect(file.json<{ message: string }>().message).toContain("v1 is a flow file's version");

    const retired = await studioCall(app, { method: 'POST', url: flowRetirePath(name), as: marketer });
    expect(retired.statusCode).toBe(200);
    expect(retired.json<FlowVersionSummary>()).toMatchObject({ status: 'retired', weight: 0 });
    expect(retired.json<FlowVersionSummary>().retired_at).not.toBeNull();
    expect((await auditActions(suite.db)).at(-1)).toEqual({
      actor: marketer.email,
      action: 'flow-retired',
      target: `${name} from v1: amount: heading changed from "How much do you need?" to "retired?"`,
    });
    const split = await studioCall(app, {
      method: 'PUT',
      url: FLOW_SPLIT_PATH,
      as: marketer,
      body: { weights: { v1: 1, [name]: 1 } },
    });
    expect(split.statusCode).toBe(400);
  });
});
