/** `node server/platform/db/pglite-init.ts <pgdata>`: creates the embedded database's data folder (see initializeInChild). */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { startPglite, syncPath } from './pglite-start.ts';

/** PGlite copies the new folder in with plain writes; nothing syncs them but this. */
function syncTree(path: string): void {
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (entry.isDirectory()) syncTree(join(path, entry.name));
    else if (entry.isFile()) syncPath(join(path, entry.name));
  }
  syncPath(path);
}

const pgdata = process.argv[2];
if (pgdata === undefined) throw new Error('usage: pglite-init.ts <data folder>');
await (await startPglite(pgdata)).close();
syncTree(pgdata);
