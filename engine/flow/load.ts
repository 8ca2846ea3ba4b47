/** Reads flow files from disk (tools and server only: the page gets its flows from the build). */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface FlowFile {
  /** Path relative to the project root, as messages show it, e.g. "flows/business-funding.v2.json". */
  file: string;
  /** The parsed JSON, not yet checked. */
  json: unknown;
}

/** A flow file is any .json in the folder except the generated schema. */
export function flowFileNames(dir: string): string[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json') && name !== 'flow.schema.json')
    .sort();
}

export function readFlowFiles(dir: string, displayDir = 'flows'): FlowFile[] {
  return flowFileNames(dir).map((name) => {
    const text = readFileSync(join(dir, name), 'utf8');
    return { file: `${displayDir}/${name}`, json: parseJson(text, `${displayDir}/${name}`) };
  });
}

function parseJson(text: string, file: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new Error(`${file}: not valid JSON (${(error as Error).message})`, { cause: error });
  }
}
