/**
 * Checks the flow files: `npm run flows:check` (the flows/ folder) or `tsx tools/flows-check.ts <folder>`,
 * together with the landing-page content files in site/content/, the server's in server/page/content/ and the languages
 * in flows/languages/ (the build checks all four): a language's missing, left-over or mismatched texts are problems.
 * Prints every problem, one per line with its file and JSON pointer, then a count, and exits 1; prints "flows: N files
 * OK" when there is none.
 */
import { readFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkFlows, formatProblems } from '../engine/flow/checks.ts';
import type { Problem } from '../engine/flow/checks.ts';
import { flowFileNames } from '../engine/flow/load.ts';
import type { FlowFile } from '../engine/flow/load.ts';
import { widgets } from '../widgets/info.ts';
import { builtInPagePaths } from '../contracts/public-config.ts';
import { checkSiteContent } from '../site/content/check.ts';
import { checkServerContent } from '../server/page/content/check.ts';
import { checkLanguages } from './languages.ts';

const ROOT = fileURLToPath(new URL('../', import.meta.url));

/** Reads every flow file of a folder; a file that is not JSON is a problem too, not the end of the run. */
function readAll(dir: string, shown: string): { files: FlowFile[]; unreadable: Problem[] } {
  const files: FlowFile[] = [];
  const unreadable: Problem[] = [];
  for (const name of flowFileNames(dir)) {
    const file = `${shown}/${name}`;
    try {
      files.push({ file, json: JSON.parse(readFileSync(join(dir, name), 'utf8')) });
    } catch (error) {
      unreadable.push({ file, pointer: '', message: `not valid JSON (${(error as Error).message})` });
    }
  }
  return { files, unreadable };
}

function main(args: readonly string[]): number {
  const dir = args[0] === undefined ? join(ROOT, 'flows') : resolve(args[0]);
  const shown = relative(process.cwd(), dir).split(sep).join('/') || '.';
  let read: ReturnType<typeof readAll>;
  try {
    read = readAll(dir, shown);
  } catch (error) {
    console.error(`flows: cannot read ${shown} (${(error as Error).message})`);
    return 1;
  }
  const problems = [
    ...read.unreadable,
    ...checkFlows(read.files, widgets, { reservedPaths: builtInPagePaths() }),
    ...checkSiteContent(),
    ...checkServerContent(),
    // The languages are checked against files that passed their own checks: a broken flow is reported once.
    ...(read.unreadable.length === 0 ? checkLanguages(dir, shown, read.files).problems : []),
  ];
  if (problems.length > 0) {
    console.log(formatProblems(problems));
    return 1;
  }
  const count = read.files.length;
  console.log(`flows: ${count} ${count === 1 ? 'file' : 'files'} OK`);
  return 0;
}

process.exitCode = main(process.argv.slice(2));
