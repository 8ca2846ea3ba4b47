/**
 * `npm run flows:graph`: redraws the diagram of every flow in flows/README.md (a Mermaid block per flow file, which
 * the code host renders), after an edit to the steps or their "next".
 */
import { writeFileSync } from 'node:fs';
import { FLOWS_README, FLOWS_README_SHOWN, graphSection, readmeWith } from './flows-readme.ts';

try {
  writeFileSync(FLOWS_README, readmeWith([graphSection()]));
  console.log(`wrote the flow diagrams in ${FLOWS_README_SHOWN}`);
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
}
