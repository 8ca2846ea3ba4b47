/** A draft's checks: the same as npm run flows:check, each problem at its pointer with a sentence a marketer reads. */
import { cpSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { checkFlows } from '../../../../engine/flow/checks.ts';
import { readFlowSources } from '../../../../engine/flow/load.ts';
import { builtInPagePaths } from '../../../../contracts/public-config.ts';
import { FLOWS_DIR } from '../../../../server/platform/paths.ts';
import { draftChecker } from '../../../../server/console/flows/draft-checks.ts';
import { readFileVersions } from '../../../../server/console/flows/file-versions.ts';
import { readWidgetInfo } from '../../../../server/console/flows/widget-info.ts';
import { completeOverlay, overlayFileName, type Base } from '../../../../server/console/flows/overlays.ts';
import { tempDir } from '../../../support/server-harness.ts';

const files = readFileVersions(FLOWS_DIR);
const widgets = readWidgetInfo();
const checker = draftChecker(files, widgets);
const v1: Base = { kind: 'file', file: files.get('v1')! };
const v3: Base = { kind: 'file', file: files.get('v3')! };
const DRAFT = '0b7f5c1e-0000-4000-8000-000000000000';

describe('the checks of a draft', () => {
  it('finds nothing in an empty draft, whose flow is its base at the preview address', () => {
    const checked = checker.check(DRAFT, v1, { extends: 'business-funding.json' });
    expect(checked.problems).toEqual([]);
    expect(checked.flow?.steps.amount?.heading).toBe(files.get('v1')!.flow.steps.amount!.heading);
    expect(checked.flow).toMatchObject({ basePath: `/studio-preview/${DRAFT}`, version: 'preview' });
  });

  it('says an emptied heading is required, at its pointer', () => {
    const checked = checker.check(DRAFT, v1, { steps: { amount: { heading: '' } } });
    expect(checked.problems).toEqual([
      { pointer: '/steps/amount/heading', message: 'the heading of step amount is required' },
    ]);
  });

  it('reports a misspelt step, an unknown key and a wrong type, each at its pointer', () => {
    const checked = checker.check(DRAFT, v3, {
      steps: { start: { next: 'amont' }, amount: { progress: 'ten', colour: 'red' } },
      banner: 'Spring',
    });
    const at = Object.fromEntries(checked.problems.map((problem) => [problem.pointer, problem.message]));
    expect(at['/steps/start/next']).toBe('the next of step start: "amont" is not a step (did you mean "amount"?)');
    expect(at['/steps/amount/progress']).toMatch(/^the progress of step amount: expected a whole number/);
    expect(at['/steps/amount/colour']).toMatch(/^the colour of step amount: unknown key "colour"/);
    expect(at['/banner']).toMatch(/^the banner: unknown key "banner"/);
  });

  it('refuses what publishing sets, another base, and an overlay that is no object, without throwing', () => {
    const checked = checker.check(DRAFT, v1, { extends: 'business-funding.v2.json', basePath: '/x', version: 'v9' });
    expect(checked.problems.map((problem) => problem.pointer)).toEqual(['/extends', '/version', '/basePath']);
    for (const overlay of [[], 'text', null, 7]) {
      expect(checker.check(DRAFT, v1, overlay)).toEqual({
        flow: null,
        problems: [{ pointer: '', message: expect.stringMatching(/must be a JSON object/) as unknown }],
      });
    }
  });

  it('finds what npm run flows:check finds in the draft written as a file next to the flow files', () => {
    const overlay = { steps: { amount: { heading: '', progress: 5 }, 'loan-purpose': { route: 'amount' } } };
    const { path: dir, remove } = tempDir();
    onTestFinished(remove);
    cpSync(FLOWS_DIR, dir, { recursive: true });
    const fileBase = files.get('v1')!;
    const name = overlayFileName(fileBase, 'spring-promo');
    writeFileSync(join(dir, name), JSON.stringify(completeOverlay(fileBase, 'spring-promo', overlay)));
    const cli = checkFlows(readFlowSources(dir), widgets, { reservedPaths: builtInPagePaths() });
    expect(cli.every((problem) => problem.file === `flows/${name}`)).toBe(true);
    expect(checker.check(DRAFT, v1, overlay).problems.map((problem) => problem.pointer)).toEqual(
      cli.map((problem) => problem.pointer),
    );
  });
});
