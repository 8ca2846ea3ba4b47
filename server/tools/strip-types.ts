/**
 * Writes the server's TypeScript modules stripped of their types into dist/.server/, each named by the SHA-256 of its
 * source, for server/load-stripped.mjs to load instead of having Node strip them in the running server. The build
 * runs it: `node --disable-warning=ExperimentalWarning server/tools/strip-types.ts`.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { stripTypeScriptTypes } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PROJECT_ROOT } from '../paths.ts';

/** The server's modules and everything of the project's it imports (engine code, the site's content checks). */
const SOURCE_FOLDERS = ['server', 'engine', 'site', 'widgets', 'flows'];
export const STRIPPED_DIR = join(PROJECT_ROOT, 'dist', '.server');

function typeScriptFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts'))
    .map((entry) => join(entry.parentPath, entry.name));
}

/**
 * Replaces `outDir` with the stripped copies of every module under `folders`; answers how many were written. A module
 * Node could not strip either (syntax that needs transforming) is left out, and fails as it would without a copy.
 */
export function writeStrippedModules(folders: readonly string[], outDir: string): number {
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  let written = 0;
  for (const file of folders.flatMap(typeScriptFiles)) {
    const source = readFileSync(file);
    let stripped: string;
    try {
      stripped = stripTypeScriptTypes(source.toString('utf8'));
    } catch {
      continue;
    }
    writeFileSync(join(outDir, `${createHash('sha256').update(source).digest('hex')}.js`), stripped);
    written++;
  }
  return written;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const written = writeStrippedModules(
    SOURCE_FOLDERS.map((folder) => join(PROJECT_ROOT, folder)),
    STRIPPED_DIR,
  );
  console.log(`Stripped ${written} server modules into dist/.server/.`);
}
