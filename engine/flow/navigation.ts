/** Where steps live and where Next leads: pure functions over a flow, shared by the page, the server and the tools. */
import type { Flow, Step } from './definition.ts';
import type { FormRecord } from '../state/record.ts';

/** The URL path of a step: the flow's basePath plus the step's route ('/' for the main version's start). */
export function stepPath(flow: Pick<Flow, 'basePath'>, step: Pick<Step, 'route'>): string {
  const path = step.route === '' ? flow.basePath : `${flow.basePath}/${step.route}`;
  return path === '' ? '/' : path;
}

/** Every URL path the flows serve, for the server's 404 decision and the router. */
export function allStepPaths(flows: readonly Pick<Flow, 'basePath' | 'steps'>[]): string[] {
  return flows.flatMap((flow) => Object.values(flow.steps).map((step) => stepPath(flow, step)));
}

/** Tests whether the answers match a branch's `when`; the page and the tools supply precompiled or compiled tests. */
export type BranchTest = (stepId: string, branchIndex: number, answers: FormRecord) => boolean;

/** The id of the step Next leads to, or undefined for a step that ends the flow. */
export function nextStepId(stepId: string, step: Step, answers: FormRecord, test: BranchTest): string | undefined {
  const { next } = step;
  if (next === undefined || typeof next === 'string') return next;
  const index = next.findIndex((branch, i) => branch.when === undefined || test(stepId, i, answers));
  return index === -1 ? undefined : next[index]!.goto;
}

/**
 * The step before `stepId` on the visitor's path: the flow walked from its start with the answers, each step's Next
 * taken as the engine takes it. Undefined when the walk does not come to `stepId` (no answers yet, or answers that
 * lead elsewhere).
 */
export function previousStepId(
  flow: Pick<Flow, 'start' | 'steps'>,
  stepId: string,
  answers: FormRecord,
  test: BranchTest,
): string | undefined {
  const walked = new Set<string>();
  let current = flow.start;
  // A flow's branches may lead back to an earlier step: a step walked twice ends the walk.
  while (!walked.has(current)) {
    walked.add(current);
    const step = flow.steps[current];
    if (step === undefined) return undefined;
    const next = nextStepId(current, step, answers, test);
    if (next === stepId) return current;
    if (next === undefined) return undefined;
    current = next;
  }
  return undefined;
}

/** Every step id a step's Next can lead to, whatever the answers. */
export function nextTargets(step: Step): string[] {
  const { next } = step;
  if (next === undefined) return [];
  return typeof next === 'string' ? [next] : next.map((branch) => branch.goto);
}

/**
 * The query string for a navigation: the current parameters with the target's own merged over them, so campaign
 * parameters survive every step.
 */
export function mergeQuery(currentSearch: string, targetSearch = ''): string {
  const merged = new URLSearchParams(currentSearch);
  for (const [name, value] of new URLSearchParams(targetSearch)) merged.set(name, value);
  const text = merged.toString();
  return text === '' ? '' : `?${text}`;
}

/**
 * The form heading: the `header` query parameter when present and not blank (dashes and plus signs read as spaces,
 * repeated spaces collapse), otherwise the flow's own heading.
 */
export function formHeading(defaultHeading: string, search: string): string {
  const header = new URLSearchParams(search).get('header');
  if (header === null) return defaultHeading;
  const text = header.replace(/[-+]/g, ' ').replace(/\s+/g, ' ').trim();
  return text === '' ? defaultHeading : text;
}

/** The record fields a flow fills from query parameters on arrival (e.g. zip → zip_user). */
export function answersFromQuery(query: Flow['query'], search: string): FormRecord {
  const params = new URLSearchParams(search);
  const answers: FormRecord = {};
  for (const [param, field] of Object.entries(query ?? {})) {
    const value = params.get(param);
    if (value !== null && value !== '') answers[field] = value;
  }
  return answers;
}
