/**
 * The steps of each flow version, in the flow file's order, read once at start from the flow files the page is
 * built from, and of each version published in the flow studio: the events endpoint refuses a version or step that is not among them, and the funnel lists a version's
 * steps in this order, the ones only a branch reaches (v3's alternatives) included.
 */
import { readFlowFiles } from '../../engine/flow/load.ts';
import type { VersionCatalog } from '../page/index.ts';

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

/**
 * The files' versions and, kept current as the catalog polls them, the versions published in the flow studio (a
 * retired one included: a visitor part way through still sends its events). The same map object throughout, so the
 * routes holding it see each version as soon as this server knows it.
 */
export function withPublishedSteps(files: FlowSteps, catalog: VersionCatalog): FlowSteps {
  const steps = new Map(files);
  const update = () => {
    const published = catalog.published();
    const names = new Set(published.map(({ name }) => name));
    for (const version of steps.keys()) if (!files.has(version) && !names.has(version)) steps.delete(version);
    for (const { name, flow } of published) if (!files.has(name)) steps.set(name, Object.keys(flow.steps));
  };
  update();
  catalog.onChange(update);
  return steps;
}
