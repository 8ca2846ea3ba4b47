/**
 * The validators a step needs before it can render. The start step's come with the page's first script; the rest of
 * a flow's arrive in one chunk (see tools/compile-flows.ts), fetched when the visitor first acts on the start
 * step or when a later step is opened directly.
 */
import type { CompiledFlow, StepValidators } from '../flow/compiled.ts';
import { deferred, readOrSuspend, type Deferred } from './deferred.ts';

type FlowValidators = Readonly<Record<string, StepValidators>>;

const laterByFlow = new WeakMap<CompiledFlow, Deferred<FlowValidators>>();
const NONE: StepValidators = {};

function later(compiled: CompiledFlow): Deferred<FlowValidators> {
  let source = laterByFlow.get(compiled);
  if (source === undefined) {
    source = deferred(compiled.laterValidators, 'the next steps');
    laterByFlow.set(compiled, source);
  }
  return source;
}

/** Starts fetching the flow's later validators unless they are here or on their way. */
export function loadLaterValidators(compiled: CompiledFlow): Promise<void> {
  return later(compiled).load();
}

/** The step's validators; suspends the rendering component until they have arrived. */
export function useStepValidators(compiled: CompiledFlow, stepId: string): StepValidators {
  return compiled.validators[stepId] ?? readOrSuspend(later(compiled))[stepId] ?? NONE;
}
