/**
 * The generated parts of the marketer guide, flows/README.md: the reference (written with flow.schema.json by
 * `npm run flows:schema`) and the diagram of every flow (`npm run flows:graph`). `npm run flows:schema -- --check`,
 * the first step of `npm test`, fails when either is out of date.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { checkFlows, formatProblems } from '../engine/flow/checks.ts';
import type { Flow } from '../engine/flow/definition.ts';
import { describeChanges, flowGraph } from '../engine/flow/graph.ts';
import { readFlowSources } from '../engine/flow/load.ts';
import { resolveFlows } from '../engine/flow/overlay.ts';
import { flowReference } from '../engine/flow/reference.ts';
import { actions } from '../engine/actions/index.ts';
import { ACTION_SUMMARIES } from '../engine/actions/summaries.ts';
import { widgets } from '../widgets/info.ts';
import { withSections, type Section } from './generated-sections.ts';

export const FLOWS_DIR = fileURLToPath(new URL('../flows/', import.meta.url));
export const FLOWS_README = fileURLToPath(new URL('../flows/README.md', import.meta.url));
export const FLOWS_README_SHOWN = 'flows/README.md';

export function referenceSection(): Section {
  return {
    name: 'reference',
    command: 'npm run flows:schema',
    content: flowReference(widgets, Object.keys(actions), ACTION_SUMMARIES),
  };
}

/**
 * The diagrams of the flow files in `dir`, each version resolved, with what a version that extends another changes;
 * throws the check's problems when a file is broken (no picture of those).
 */
export function graphSection(dir: string = FLOWS_DIR): Section {
  const sources = readFlowSources(dir);
  const problems = checkFlows(sources, widgets);
  if (problems.length > 0)
    throw new Error(`the diagrams need valid flow files; fix these first:\n${formatProblems(problems)}`);
  const parts = resolveFlows(sources).flows.flatMap(({ file, json, changes }) => {
    const flow = json as Flow;
    return [
      `### ${flow.version}: \`${file}\`, at \`${flow.basePath || '/'}\``,
      '',
      ...(changes === undefined ? [] : [describeChanges(changes), '']),
      '```mermaid',
      flowGraph(flow, changes),
      '```',
      '',
    ];
  });
  return { name: 'diagrams', command: 'npm run flows:graph', content: parts.join('\n') };
}

/** flows/README.md as it is now, with the given sections rewritten. */
export function readmeWith(sections: readonly Section[]): string {
  return withSections(readFileSync(FLOWS_README, 'utf8'), sections, FLOWS_README_SHOWN);
}
