/**
 * A problem found in a flow file, and how it is printed: the file, a JSON pointer into it and a sentence a marketer
 * can act on.
 *
 *   flows/business-funding.v2.json /steps/zip/next: "revenu" is not a step (did you mean "revenue"?)
 */

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
