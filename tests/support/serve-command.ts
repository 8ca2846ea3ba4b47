/**
 * `npm run serve`, the production command, read from package.json: the bench, the end-to-end tests and the fault tests
 * start the server exactly as production does, from the compiled server that `npm run build` writes.
 */
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { SERVER_BUILD_DIR } from '../../tools/compile-server.ts';
import { PROJECT_ROOT } from '../../server/platform/paths.ts';

/** The compiled server's entry, relative to the project root. */
export const SERVER_ENTRY = relative(PROJECT_ROOT, join(SERVER_BUILD_DIR, 'server', 'index.js'));

/** The serve script as package.json has it: a shell command line. */
export const SERVE_SCRIPT = (
  JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
).scripts.serve;

export interface ServeCommand {
  /** The variables the script sets. */
  env: Record<string, string>;
  /** Node's arguments, the compiled server's entry last. */
  args: string[];
}

/** The serve script as the variables it sets and node's arguments, for `spawn(process.execPath, args)`. */
export function serveCommand(): ServeCommand {
  const words = (SERVE_SCRIPT ?? '').trim().split(/\s+/);
  const env: Record<string, string> = {};
  for (
    let assignment = /^([A-Z_]+)=(\S*)$/.exec(words[0] ?? '');
    assignment;
    assignment = /^([A-Z_]+)=(\S*)$/.exec(words[0] ?? '')
  ) {
    env[assignment[1]!] = assignment[2]!;
    words.shift();
  }
  const [command, ...args] = words;
  if (command !== 'node' || args.at(-1) !== SERVER_ENTRY) {
    throw new Error(
      `package.json's serve script should be "[NAME=value ...] node [options] ${SERVER_ENTRY}", not "${SERVE_SCRIPT}"`,
    );
  }
  return { env, args };
}
