/**
 * Loads the server's TypeScript modules from the copies the build stripped of their types (dist/.server/, written by
 * server/tools/strip-types.ts), so that Node never loads its own TypeScript stripper: a WebAssembly compiler that
 * stays resident, about 17 MB, for the life of the server (docs/decisions/032-server-memory.md).
 *   node --import ./server/load-stripped.mjs server/index.ts
 * A copy is found by the SHA-256 of the module's source, so an edited module never runs from a stale copy: it has
 * none, and Node strips it as usual. Plain JavaScript, as it must run before any TypeScript can.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { registerHooks } from 'node:module';

const STRIPPED = new URL('../dist/.server/', import.meta.url);

registerHooks({
  load(url, context, nextLoad) {
    if (!url.startsWith('file:') || !url.endsWith('.ts')) return nextLoad(url, context);
    const source = readFileSync(new URL(url));
    const key = createHash('sha256').update(source).digest('hex');
    let stripped;
    try {
      stripped = readFileSync(new URL(`${key}.js`, STRIPPED), 'utf8');
    } catch {
      return nextLoad(url, context);
    }
    return { format: 'module', source: stripped, shortCircuit: true };
  },
});
