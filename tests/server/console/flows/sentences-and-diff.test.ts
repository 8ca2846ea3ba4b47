/** How the studio says a problem and a version's change: of what it is about, in words a marketer reads. */
import { describe, expect, it } from 'vitest';
import { readableProblem } from '../../../../server/console/flows/problem-sentences.ts';
import { versionDiff } from '../../../../server/console/flows/version-diff.ts';
import { readFileVersions } from '../../../../server/console/flows/file-versions.ts';
import { FLOWS_DIR } from '../../../../server/platform/paths.ts';
import type { Flow } from '../../../../engine/flow/definition.ts';

describe("a draft's problems in sentences", () => {
  it.each([
    [
      '/steps/amount/heading',
      'must not be empty: The question or title of the step.',
      'the heading of step amount is required',
    ],
    ['/formHeading', 'must not be empty: The heading over every step.', 'the form heading is required'],
    ['/consent', '"text" is missing: add it (The marketing consent text)', 'the text of the consent is required'],
    ['/steps/amount', '"progress" is missing: add it', 'the progress of step amount is required'],
    ['/steps/start', '"heading" is missing: add it', 'the heading of step start is required'],
    [
      '/steps/start/next',
      '"amont" is not a step (did you mean "amount"?)',
      'the next of step start: "amont" is not a step (did you mean "amount"?)',
    ],
    [
      '/steps/amount/schema/properties/amount/maximum',
      'expected a number',
      'the schema of step amount (at properties/amount/maximum): expected a number',
    ],
    ['', 'expected an object', 'the draft: expected an object'],
  ])('%s: %s', (pointer, message, sentence) => {
    expect(readableProblem(pointer, message).message).toBe(sentence);
  });

  it('puts a missing key at its own pointer, where the editor shows the emptied field', () => {
    expect(readableProblem('/steps/start', '"heading" is missing: add it')).toEqual({
      pointer: '/steps/start/heading',
      message: 'the heading of step start is required',
    });
    expect(readableProblem('/steps/amount/heading', 'must not be empty: The question or title of the step.')).toEqual({
      pointer: '/steps/amount/heading',
      message: 'the heading of step amount is required',
    });
  });
});

describe("a version's change against its base, per step", () => {
  const v1 = readFileVersions(FLOWS_DIR).get('v1')!.flow;

  it('reads each changed text from and to, a removed and an added step, and the consent by its texts', () => {
    const { 'thank-you': _removed, ...kept } = v1.steps;
    const progress = v1.steps.amount!.progress;
    const changed: Flow = {
      ...v1,
      version: 'spring',
      basePath: '/spring',
      storageKey: 'business-funding-spring',
      consent: { version: 'spring-2026-12-06', text: v1.consent!.text },
      steps: {
        ...kept,
        amount: { ...v1.steps.amount!, heading: 'How much would help?', progress: progress + 1 },
        bonus: { ...v1.steps.amount!, route: 'bonus' },
      },
    };
    expect(versionDiff(v1, changed)).toBe(
      `settings: consent changed (version changed from "${v1.consent!.version}" to "spring-2026-12-06"); ` +
        `amount: progress changed from ${progress} to ${progress + 1}, ` +
        `heading changed from "${v1.steps.amount!.heading}" to "How much would help?"; ` +
        'thank-you: removed; bonus: added',
    );
    expect(versionDiff(v1, { ...v1, version: 'same', basePath: '/same' })).toBe('no change');
  });
});
