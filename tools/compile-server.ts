/**
 * The server compiled to plain JavaScript for production (tsconfig.server.json), into dist/.server/: a dot folder, so
 * the site's file server never serves it. `npm run serve` runs dist/.server/server/index.js, so Node never loads its
 * TypeScript stripper in the running server (docs/decisions/034-one-pipeline-and-a-compiled-server.md).
 */
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..');
export const SERVER_BUILD_DIR = join(ROOT, 'dist', '.server');
const NATIVE_TSC = join(ROOT, 'node_modules', 'typescript-native', 'bin', 'tsc');

/**
 * Compiles the server from the sources as they are now, into a fresh dist/.server/ (a module deleted from the sources
 * leaves no compiled copy behind). Throws with the compiler's messages when it does not compile.
 */
export function compileServer(): void {
  rmSync(SERVER_BUILD_DIR, { recursive: true, force: true });
  // TypeScript 7's native compiler, installed as typescript-native: the `typescript` package is TypeScript 6, kept
  // for the linter, which needs the JavaScript compiler API (docs/decisions/018-lint-format-and-dependency-rules.md).
  const tsc = spawnSync(process.execPath, [NATIVE_TSC, '-p', 'tsconfig.server.json'], { cwd: ROOT, encoding: 'utf8' });
  if (tsc.status !== 0) {
    throw new Error(
      `The server did not compile (tsc -p tsconfig.server.json):\n${`${tsc.stdout}${tsc.stderr}`.trim()}`,
    );
  }
}
