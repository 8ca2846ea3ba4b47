/**
 * Build-time checks of the flow files. Every problem names its file and a JSON pointer into it, reads as a sentence a
 * marketer can act on, and all of them are reported at once:
 *
 *   flows/business-funding.v2.json /steps/zip/next: "revenu" is not a step (did you mean "revenue"?)
 *
 * `npm run flows:check` (tools/flows-check.ts) prints them; the build calls `assertFlowsValid` and stops on any.
 */
import { pointerTo } from './explain.ts';
import type { FlowFile } from './load.ts';
import { resolveFlows } from './overlay.ts';
import { formatProblem, formatProblems } from './problem.ts';
import type { Problem } from './problem.ts';
import type { WidgetInfo } from './schema.ts';
import { checkAcrossFiles } from './checks/across-files.ts';
import { checkFile } from './checks/one-file.ts';
import { createRun, isObject } from './checks/run.ts';
import type { CheckOptions, Run } from './checks/run.ts';

export type { WidgetInfo } from './schema.ts';
export type { CheckOptions } from './checks/run.ts';
export { KEYWORD_PARAMS } from './checks/run.ts';
export type { Problem } from './problem.ts';
export { formatProblem, formatProblems };

/** For the build: throws an Error listing every problem (see formatProblems) when any flow file has one. */
export function assertFlowsValid(
  files: readonly FlowFile[],
  widgets: readonly WidgetInfo[],
  options: CheckOptions = {},
): void {
  const problems = checkFlows(files, widgets, options);
  if (problems.length > 0) throw new Error(formatProblems(problems));
}

/**
 * Checks every flow file, alone and against the others, as resolved (a version that extends another is checked as the
 * whole flow it makes); returns every problem found, in file order, each at the file and pointer that wrote the
 * offending value. A value a version inherits is reported at its base, once.
 */
export function checkFlows(
  files: readonly FlowFile[],
  widgets: readonly WidgetInfo[],
  options: CheckOptions = {},
): Problem[] {
  return flowChecker(widgets, options).check(files);
}

export interface FlowChecker {
  /** What checkFlows finds in these files, with the checker's widgets and options. */
  check(files: readonly FlowFile[]): Problem[];
}

/**
 * checkFlows for any number of checks with the same widgets and options: what every check needs (the flow format's
 * validator, the widgets' options, the JSON Schema compilers) is made once, and each step's schema is compiled once
 * per content (checks/strict-compile.ts). A server that checks a draft at every save keeps one.
 */
export function flowChecker(widgets: readonly WidgetInfo[], options: CheckOptions = {}): FlowChecker {
  const run = createRun(widgets, options);
  return { check: (files) => checkWith(run, files, options) };
}

function checkWith(run: Run, files: readonly FlowFile[], options: CheckOptions): Problem[] {
  const resolved = resolveFlows(files);
  const found: (Problem & { inheritedBy?: string })[] = [...resolved.problems];
  const flows = new Map(resolved.flows.map((flow) => [flow.file, flow]));
  const report = (file: string, pointer: string, message: string) => {
    const writer = flows.get(file)!.writtenIn(pointer);
    found.push(writer === file ? { file, pointer, message } : { file: writer, pointer, message, inheritedBy: file });
  };
  for (const { file, json } of resolved.flows)
    checkFile(json, run, (pointer, message) => report(file, pointer, message));
  checkAcrossFiles(resolved.flows, options.reservedPaths ?? new Map(), report);
  const said = new Set(found.filter((problem) => !problem.inheritedBy).map(formatProblem));
  const problems = found.flatMap(({ inheritedBy, ...problem }): Problem[] => {
    if (inheritedBy === undefined) return [problem];
    if (said.has(formatProblem(problem))) return [];
    return [{ ...problem, message: `${problem.message} (inherited by ${inheritedBy})` }];
  });
  // In file order, then in the order the file reads (a problem about a key that is absent sits at its parent).
  const fileOrder = new Map(files.map(({ file }, index) => [file, index]));
  const positions = new Map(files.map(({ file, json }) => [file, documentOrder(json)]));
  const position = (problem: Problem): number => {
    const known = positions.get(problem.file)!;
    for (let pointer = problem.pointer; ; pointer = pointer.slice(0, pointer.lastIndexOf('/'))) {
      const found = known.get(pointer);
      if (found !== undefined || pointer === '') return found ?? 0;
    }
  };
  return problems
    .map((problem, index) => ({ problem, index, file: fileOrder.get(problem.file)!, at: position(problem) }))
    .sort((a, b) => a.file - b.file || a.at - b.at || a.index - b.index)
    .map(({ problem }) => problem);
}

/** The position of every value of a JSON document in reading order, by pointer. */
function documentOrder(json: unknown): Map<string, number> {
  const order = new Map<string, number>();
  const visit = (value: unknown, pointer: string) => {
    order.set(pointer, order.size);
    if (Array.isArray(value)) value.forEach((item, index) => visit(item, `${pointer}/${index}`));
    else if (isObject(value)) for (const [key, item] of Object.entries(value)) visit(item, pointerTo(pointer, key));
  };
  visit(json, '');
  return order;
}
