/**
 * The flow files' versions (v1, v2, v3): the studio's read-only bases, read once at start from the folder the page is
 * built from, as written (what the checks read) and resolved (what a draft of one starts from).
 */
import { basename } from 'node:path';
import type { Flow } from '../../../engine/flow/definition.ts';
import { readFlowSources, type FlowFile } from '../../../engine/flow/load.ts';
import { resolveFlows } from '../../../engine/flow/overlay.ts';

export interface FileVersion {
  /** Its version label, e.g. "v2". */
  name: string;
  /** Its file's name in flows/, e.g. "business-funding.v2.json": what an overlay of it names in `extends`. */
  file: string;
  /** The file as written: a version that extends another holds only its changes. */
  source: Record<string, unknown>;
  flow: Flow;
}

export interface FlowFiles {
  /** The files as written, as the checks take them ("flows/<name>"). */
  sources: readonly FlowFile[];
  /** Each version once, in the files' order (the first file of a version wins, as the page's routes read them). */
  versions: readonly FileVersion[];
  get(name: string): FileVersion | undefined;
  /** The version whose file has this name ("business-funding.v2.json"). */
  byFile(file: string): FileVersion | undefined;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function readFileVersions(dir: string): FlowFiles {
  const sources = readFlowSources(dir);
  const written = new Map(sources.map(({ file, json }) => [file, json]));
  const byName = new Map<string, FileVersion>();
  // The server starts only with flow files that resolve (the lead flows refuse any other): none is left out here.
  for (const { file, json } of resolveFlows(sources).flows) {
    const source = written.get(file);
    if (!isRecord(json) || typeof json.version !== 'string' || !isRecord(source)) continue;
    if (!byName.has(json.version)) {
      byName.set(json.version, { name: json.version, file: basename(file), source, flow: json as unknown as Flow });
    }
  }
  const versions = [...byName.values()];
  return {
    sources,
    versions,
    get: (name) => byName.get(name),
    byFile: (file) => versions.find((version) => version.file === file),
  };
}
