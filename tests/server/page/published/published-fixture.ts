/**
 * Published versions for the tests: v1 (flows/business-funding.json) changed as a test needs and completed as the
 * studio publishes it (its own version, address and storage key), compiled and written as publishing writes it.
 */
import type { Flow } from '../../../../engine/flow/definition.ts';
import { readFlowFiles, readFlowSources } from '../../../../engine/flow/load.ts';
import { resolveFlows } from '../../../../engine/flow/overlay.ts';
import { readLanguages } from '../../../../engine/language/language-flows.ts';
import { translateFlowSources } from '../../../../engine/language/translated-flows.ts';
import { compileVersion, publishVersion } from '../../../../server/page/index.ts';
import type { Queryable } from '../../../../server/platform/db/types.ts';
import { FLOWS_DIR } from '../../../../server/platform/paths.ts';

/** v1, resolved, as a fresh copy to change. */
export function v1Flow(): Flow {
  const file = readFlowFiles(FLOWS_DIR).find(({ json }) => (json as Flow).version === 'v1');
  if (file === undefined) throw new Error('flows/ has no v1');
  return structuredClone(file.json as Flow);
}

/** v1 in Spanish (flows/languages/es.json), resolved, as a fresh copy to change: what the studio publishes in Spanish. */
export function spanishV1Flow(): Flow {
  const spanish = readLanguages(FLOWS_DIR).find(({ language }) => language === 'es')!;
  const { flows } = resolveFlows(translateFlowSources(readFlowSources(FLOWS_DIR), spanish));
  return structuredClone(flows.find(({ json }) => (json as Flow).version === 'v1')!.json as Flow);
}

/** v1 (or `from`) with `change` applied, completed as the version `name`. */
export function versionOf(name: string, change: (flow: Flow) => void = () => {}, from = v1Flow): Flow {
  const flow = from();
  change(flow);
  return { ...flow, version: name, basePath: `/${name}`, storageKey: `business-funding-${name}` };
}

/** Publishes v1 changed by `change` as `name`, by the console user `by`. */
export async function publishFromV1(
  db: Queryable,
  name: string,
  change: (flow: Flow) => void = () => {},
  /** Published in Spanish too: v1 in Spanish changed by `change`, then by this (the change's words in Spanish). */
  spanish?: (flow: Flow) => void,
): Promise<{ flow: Flow; result: 'published' | 'taken' }> {
  const flow = versionOf(name, change);
  const inSpanish = versionOf(name, change, spanishV1Flow);
  spanish?.(inSpanish);
  const result = await publishVersion(db, {
    name,
    base: 'v1',
    overlay: { extends: 'business-funding.json', version: name },
    flow,
    compiled: compileVersion(flow),
    languages: spanish === undefined ? [] : [{ language: 'es', flow: inSpanish, compiled: compileVersion(inSpanish) }],
    by: 'marketer@example.com',
  });
  return { flow, result };
}
