/**
 * A draft is checked at every save by one checker kept for the server: each save finds what npm run flows:check
 * finds, and compiles only the schemas that changed since a save before it; what it keeps is bounded.
 */
import { Ajv } from 'ajv';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { FLOWS_DIR } from '../../../../server/platform/paths.ts';
import { draftChecker } from '../../../../server/console/flows/draft-checks.ts';
import { readFileVersions } from '../../../../server/console/flows/file-versions.ts';
import { readWidgetInfo } from '../../../../server/console/flows/widget-info.ts';
import type { Base } from '../../../../server/console/flows/overlays.ts';
import { createRun } from '../../../../engine/flow/checks/run.ts';
import { OUTCOMES_KEPT, strictCompile } from '../../../../engine/flow/checks/strict-compile.ts';

const files = readFileVersions(FLOWS_DIR);
const v1: Base = { kind: 'file', file: files.get('v1')! };
const DRAFT = '0b7f5c1e-0000-4000-8000-000000000000';
const amountSchema = structuredClone(files.get('v1')!.flow.steps.amount!.schema!);

/** Counts the schemas ajv compiles from here on, in any of its instances. */
function countCompiles(): () => number {
  const compile = vi.spyOn(Ajv.prototype, 'compile');
  onTestFinished(() => compile.mockRestore());
  return () => compile.mock.calls.length;
}

/** A draft of v1 whose amount field has `rules` added to its schema. */
const withAmountRules = (rules: Record<string, unknown>) => {
  const schema = structuredClone(amountSchema) as { properties: Record<string, object> };
  schema.properties.amount = { ...schema.properties.amount, ...rules };
  return { steps: { amount: { schema } } };
};

describe('the checks of a draft at every save', () => {
  it('compile nothing when the same draft, or a new heading, is saved again', () => {
    const checker = draftChecker(files, readWidgetInfo());
    const compiles = countCompiles();
    expect(checker.check(DRAFT, v1, { steps: { amount: { heading: 'How much?' } } }).problems).toEqual([]);
    expect(compiles()).toBeGreaterThan(0);
    const first = compiles();
    expect(checker.check(DRAFT, v1, { steps: { amount: { heading: 'How much?' } } }).problems).toEqual([]);
    expect(checker.check(DRAFT, v1, { steps: { amount: { heading: 'How much do you need?' } } }).problems).toEqual([]);
    expect(compiles()).toBe(first);
  });

  it('compile a changed schema, and that one only, each time finding what it says', () => {
    const checker = draftChecker(files, readWidgetInfo());
    expect(checker.check(DRAFT, v1, {}).problems).toEqual([]);
    const compiles = countCompiles();

    const wrongRule = checker.check(DRAFT, v1, withAmountRules({ maxLength: 7 })).problems;
    expect(wrongRule.map((problem) => problem.pointer)).toEqual(['/steps/amount/schema/properties/amount/maxLength']);
    expect(wrongRule[0]!.message).toMatch(/"maxLength" does not apply to type "integer"/);
    expect(compiles()).toBe(1);

    expect(checker.check(DRAFT, v1, withAmountRules({ maximum: 500000 })).problems).toEqual([]);
    expect(compiles()).toBe(2);

    expect(checker.check(DRAFT, v1, withAmountRules({ maxLength: 7 })).problems).toEqual(wrongRule);
    expect(compiles()).toBe(2);
  });
});

describe('the compiled schemas a checker keeps', () => {
  it('are at most OUTCOMES_KEPT, the least recently used dropped first', () => {
    const run = createRun(readWidgetInfo(), {});
    const schema = (limit: number) => ({ type: 'string', maxLength: limit });
    const compiles = countCompiles();
    strictCompile(run, true, schema(0));
    strictCompile(run, true, schema(1));
    for (let limit = 2; limit <= OUTCOMES_KEPT; limit++) {
      strictCompile(run, true, schema(limit));
      if (limit === 2) strictCompile(run, true, schema(0)); // used again: now newer than schema(1)
    }
    expect(compiles()).toBe(OUTCOMES_KEPT + 1);
    expect(run.compiled.size).toBe(OUTCOMES_KEPT);

    strictCompile(run, true, schema(0));
    expect(compiles()).toBe(OUTCOMES_KEPT + 1);
    strictCompile(run, true, schema(1));
    expect(compiles()).toBe(OUTCOMES_KEPT + 2);
    expect(run.compiled.size).toBe(OUTCOMES_KEPT);
  });
});
