/** Paths through one flow file: every step reachable, progress never going back, routes unique. */
import { pointerTo } from '../explain.ts';
import type { JsonObject } from '../schema.ts';
import { suggest } from '../suggest.ts';
import { isObject, joinAnd, quoted } from './run.ts';
import type { Report } from './run.ts';

function targetsOf(step: unknown): string[] {
  if (!isObject(step)) return [];
  if (typeof step.next === 'string') return [step.next];
  if (!Array.isArray(step.next)) return [];
  return step.next.flatMap((branch: unknown) =>
    isObject(branch) && typeof branch.goto === 'string' ? [branch.goto] : [],
  );
}

export function checkPaths(json: JsonObject, steps: JsonObject, report: Report): void {
  // Every step is reached from the start, or is standalone (reached by its own link) or reached from one that is.
  // A misspelt target is taken to mean the step it was reported as, so one typo is one problem.
  if (typeof json.start === 'string' && json.start in steps) {
    const stepIds = Object.keys(steps);
    const reached = new Set<string>();
    const queue = [json.start, ...stepIds.filter((id) => isObject(steps[id]) && steps[id].standalone === true)];
    while (queue.length > 0) {
      const id = queue.shift()!;
      if (reached.has(id)) continue;
      reached.add(id);
      for (const target of targetsOf(steps[id])) {
        const meant = target in steps ? target : suggest(target, stepIds);
        if (meant !== undefined) queue.push(meant);
      }
    }
    // Report where each unreachable part begins (a step nothing leads to), naming the steps cut off with it.
    const resolved = (id: string) => targetsOf(steps[id]).filter((target) => target in steps && target !== id);
    const unreached = stepIds.filter((id) => !reached.has(id));
    const ledTo = new Set(unreached.flatMap(resolved));
    const covered = new Set<string>();
    const roots = [...unreached.filter((id) => !ledTo.has(id)), ...unreached];
    for (const root of roots) {
      if (covered.has(root)) continue;
      const after: string[] = [];
      const queue = [root];
      while (queue.length > 0) {
        const id = queue.shift()!;
        if (covered.has(id) || reached.has(id)) continue;
        covered.add(id);
        if (id !== root) after.push(id);
        queue.push(...resolved(id));
      }
      const cutOff = after.length === 0 ? '' : `, and so neither can ${joinAnd(after.map(quoted))} after it`;
      const remedy = 'lead to it with a "next", or mark it "standalone": true if it has its own link';
      report(
        pointerTo('', 'steps', root),
        `cannot be reached from the start step ${quoted(json.start)}${cutOff} (${remedy})`,
      );
    }
  }

  // Progress never goes down along a path: every step's progress is at least that of each step leading to it.
  const progressOf = (id: string): number | undefined => {
    const step = steps[id];
    return isObject(step) && typeof step.progress === 'number' ? step.progress : undefined;
  };
  for (const [from, step] of Object.entries(steps)) {
    const fromProgress = progressOf(from);
    if (fromProgress === undefined) continue;
    for (const to of new Set(targetsOf(step))) {
      const toProgress = progressOf(to);
      if (toProgress !== undefined && toProgress < fromProgress) {
        const message = `${toProgress} is lower than ${fromProgress} on ${quoted(from)} which leads here: the bar would go back; make it at least ${fromProgress}, or lower that step's`;
        report(pointerTo('', 'steps', to, 'progress'), message);
      }
    }
  }

  // Routes are unique within the file.
  const routes = new Map<string, string>();
  for (const [id, step] of Object.entries(steps)) {
    if (!isObject(step) || typeof step.route !== 'string') continue;
    const first = routes.get(step.route);
    if (first === undefined) routes.set(step.route, id);
    else {
      report(
        pointerTo('', 'steps', id, 'route'),
        `the route ${quoted(step.route)} is already used by step ${quoted(first)}`,
      );
    }
  }
}
