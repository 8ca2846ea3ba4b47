/**
 * Adding and removing a step of a draft, kept in the chain of `next`: a step added after another takes over where
 * that one led and becomes its next step; a step removed is skipped by the steps that led to it. A branching `next`
 * (a list) is left for the user to change: the checks name it.
 */
import { overlayWithStep, resolvedStep } from './overlay-diff.ts';

type Json = Record<string, unknown>;

export interface NewStep {
  id: string;
  /** The step the new one is a copy of: its fields, widgets and words to change. */
  copyOf: string;
  /** The step after which visitors meet it. */
  after: string;
}

/** The step id rule of the flow format (`^[a-z][a-z0-9-]*$`), said as the form does. */
export const STEP_ID_PATTERN = /^[a-z][a-z0-9-]*$/;

export function withStepAdded(overlay: Json, baseSteps: Json, { id, copyOf, after }: NewStep): Json {
  const copy = resolvedStep(overlay, copyOf, baseSteps) ?? {};
  const previous = resolvedStep(overlay, after, baseSteps);
  const added = { ...copy, route: id, next: previous?.next };
  if (added.next === undefined) delete added.next;
  let result = overlayWithStep(overlay, id, added, baseSteps);
  if (previous !== undefined) result = overlayWithStep(result, after, { ...previous, next: id }, baseSteps);
  return result;
}

export function withStepRemoved(overlay: Json, baseSteps: Json, stepIds: readonly string[], id: string): Json {
  const removed = resolvedStep(overlay, id, baseSteps);
  let result = overlayWithStep(overlay, id, null, baseSteps);
  for (const other of stepIds) {
    const step = resolvedStep(result, other, baseSteps);
    if (other === id || step?.next !== id) continue;
    const relinked: Json = { ...step, next: removed?.next };
    if (relinked.next === undefined) delete relinked.next;
    result = overlayWithStep(result, other, relinked, baseSteps);
  }
  return result;
}
