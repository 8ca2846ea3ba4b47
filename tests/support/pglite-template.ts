/**
 * Global setup of the server tests: one new embedded data folder, made through openPglite, that each test database
 * starts as a copy of. Creating one takes seconds of CPU; copying it, a fraction.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPglite } from '../../server/platform/db/pglite.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A closed, new embedded data folder (DATA_DIR/pgdata) to copy. */
    pgliteTemplate: string;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  const dir = mkdtempSync(join(tmpdir(), 'fundflow-db-template-'));
  await (await openPglite(dir)).close();
  project.provide('pgliteTemplate', join(dir, 'pgdata'));
  return () => rmSync(dir, { recursive: true, force: true });
}
