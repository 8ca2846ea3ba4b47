/**
 * A flow as the page receives it from the build: the checked flow file plus its precompiled validators, one module
 * per step, so validation needs no code generation in the browser (no `unsafe-eval`). Only the start step's come
 * with the page's first script; the others arrive in a chunk of their own (see engine/render/step-validators.ts).
 */
import type { Flow } from './definition.ts';
import type { FormRecord } from '../state/record.ts';
import { keywordErrors, type AjvLikeError, type KeywordError } from '../validation/messages.ts';
import { branchValidatorName, stepValidatorName } from './to-rjsf.ts';
import type { BranchTest } from './navigation.ts';

/** An ajv validate function, precompiled (standalone) or compiled at run time. */
export type ValidateFunction = ((data: unknown) => boolean) & { errors?: AjvLikeError[] | null };

/** Validators of one step, by export name (the step's own, its branch tests, and the sub-schemas rjsf asks about). */
export type StepValidators = Readonly<Record<string, ValidateFunction>>;

export interface CompiledFlow {
  flow: Flow;
  /** The validators that come with the flow, by step: the start step's. */
  validators: Readonly<Record<string, StepValidators>>;
  /** The other steps' validators, by step. */
  laterValidators: () => Promise<Readonly<Record<string, StepValidators>>>;
}

/** A version's validators: the same for every language, whose flows differ in their texts only. */
export type FlowValidators = Pick<CompiledFlow, 'validators' | 'laterValidators'>;

/** The flows with their versions' validators (a version without validators has none to run). */
export function withValidators(
  flows: readonly Flow[],
  byVersion: Readonly<Record<string, FlowValidators>>,
): CompiledFlow[] {
  return flows.map((flow) => ({
    flow,
    ...(byVersion[flow.version] ?? { validators: {}, laterValidators: () => Promise.resolve({}) }),
  }));
}

/** The step's errors for these answers, by field and keyword; empty when the step is valid. */
export function validateStep(validators: StepValidators, stepId: string, data: FormRecord): KeywordError[] {
  const validate = validators[stepValidatorName(stepId)];
  if (!validate) return [];
  return validate(data) ? [] : keywordErrors(validate.errors ?? []);
}

/** The branch tests of the step being left, from that step's validators. */
export function branchTest(validators: StepValidators): BranchTest {
  return (stepId, index, answers) => {
    const test = validators[branchValidatorName(stepId, index)];
    if (!test) throw new Error(`No precompiled test for branch ${index} of step "${stepId}"`);
    return test(answers);
  };
}
