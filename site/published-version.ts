/**
 * The flows the page routes: the build's, and the one the page itself may carry (a version published in the flow
 * studio, or the studio's preview of a draft), which the server's inline script sets before this script runs
 * (server/page/published/flow-page.ts). Kept to a lookup: the inline script defines everything else.
 */
import type { CompiledFlow } from '../engine/flow/compiled.ts';
import { PUBLISHED_FLOW_GLOBAL } from '../contracts/flow-studio.ts';

export function pageFlows(built: readonly CompiledFlow[], page: object = globalThis): readonly CompiledFlow[] {
  const own = (page as Partial<Record<string, CompiledFlow>>)[PUBLISHED_FLOW_GLOBAL];
  return own === undefined ? built : [...built, own];
}
