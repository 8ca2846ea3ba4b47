/** Reads flow files from disk (tools and server only: the page gets its flows from the build). */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { resolveFlows } from './overlay.ts';
import type { FlowFile } from './overlay.ts';
import { formatProblem } from './problem.ts';

export type { FlowFile } from './overlay.ts';

/** A flow file is any .json in the folder except the generated schema. */
export function flowFileNames(dir: string): string[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json') && name !== 'flow.schema.json')
    .sort();
}

/** The flow files as written: a version that extends another holds only its changes (the checks read these). */
export function readFlowSources(dir: string, displayDir = 'flows'): FlowFile[] {
  return flowFileNames(dir).map((name) => {
    const text = readFileSync(join(dir, name), 'utf8');
    return { file: `${displayDir}/${name}`, json: parseJson(text, `${displayDir}/${name}`) };
  });
}

/**
 * The flows of the folder, each whole: a version that extends another is resolved (engine/flow/overlay.ts). Throws,
 * naming the file and pointer, when one cannot be resolved.
 */
export function readFlowFiles(dir: string, displayDir = 'flows'): FlowFile[] {
  const { flows, problems } = resolveFlows(readFlowSources(dir, displayDir));
  if (problems.length > 0) throw new Error(problems.map(formatProblem).join('\n'));
  return flows.map(({ file, json }) => ({ file, json }));
}

function parseJson(text: string, file: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new Error(`${file}: not valid JSON (${(error as Error).message})`, { cause: error });
  }
}
