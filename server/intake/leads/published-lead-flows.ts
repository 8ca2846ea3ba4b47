/**
 * The lead flows as they are now: the flow files' (read once at start) and the versions published in the flow studio
 * (from the catalog, as it polls them). A published version's lead is validated against its own schemas; one that is
 * retired still takes leads, so nothing a visitor part way through sends is lost.
 */
import type { VersionCatalog } from '../../page/index.ts';
import type { ConsentNames } from '../../../engine/flow/consent.ts';
import { leadFlowOf, type LeadFlow, type LeadFlows } from './lead-flows.ts';

/**
 * `files` and every published version, compiled once each when the catalog first has it. A published version that
 * cannot take leads (the studio's checks refuse to publish one) is reported and left out: its leads are refused as
 * a version this server does not know.
 */
export function publishedLeadFlows(
  files: LeadFlows,
  catalog: VersionCatalog,
  names: ConsentNames,
  onUnfit: (version: string, error: unknown) => void,
): () => LeadFlows {
  const compiled = new Map<string, LeadFlow | undefined>();
  let current: LeadFlows = files;
  const update = () => {
    const all = new Map(files);
    for (const { name, flow } of catalog.published()) {
      if (!compiled.has(name)) {
        try {
          compiled.set(name, leadFlowOf(`published version ${name}`, flow, names));
        } catch (error) {
          compiled.set(name, undefined);
          onUnfit(name, error);
        }
      }
      const lead = compiled.get(name);
      if (lead !== undefined && !all.has(name)) all.set(name, lead);
    }
    current = all;
  };
  update();
  catalog.onChange(update);
  return () => current;
}
