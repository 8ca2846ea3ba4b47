/**
 * The steps of each flow version, in the flow file's order, read once at start from the flow files the page is
 * built from: the events endpoint refuses a version or step that is not among them, and the funnel lists a version's
 * steps in this order, the ones only a branch reaches (v3's alternatives) included.
 */
import { readFlowFiles } from '../../engine/flow/load.ts';

/** Step ids by version label ("v1", "v2", ...). */
export type FlowSteps = ReadonlyMap<string, readonly string[]>;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The versions of the flow files in `dir`. A file without a version or steps is left out: it cannot be served, and
 * the server's other checks (the lead flows, `npm run flows:check`) name what is wrong with it.
 */
export function readFlowSteps(dir: string): FlowSteps {
  const steps = new Map<string, readonly string[]>();
  for (const { json } of readFlowFiles(dir)) {
    if (!isRecord(json) || typeof json.version !== 'string' || !isRecord(json.steps)) continue;
    if (!steps.has(json.version)) steps.set(json.version, Object.keys(json.steps));
  }
  return steps;
}
