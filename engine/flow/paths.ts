/** Ways through a flow's steps along Next: the shortest way to a step, and the steps answered before arriving there. */
import type { Flow } from './definition.ts';
import { nextTargets } from './navigation.ts';

/** The step ids from the start to `stepId`, both included, along the fewest Next presses; undefined when no Next leads there. */
export function wayTo(flow: Pick<Flow, 'start' | 'steps'>, stepId: string): string[] | undefined {
  const cameFrom = new Map<string, string | null>([[flow.start, null]]);
  const queue = [flow.start];
  while (queue.length > 0) {
    const current = queue.shift()!;
    if (current === stepId) {
      const way: string[] = [];
      for (let at: string | null = current; at !== null; at = cameFrom.get(at) ?? null) way.unshift(at);
      return way;
    }
    const step = flow.steps[current];
    for (const target of step === undefined ? [] : nextTargets(step)) {
      if (!cameFrom.has(target) && flow.steps[target] !== undefined) {
        cameFrom.set(target, current);
        queue.push(target);
      }
    }
  }
  return undefined;
}

/**
 * The steps whose answers a visitor has given on arriving at `stepId`: those on the way from the start. A step no
 * Next leads to (one reached by its own link) gets those before the step it leads on to, as a visitor sent there from
 * the middle of the flow has.
 */
export function stepsBefore(flow: Pick<Flow, 'start' | 'steps'>, stepId: string): { earlier: string[]; via: string } {
  const way = wayTo(flow, stepId);
  if (way !== undefined) return { earlier: way.slice(0, -1), via: stepId };
  const step = flow.steps[stepId];
  for (const target of step === undefined ? [] : nextTargets(step)) {
    const onward = wayTo(flow, target);
    if (onward !== undefined) return { earlier: onward.slice(0, -1).filter((id) => id !== stepId), via: target };
  }
  return { earlier: [], via: stepId };
}
