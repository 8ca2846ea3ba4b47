/**
 * Writes the JSON Schemas editors check files with, as they are typed: flows/flow.schema.json from the flow format
 * (engine/flow/definition.ts) and the widget registry, site/content/schemas/*.schema.json from the landing-page
 * content's shapes (site/content/schemas.ts) and server/page/content/schemas/*.schema.json from the thank-you and popup
 * files' shapes (server/page/content/schemas.ts); and the generated parts of the marketer guide, flows/README.md (its
 * reference, from the same sources, and the flow diagrams). `--check` only compares: it fails when a committed file
 * is out of date.
 *
 *   npm run flows:schema             write the files
 *   npm run flows:schema -- --check  exit 1 when any differs from what would be written
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { flowSchemaText } from '../engine/flow/schema.ts';
import { widgets } from '../widgets/info.ts';
import { contentSchemaFiles, serverContentSchemaFiles } from './content-schema-files.ts';
import { FLOWS_README, FLOWS_README_SHOWN, graphSection, readmeWith, referenceSection } from './flows-readme.ts';

interface Output {
  path: string;
  /** The file as messages show it. */
  shown: string;
  text: string;
}

function outputs(): Output[] {
  return [
    {
      path: fileURLToPath(new URL('../flows/flow.schema.json', import.meta.url)),
      shown: 'flows/flow.schema.json',
      text: flowSchemaText(widgets),
    },
    ...contentSchemaFiles().map(({ name, text }) => ({
      path: fileURLToPath(new URL(`../site/content/schemas/${name}`, import.meta.url)),
      shown: `site/content/schemas/${name}`,
      text,
    })),
    ...serverContentSchemaFiles().map(({ name, text }) => ({
      path: fileURLToPath(new URL(`../server/page/content/schemas/${name}`, import.meta.url)),
      shown: `server/page/content/schemas/${name}`,
      text,
    })),
    { path: FLOWS_README, shown: FLOWS_README_SHOWN, text: readmeWith([referenceSection(), graphSection()]) },
  ];
}

function current(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

function main(args: readonly string[]): number {
  let all: Output[];
  try {
    all = outputs();
  } catch (error) {
    // A broken flow file or a removed marker in flows/README.md: the message says which and what to do.
    console.error((error as Error).message);
    return 1;
  }
  const stale = all.filter((output) => current(output.path) !== output.text);
  if (args.includes('--check')) {
    for (const output of stale) console.error(`${output.shown} is out of date: run npm run flows:schema`);
    if (stale.length > 0) return 1;
    console.log('schemas are up to date');
    return 0;
  }
  for (const output of stale) {
    mkdirSync(dirname(output.path), { recursive: true });
    writeFileSync(output.path, output.text);
    console.log(`wrote ${output.shown}`);
  }
  if (stale.length === 0) console.log('schemas are up to date');
  return 0;
}

process.exitCode = main(process.argv.slice(2));
