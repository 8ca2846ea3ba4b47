/**
 * Sample answers for the steps before a given step, so any step of any flow can be opened directly: in development
 * (/__preview/<version>/<step>) and in the console's flow studio (/studio-preview/<draft>/<step>). Each value comes
 * from the field's own schema (schema-sample.ts), so the answers are ones the steps themselves accept. Where a step
 * branches, its answers are chosen so Next leads along the way to the previewed step.
 */
import type { ApiClient } from '../../api/client.ts';
import type { Action } from '../../actions/action.ts';
import { fullName } from '../../actions/full-name.ts';
import type { Flow, Step } from '../definition.ts';
import { nextStepId, type BranchTest } from '../navigation.ts';
import { stepsBefore } from '../paths.ts';
import type { FormRecord } from '../../state/record.ts';
import { isSchema, SampleMaker, type Schema } from './schema-sample.ts';

/** Actions that only derive answers from answers: run in a preview as the page would run them on Next. */
const DERIVING_ACTIONS: Readonly<Record<string, Action>> = { 'full-name': fullName };

/** The combinations of per-field choices, first choices first, at most `limit` of them. */
function* combinations(choices: readonly (readonly unknown[])[], limit: number): Generator<unknown[]> {
  const indexes = choices.map(() => 0);
  for (let produced = 0; produced < limit; produced++) {
    yield indexes.map((index, field) => choices[field]![index]);
    let field = choices.length - 1;
    while (field >= 0 && indexes[field] === choices[field]!.length - 1) indexes[field--] = 0;
    if (field < 0) return;
    indexes[field]!++;
  }
}

export interface StepSample {
  answers: FormRecord;
  /** Whether the step's schema accepts the answers and Next leads to the wanted step. */
  ok: boolean;
}

/**
 * Answers a step's schema accepts; with `leadsTo`, ones for which Next leads there (the first combination of field
 * values that does). Fields no sample fits are left out.
 */
export function sampleStep(
  maker: SampleMaker,
  stepId: string,
  step: Step,
  earlier: FormRecord,
  leadsTo?: { target: string; test: BranchTest },
): StepSample {
  const schema = step.schema as Schema | undefined;
  const properties = isSchema(schema?.properties) ? (schema.properties as Record<string, Schema>) : {};
  const fields = Object.keys(properties).filter((key) => isSchema(properties[key]));
  const choices = fields.map((key) => {
    const values = maker.values(properties[key]!, key);
    return values.length > 0 ? values : [undefined];
  });
  let first: FormRecord | undefined;
  for (const combination of combinations(choices, 2000)) {
    const answers: FormRecord = {};
    fields.forEach((key, index) => {
      if (combination[index] !== undefined) answers[key] = combination[index];
    });
    first ??= answers;
    const valid = schema === undefined || maker.accepts(schema, answers);
    const leads =
      leadsTo === undefined || nextStepId(stepId, step, { ...earlier, ...answers }, leadsTo.test) === leadsTo.target;
    if (valid && leads) return { answers, ok: true };
  }
  return { answers: first ?? {}, ok: false };
}

export interface PreviewAnswers {
  /** The ids of the steps whose answers were filled, in order. */
  earlier: string[];
  answers: FormRecord;
  /** Steps whose sample answers did not fit (their schema refused them, or Next led elsewhere): none for a sound flow. */
  unfit: string[];
}

/** A branch test compiled from the flow's own `when` schemas with the page's validator. */
export function branchTestFor(flow: Pick<Flow, 'steps'>, maker: SampleMaker): BranchTest {
  return (stepId, index, answers) => {
    const next = flow.steps[stepId]?.next;
    const when = Array.isArray(next) ? next[index]?.when : undefined;
    return when === undefined || maker.accepts(when as Schema, answers);
  };
}

const NO_API = new Proxy({} as ApiClient, {
  get: () => () => Promise.reject(new Error('a preview does not call the server')),
});

/** The answers a visitor has given on arriving at `stepId` of `flow`, made up from the earlier steps' schemas. */
export async function previewAnswers(flow: Flow, stepId: string, maker = new SampleMaker()): Promise<PreviewAnswers> {
  const { earlier, via } = stepsBefore(flow, stepId);
  const test = branchTestFor(flow, maker);
  let answers: FormRecord = {};
  const unfit: string[] = [];
  for (const [index, id] of earlier.entries()) {
    const step = flow.steps[id]!;
    const sample = sampleStep(maker, id, step, answers, { target: earlier[index + 1] ?? via, test });
    if (!sample.ok) unfit.push(id);
    answers = { ...answers, ...sample.answers };
    const derive = step.action === undefined ? undefined : DERIVING_ACTIONS[step.action];
    if (derive === undefined) continue;
    const result = await derive({
      flow,
      stepId: id,
      answers,
      api: NO_API,
      certificateEnabled: false,
      pageUrl: '',
      now: () => new Date(),
      log: () => {},
    });
    if (result.ok) answers = { ...answers, ...result.answers };
  }
  return { earlier, answers, unfit };
}
