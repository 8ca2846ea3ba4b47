/**
 * Writes flows/flow.schema.json from the flow format (engine/flow/format.ts) and the widget registry, so editors
 * check flow files as they are typed. `--check` only compares: it fails when the committed file is out of date.
 *
 *   npm run flows:schema             write the file
 *   npm run flows:schema -- --check  exit 1 when it differs from what would be written
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { flowSchemaText } from '../flow/schema.ts';
import { widgets } from '../../widgets/index.ts';

const FLOW_SCHEMA_FILE = fileURLToPath(new URL('../../flows/flow.schema.json', import.meta.url));
const SHOWN = 'flows/flow.schema.json';

function current(): string | undefined {
  try {
    return readFileSync(FLOW_SCHEMA_FILE, 'utf8');
  } catch {
    return undefined;
  }
}

function main(args: readonly string[]): number {
  const text = flowSchemaText(widgets);
  if (args.includes('--check')) {
    if (current() !== text) {
      console.error(`${SHOWN} is out of date: run npm run flows:schema`);
      return 1;
    }
    console.log(`${SHOWN} is up to date`);
    return 0;
  }
  if (current() === text) {
    console.log(`${SHOWN} is up to date`);
    return 0;
  }
  writeFileSync(FLOW_SCHEMA_FILE, text);
  console.log(`wrote ${SHOWN}`);
  return 0;
}

process.exitCode = main(process.argv.slice(2));
