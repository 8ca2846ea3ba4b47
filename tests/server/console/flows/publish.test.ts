/**
 * Publishing a draft: the name's rules, refused while checks fail, one winner when two race for a name, the overlay
 * completed, the version in the catalog, the draft gone, the audit entry reading the change step by step, a new
 * consent version for a changed consent text, and the downloaded overlay accepted by the checks next to the files.
 */
import { cpSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import {
  flowDraftPath,
  flowOverlayPath,
  type FlowVersionSummary,
  type PublishRefused,
} from '../../../../contracts/flow-studio.ts';
import { checkFlows } from '../../../../engine/flow/checks.ts';
import { readFlowSources } from '../../../../engine/flow/load.ts';
import { resolveFlows } from '../../../../engine/flow/overlay.ts';
import { builtInPagePaths } from '../../../../contracts/public-config.ts';
import { FLOWS_DIR } from '../../../../server/platform/paths.ts';
import { readWidgetInfo } from '../../../../server/console/flows/widget-info.ts';
import { auditActions, consoleApp } from '../../../support/console-app.ts';
import { consoleDatabaseForSuite } from '../../../support/console-database.ts';
import { DATABASES, tempDir } from '../../../support/server-harness.ts';
import { freshName, newDraft, publish, saved, studioCall, studioUser } from './studio-fixture.ts';

const V1_AMOUNT_HEADING = 'How much do you need?';

describe.each(DATABASES)('publishing a flow studio draft on $name', { timeout: 60_000 }, (kind) => {
  const suite = consoleDatabaseForSuite(kind);

  it('refuses a name that is malformed, a file version, reserved or a step address, naming the field', async () => {
    const app = await consoleApp(suite.db);
    const marketer = await studioUser(suite.db, 'marketer');
    const draft = await newDraft(app, marketer);
    for (const name of ['Spring', 'x', '1st-promo', 'v2', 'admin', 'studio-preview', 'amount', 'a'.repeat(41)]) {
      const response = await publish(app, marketer, draft, name);
      expect(response.statusCode, name).toBe(422);
      const body = response.json<{ message: string; fields: { field: string }[] }>();
      expect(body.fields.map((field) => field.field)).toEqual(['name']);
      expect(body.message).toContain('name');
    }
  });

  it('refuses to publish while a check fails, listing every problem', async () => {
    const app = await consoleApp(suite.db);
    const marketer = await studioUser(suite.db, 'marketer');
    const draft = await saved(app, marketer, await newDraft(app, marketer), { steps: { amount: { heading: '' } } });
    const response = await publish(app, marketer, draft, freshName('empty'));
    expect(response.statusCode).toBe(422);
    expect(response.json<PublishRefused>().problems).toEqual([
      { pointer: '/steps/amount/heading', message: 'the heading of step amount is required' },
    ]);
  });

  it('publishes: the version is listed, its draft gone, and the audit log reads the change per step', async () => {
    const app = await consoleApp(suite.db);
    const marketer = await studioUser(suite.db, 'marketer');
    const draft = await saved(app, marketer, await newDraft(app, marketer), {
      extends: 'business-funding.json',
      steps: { amount: { heading: 'How much would help?' } },
    });
    const name = freshName('spring');
    const response = await publish(app, marketer, draft, name);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<FlowVersionSummary>()).toMatchObject({
      name,
      kind: 'published',
      path: `/${name}`,
      base: 'v1',
      status: 'live',
      published_by: marketer.email,
      retired_at: null,
      visitors: 0,
      leads: 0,
      conversion: null,
    });
    const gone = await studioCall(app, { method: 'GET', url: flowDraftPath(draft.id), as: marketer });
    expect(gone.statusCode).toBe(404);
    const entries = await auditActions(suite.db);
    expect(entries.at(-1)).toEqual({
      actor: marketer.email,
      action: 'flow-published',
      target: `${name} from v1: amount: heading changed from "${V1_AMOUNT_HEADING}" to "How much would help?"`,
    });
    const { rows } = await suite.db.query<{ overlay: Record<string, unknown> }>(
      'select overlay from flow_versions where name = $1',
      [name],
    );
    expect(rows[0]!.overlay).toEqual({
      $schema: './flow.schema.json',
      extends: 'business-funding.json',
      version: name,
      basePath: `/${name}`,
      storageKey: `business-funding-${name}`,
      steps: { amount: { heading: 'How much would help?' } },
    });
  });

  it('lets one of two publishes racing for a name win, and tells the other the name is taken', async () => {
    const app = await consoleApp(suite.db);
    const marketer = await studioUser(suite.db, 'marketer');
    const admin = await studioUser(suite.db, 'admin');
    const first = await newDraft(app, marketer);
    const second = await newDraft(app, admin, 'v2');
    const name = freshName('race');
    const answers = await Promise.all([publish(app, marketer, first, name), publish(app, admin, second, name)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    const loser = answers.find((answer) => answer.statusCode === 409)!;
    expect(loser.json<{ message: string }>().message).toBe(`The name ${name} is taken`);
    const { rows } = await suite.db.query<{ count: number }>(
      'select count(*)::int as count from flow_versions where name = $1',
      [name],
    );
    expect(rows[0]!.count).toBe(1);
  });

  it('makes a version of a published version, resolved down to the file both extend', async () => {
    const app = await consoleApp(suite.db);
    const marketer = await studioUser(suite.db, 'marketer');
    const first = await saved(app, marketer, await newDraft(app, marketer), {
      steps: { amount: { heading: 'First change' } },
    });
    const firstName = freshName('first');
    expect((await publish(app, marketer, first, firstName)).statusCode).toBe(201);
    const draft = await newDraft(app, marketer, firstName);
    expect(draft.overlay).toEqual({ extends: firstName });
    expect((draft.flow as { steps: { amount: { heading: string } } }).steps.amount.heading).toBe('First change');
    const second = await saved(app, marketer, draft, { ...draft.overlay, formHeading: 'Second change' });
    const secondName = freshName('second');
    expect((await publish(app, marketer, second, secondName)).statusCode).toBe(201);
    const { rows } = await suite.db.query<{ base: string; overlay: Record<string, unknown> }>(
      'select base, overlay from flow_versions where name = $1',
      [secondName],
    );
    expect(rows[0]).toEqual({
      base: firstName,
      overlay: expect.objectContaining({
        extends: 'business-funding.json',
        version: secondName,
        formHeading: 'Second change',
        steps: { amount: { heading: 'First change' } },
      }) as unknown,
    });
    expect((await auditActions(suite.db)).at(-1)?.target).toBe(
      `${secondName} from ${firstName}: settings: formHeading changed from "See If You Qualify For Help" to "Second change"`,
    );
  });

  it('gives a changed consent text a consent version of its own', async () => {
    const app = await consoleApp(suite.db);
    const admin = await studioUser(suite.db, 'admin');
    const draft = await newDraft(app, admin);
    const base = (draft.flow as { consent: { version: string; text: string } }).consent;
    const changed = await saved(app, admin, draft, {
      ...draft.overlay,
      consent: { version: base.version, text: `${base.text} Reply STOP to opt out.` },
    });
    const name = freshName('consent');
    expect((await publish(app, admin, changed, name)).statusCode).toBe(201);
    const { rows } = await suite.db.query<{ flow: { consent: { version: string; text: string } } }>(
      'select flow from flow_versions where name = $1',
      [name],
    );
    expect(rows[0]!.flow.consent.text).toBe(`${base.text} Reply STOP to opt out.`);
    expect(rows[0]!.flow.consent.version).not.toBe(base.version);
    expect(rows[0]!.flow.consent.version).toMatch(new RegExp(`^${name}-\\d{4}-\\d{2}-\\d{2}$`));
  });

  it('downloads an overlay that the checks accept next to the flow files, resolving to the version published', async () => {
    const app = await consoleApp(suite.db);
    const marketer = await studioUser(suite.db, 'marketer');
    const draft = await saved(app, marketer, await newDraft(app, marketer, 'v3'), {
      steps: { amount: { heading: 'Funding, fast' }, 'loan-timing': { progress: 36 } },
    });
    const name = freshName('download');
    expect((await publish(app, marketer, draft, name)).statusCode).toBe(201);
    const download = await studioCall(app, { method: 'GET', url: flowOverlayPath(name), as: marketer });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toBe(`attachment; filename="business-funding.${name}.json"`);

    const { path: dir, remove } = tempDir();
    onTestFinished(remove);
    cpSync(FLOWS_DIR, dir, { recursive: true });
    writeFileSync(join(dir, `business-funding.${name}.json`), download.body);
    const sources = readFlowSources(dir);
    expect(checkFlows(sources, readWidgetInfo(), { reservedPaths: builtInPagePaths() })).toEqual([]);
    const resolved = resolveFlows(sources).flows.find((flow) => flow.file === `flows/business-funding.${name}.json`);
    const { rows } = await suite.db.query<{ flow: unknown }>('select flow from flow_versions where name = $1', [name]);
    expect(resolved?.json).toEqual(rows[0]!.flow);
  });
});
