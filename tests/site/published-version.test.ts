/** The flows the page routes: the build's, and the flow the page carries when the server wrote one into it. */
import { describe, expect, it } from 'vitest';
import { PUBLISHED_FLOW_GLOBAL } from '../../contracts/flow-studio.ts';
import type { CompiledFlow } from '../../engine/flow/compiled.ts';
import { pageFlows } from '../../site/published-version.ts';

const compiled = (version: string) =>
  ({ flow: { version }, validators: {}, laterValidators: async () => ({}) }) as unknown as CompiledFlow;

describe('pageFlows', () => {
  const built = [compiled('v1'), compiled('v2')];

  it("are the build's on a page that carries no flow", () => {
    expect(pageFlows(built, {})).toBe(built);
  });

  it("are the build's and the page's own published version after them", () => {
    const spring = compiled('spring');
    const flows = pageFlows(built, { [PUBLISHED_FLOW_GLOBAL]: spring });
    expect(flows.map(({ flow }) => flow.version)).toEqual(['v1', 'v2', 'spring']);
    expect(flows[2]).toBe(spring);
  });
});
