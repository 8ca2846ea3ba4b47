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

/**
 * Compiles the server from the sources as they are now, into a fresh dist/.server/ (a module deleted from the sources
 * leaves no compiled copy behind). Throws with the compiler's messages when it does not compile.
 */
export function compileServer(): void {
  rmSync(SERVER_BUILD_DIR, { recursive: true, force: true });
  const tsc = spawnSync('npx', ['tsc', '-p', 'tsconfig.server.json'], { cwd: ROOT, encoding: 'utf8' });
  if (tsc.status !== 0) {
    throw new Error(`The server did not compile (tsc -p tsconfig.server.json):\n${`${tsc.stdout}${tsc.stderr}`.trim()}`);
  }
}
