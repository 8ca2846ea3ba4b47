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
import type { WidgetInfo } from './schema.ts';
import { checkAcrossFiles } from './checks/across-files.ts';
import { checkFile } from './checks/one-file.ts';
import { createRun, isObject } from './checks/run.ts';
import type { CheckOptions } from './checks/run.ts';

export type { WidgetInfo } from './schema.ts';
export type { CheckOptions } from './checks/run.ts';
export { KEYWORD_PARAMS } from './checks/run.ts';

export interface Problem {
  /** The file as messages show it, e.g. "flows/business-funding.v2.json". */
  file: string;
  /** JSON pointer to the offending value ("" for the whole file). */
  pointer: string;
  message: string;
}

/** `flows/business-funding.v2.json /steps/zip/next: "revenu" is not a step (did you mean "revenue"?)` */
export function formatProblem(problem: Problem): string {
  return problem.pointer === ''
    ? `${problem.file}: ${problem.message}`
    : `${problem.file} ${problem.pointer}: ${problem.message}`;
}

/** The problems one per line, then a count: what the CLI prints and what the build's error says. */
export function formatProblems(problems: readonly Problem[]): string {
  const files = new Set(problems.map((problem) => problem.file)).size;
  const count = `${problems.length} ${problems.length === 1 ? 'problem' : 'problems'}`;
  return [...problems.map(formatProblem), `flows: ${count} in ${files} ${files === 1 ? 'file' : 'files'}`].join('\n');
}

/** For the build: throws an Error listing every problem (see formatProblems) when any flow file has one. */
export function assertFlowsValid(
  files: readonly FlowFile[],
  widgets: readonly WidgetInfo[],
  options: CheckOptions = {},
): void {
  const problems = checkFlows(files, widgets, options);
  if (problems.length > 0) throw new Error(formatProblems(problems));
}

/** Checks every flow file, alone and against the others; returns every problem found, in file order. */
export function checkFlows(
  files: readonly FlowFile[],
  widgets: readonly WidgetInfo[],
  options: CheckOptions = {},
): Problem[] {
  const run = createRun(widgets, options);
  const problems: Problem[] = [];
  for (const { file, json } of files) {
    checkFile(json, run, (pointer, message) => problems.push({ file, pointer, message }));
  }
  checkAcrossFiles(files, options.reservedPaths ?? new Map(), (file, pointer, message) =>
    problems.push({ file, pointer, message }),
  );
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
