/** A lead of a version published in the studio reads in that version's words, as a file version's lead does. */
import { describe, expect, it } from 'vitest';
import type { Flow } from '../../../../engine/flow/definition.ts';
import { FLOWS_DIR } from '../../../../server/platform/paths.ts';
import { answerGroups, readAnswerLabels } from '../../../../server/console/leads/answer-labels.ts';
import { readFileVersions } from '../../../../server/console/flows/file-versions.ts';

const v1 = readFileVersions(FLOWS_DIR).get('v1')!.flow;
const springPromo: Flow = {
  ...v1,
  version: 'spring-promo',
  basePath: '/spring-promo',
  storageKey: 'business-funding-spring-promo',
  steps: { ...v1.steps, amount: { ...v1.steps.amount!, heading: 'How much would help this spring?' } },
};

describe("a published version's answer labels", () => {
  it("groups a lead's answers under the published version's own headings", () => {
    const labels = readAnswerLabels(FLOWS_DIR, {
      get: (name) => (name === 'spring-promo' ? { flow: springPromo } : undefined),
    });
    const groups = answerGroups(labels, 'spring-promo', { amount: 25000 });
    expect(groups[0]).toMatchObject({
      title: 'How much would help this spring?',
      answers: [{ field: 'amount', text: '25,000' }],
    });
    expect(answerGroups(labels, 'v1', { amount: 25000 })[0]!.title).toBe(v1.steps.amount!.heading);
  });

  it('leaves a version no file or published version has to the fields as stored', () => {
    const labels = readAnswerLabels(FLOWS_DIR, { get: () => undefined });
    expect(answerGroups(labels, 'gone', { amount: 25000 })).toEqual([
      { title: 'Other fields', answers: [expect.objectContaining({ field: 'amount', text: '25,000' }) as unknown] },
    ]);
  });
});
