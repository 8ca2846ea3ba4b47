/**
 * A draft's problems (the checks `npm run flows:check` runs, each with a JSON pointer into the draft's resolved flow)
 * where the step editor shows them: those of this step by their field (rjsf's extra errors, by the pointer's path
 * below the step) and as links to that field's input (rjsf's id: `root_` and the path joined by `_`).
 */
import type { ErrorSchema } from '@rjsf/utils';
import type { FlowProblem } from '../../../contracts/flow-studio.ts';

/** A JSON pointer's segments, unescaped (RFC 6901). */
function segmentsOf(pointer: string): string[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** The path inside the step a problem names (`/steps/amount/heading` → ['heading']); undefined for another place. */
export function pathInStep(pointer: string, stepId: string): string[] | undefined {
  const [steps, id, ...rest] = segmentsOf(pointer);
  return steps === 'steps' && id === stepId ? rest : undefined;
}

/** The id rjsf gives the input at this path of the form (`root` for the step itself). */
export function fieldIdOf(path: readonly string[]): string {
  return ['root', ...path].join('_');
}

/** The step's problems as rjsf's extra errors: each message at its path (the step's own at the root). */
export function stepErrorSchema(problems: readonly FlowProblem[], stepId: string): ErrorSchema {
  const root: ErrorSchema = {};
  for (const { pointer, message } of problems) {
    const path = pathInStep(pointer, stepId);
    if (path === undefined) continue;
    let node = root as Record<string, unknown>;
    for (const segment of path) {
      node[segment] ??= {};
      node = node[segment] as Record<string, unknown>;
    }
    node.__errors = [...((node.__errors as string[] | undefined) ?? []), message];
  }
  return root;
}
