/** The sample answers a preview fills in: accepted by every earlier step of every real flow, and leading to the step. */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import createAjvInstance from '@rjsf/validator-ajv8/lib/createAjvInstance.js';
import type { Flow } from '../../../engine/flow/definition.ts';
import { readFlowFiles } from '../../../engine/flow/load.ts';
import { nextStepId } from '../../../engine/flow/navigation.ts';
import { stepsBefore } from '../../../engine/flow/paths.ts';
import type { FormRecord } from '../../../engine/state/record.ts';
import { sampleForPattern } from '../../../engine/flow/sample/pattern-sample.ts';
import { branchTestFor, previewAnswers } from '../../../engine/flow/sample/sample-answers.ts';
import { SampleMaker } from '../../../engine/flow/sample/schema-sample.ts';

// An instance of its own, as the page builds its validators: the generator's checks are not taken on trust.
const ajv = createAjvInstance();

function pick(answers: FormRecord, fields: readonly string[]): FormRecord {
  return Object.fromEntries(fields.filter((field) => field in answers).map((field) => [field, answers[field]]));
}

function refusal(flow: Flow, stepId: string, answers: FormRecord): string | undefined {
  const schema = flow.steps[stepId]!.schema;
  if (schema === undefined) return undefined;
  const validate = ajv.compile(schema);
  const data = pick(answers, Object.keys(schema.properties));
  return validate(data) ? undefined : `${stepId} refuses ${JSON.stringify(data)}: ${ajv.errorsText(validate.errors)}`;
}

const flows = readFlowFiles(join(import.meta.dirname, '..', '..', '..', 'flows')).map(({ file, json }) => ({
  file,
  flow: json as Flow,
}));

describe.each(flows)('the preview answers of $file', ({ flow }) => {
  it.each(Object.keys(flow.steps))(
    '%s: every earlier step accepts them, and Next leads through those steps to it',
    async (stepId) => {
      const { earlier, answers, unfit } = await previewAnswers(flow, stepId);
      expect(unfit).toEqual([]);
      for (const id of earlier) expect(refusal(flow, id, answers)).toBeUndefined();

      // Next, pressed on each earlier step with these answers, walks exactly the earlier steps and on to the step
      // (or, for a step only its own link leads to, to the step it leads on to).
      const { via } = stepsBefore(flow, stepId);
      const test = branchTestFor(flow, new SampleMaker());
      const walked = [flow.start];
      while (walked.length <= earlier.length) {
        const at = walked[walked.length - 1]!;
        const next = nextStepId(at, flow.steps[at]!, answers, test);
        if (next === undefined) break;
        walked.push(next);
      }
      expect(walked).toEqual([...earlier, via]);
    },
  );
});

describe('the preview answers', () => {
  const v3 = flows.find(({ flow }) => flow.version === 'v3')?.flow;

  it('choose the answer a branch needs: v3 sends a Poor credit score to the alternatives', async () => {
    expect(v3).toBeDefined();
    const toAlternatives = await previewAnswers(v3!, 'alternatives');
    expect(toAlternatives.answers.credit_score).toBe('Poor (639 or less)');
    const toBusiness = await previewAnswers(v3!, 'about-business');
    expect(toBusiness.answers.credit_score).not.toBe('Poor (639 or less)');
    expect(toBusiness.earlier).not.toContain('alternatives');
  });

  it('fill nothing for the start, and everything up to the last question for the thank-you step', async () => {
    const v2 = flows.find(({ flow }) => flow.version === 'v2')!.flow;
    expect((await previewAnswers(v2, v2.start)).answers).toEqual({});
    const { answers } = await previewAnswers(v2, 'thank-you');
    expect(answers).toMatchObject({ business_zipcode: '10001', email: 'alex.morgan@example.com', phone: '2125550123' });
    // The name step's action runs as Next would have run it.
    expect(answers.full_name).toBe(`${String(answers.first_name)} ${String(answers.last_name)}`);
  });

  it('give a step reached only by its own link the answers of the steps before the one it leads on to', () => {
    const v1 = flows.find(({ flow }) => flow.version === 'v1')!.flow;
    const { earlier, via } = stepsBefore(v1, 'alternatives');
    expect(via).toBe('about-business');
    expect(earlier).toEqual(stepsBefore(v1, 'about-business').earlier);
  });
});

describe('a sample value', () => {
  const maker = new SampleMaker();
  const value = (schema: Record<string, unknown>, name = 'field') => maker.value(schema, name);

  it('is the schema’s own example, default, constant or first choice when it has one', () => {
    expect(value({ type: 'string', examples: ['Acme Inc'], default: 'Other' })).toBe('Acme Inc');
    expect(value({ type: 'integer', default: 25000, minimum: 0 })).toBe(25000);
    expect(value({ const: true })).toBe(true);
    expect(value({ type: 'string', enum: ['Weekly', 'Monthly'] })).toBe('Weekly');
    expect(
      value({
        type: 'string',
        oneOf: [
          { const: 'A1', title: 'First' },
          { const: 'B2', title: 'Second' },
        ],
      }),
    ).toBe('A1');
  });

  it('skips an example or default its own schema refuses', () => {
    expect(value({ type: 'string', pattern: '^[0-9]{5}$', default: 'none', examples: ['abc'] }, 'code')).toMatch(
      /^[0-9]{5}$/,
    );
  });

  it('fits formats: an email address, a date, a date and time, a web address', () => {
    expect(value({ type: 'string', format: 'email' })).toBe('alex.morgan@example.com');
    expect(value({ type: 'string', format: 'date' })).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(maker.accepts({ type: 'string', format: 'date-time' }, value({ type: 'string', format: 'date-time' }))).toBe(
      true,
    );
    expect(value({ type: 'string', format: 'uri' })).toMatch(/^https:\/\//);
  });

  it('fits the field: a 10-digit US phone number, a ZIP code, a year', () => {
    expect(value({ type: 'string', pattern: '^[0-9]{10}$' }, 'phone')).toBe('2125550123');
    expect(value({ type: 'string', pattern: '^[0-9]{3}-[0-9]{3}-[0-9]{4}$' }, 'mobile_phone')).toBe('212-555-0123');
    expect(value({ type: 'string', minLength: 5, maxLength: 5, pattern: '^[0-9]*$' }, 'business_zipcode')).toBe(
      '10001',
    );
    expect(value({ type: 'string', pattern: '^(19[0-9]{2}|20[0-9]{2})$' }, 'founded_year')).toBe('2015');
  });

  it('fits a pattern nothing else fits, and the length limits', () => {
    const schema = { type: 'string', pattern: '^[A-Z]{2}-\\d{4}$' };
    expect(value(schema, 'reference')).toMatch(/^[A-Z]{2}-\d{4}$/);
    expect(sampleForPattern('^(?:ab|cd)+x?$', 2)).toBe('ababx');
    expect(value({ type: 'string', minLength: 12, maxLength: 14 }, 'notes')).toHaveLength(12);
  });

  it('fits number limits and steps', () => {
    expect(value({ type: 'integer', minimum: 10001, multipleOf: 5000 })).toBe(15000);
    expect(value({ type: 'number', exclusiveMinimum: 0, maximum: 1 })).toBeGreaterThan(0);
    expect(value({ type: 'integer', maximum: -5 })).toBe(-5);
  });
});
