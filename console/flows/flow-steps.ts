/**
 * A flow's steps as the console lists them: in the order a visitor meets them (from the start, each step's Next
 * targets in turn), then those no Next leads to (a standalone step reached by its own link) in the file's order. The
 * flow comes from the API as plain JSON, and a draft's may be half-written, so it is read without trusting its shape.
 */

export interface StepEntry {
  id: string;
  /** The step's heading as written (placeholders such as {business_name} included); '' when it has none. */
  heading: string;
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The step ids a step's `next` names: one id, or each branch's `goto`. */
function nextIds(step: Json): string[] {
  const { next } = step;
  if (typeof next === 'string') return [next];
  if (!Array.isArray(next)) return [];
  return next.flatMap((branch) => (isObject(branch) && typeof branch.goto === 'string' ? [branch.goto] : []));
}

export function stepsInFlowOrder(flow: Json): StepEntry[] {
  const steps = isObject(flow.steps) ? flow.steps : {};
  const ordered: string[] = [];
  const queue = typeof flow.start === 'string' ? [flow.start] : [];
  // Breadth first: a branching step's targets sit together, before what follows them.
  while (queue.length > 0) {
    const id = queue.shift()!;
    const step = steps[id];
    if (ordered.includes(id) || !isObject(step)) continue;
    ordered.push(id);
    queue.push(...nextIds(step));
  }
  const unreached = Object.keys(steps).filter((id) => !ordered.includes(id));
  return [...ordered, ...unreached].map((id) => {
    const step = steps[id];
    return { id, heading: isObject(step) && typeof step.heading === 'string' ? step.heading : '' };
  });
}

/** A step's link text: "amount: How much do you need?", or the id alone for a step without a heading. */
export const stepLabel = ({ id, heading }: StepEntry) => (heading === '' ? id : `${id}: ${heading}`);
