/** What the flows offer for buyers' filters: read from the flow files, versions that extend another included. */
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FLOWS_DIR } from '../../../../server/platform/paths.ts';
import { readFlowValues } from '../../../../server/buyers/file/flow-values.ts';

describe('readFlowValues', () => {
  it('lists the credit scores, loan purposes and versions of the flows shipped', () => {
    const values = readFlowValues(FLOWS_DIR);
    expect(values.creditScores).toEqual(['Excellent (720+)', 'Good (680-719)', 'Fair (640-679)', 'Poor (639 or less)']);
    expect(values.loanPurposes).toContain('EQUIPMENTPURCHASE');
    expect(values.loanPurposes).toContain('OTHER');
    expect(values.flowVersions).toEqual(['v1', 'v2', 'v3']);
  });

  it('takes a value a version adds to its step', () => {
    const dir = mkdtempSync(join(tmpdir(), 'fundflow-flows-'));
    cpSync(FLOWS_DIR, dir, { recursive: true });
    const v2 = JSON.parse(readFileSync(join(dir, 'business-funding.v2.json'), 'utf8')) as Record<string, unknown>;
    const steps = (v2.steps ?? {}) as Record<string, unknown>;
    steps['credit-score'] = {
      schema: {
        type: 'object',
        required: ['credit_score'],
        properties: { credit_score: { type: 'string', title: 'Credit', enum: ['Excellent (720+)', 'Unknown'] } },
      },
    };
    writeFileSync(join(dir, 'business-funding.v2.json'), JSON.stringify({ ...v2, steps }));
    expect(readFlowValues(dir).creditScores).toContain('Unknown');
  });
});
