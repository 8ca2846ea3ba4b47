/**
 * How the embedded PostgreSQL is started: its settings, its data folder's filesystem, and the V8 setting it needs.
 * Why each: docs/decisions/020-embedded-database-memory-and-durability.md.
 */
import { spawn } from 'node:child_process';
import { closeSync, existsSync, fsyncSync, openSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { PGlite } from '@electric-sql/pglite';
import { serverScript } from '../paths.ts';
import { DurableNodeFS } from './pglite-fs.ts';

/** Set on top of PGlite's start parameters, less its "-F" (fsync off). */
const PGLITE_SETTINGS: Readonly<Record<string, string>> = {
  // A lead answered 201 must survive a power cut: every commit waits for its WAL to be on disk.
  fsync: 'on',
  // Emscripten's fdatasync does nothing; fsync() reaches DurableNodeFS's real one.
  wal_sync_method: 'fsync',
  // Each buffer is WebAssembly memory the process keeps once touched; the default 128MB was most of PGlite's
  // resident memory. Intake touches the tables' last pages and their indexes; the kernel caches the rest.
  shared_buffers: '16MB',
  // Used only by VACUUM and CREATE INDEX, but held for their duration.
  maintenance_work_mem: '16MB',
};

function pgliteStartParams(): string[] {
  return [
    ...PGlite.defaultStartParams.filter((param) => param !== '-F'),
    ...Object.entries(PGLITE_SETTINGS).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
  ];
}

/**
 * V8 runs WebAssembly from its baseline compiler and recompiles the busiest functions with its optimizing one. For
 * postgres's SQL parser that one recompile holds about 600 MB for two seconds, in every process, more than the rest
 * of the embedded database needs. Admitting only a function index no module has, the filter recompiles nothing. It
 * must be set before PGlite compiles its module and holds for the whole process (the only other WebAssembly,
 * undici's HTTP parser, reads the buyer's short answers).
 */
function keepWasmOnBaselineCompiler(): void {
  setFlagsFromString('--wasm-tier-up-filter=2147483647');
}

/** Starts PGlite on an existing data folder (pgdata), or creates one in this process. */
export function startPglite(pgdata: string, sync?: (fd: number) => void): Promise<PGlite> {
  keepWasmOnBaselineCompiler();
  return PGlite.create({ dataDir: pgdata, fs: new DurableNodeFS(pgdata, sync), startParams: pgliteStartParams() });
}

export function isInitialized(pgdata: string): boolean {
  return existsSync(join(pgdata, 'PG_VERSION'));
}

const INIT_SCRIPT = serverScript('platform/db/pglite-init');

/**
 * Creates the data folder pgdata in a child process. PGlite creates one with a second, in-memory PostgreSQL and
 * copies the result over as a tar archive: about 400 MB more for a few seconds, which a process rarely hands back to
 * the system; the child takes that peak and returns it when it exits. It builds the folder under another name,
 * renamed into place once complete and on disk, so a crash meanwhile leaves no half-made database to open.
 */
export async function initializeInChild(pgdata: string): Promise<void> {
  if (existsSync(pgdata) && readdirSync(pgdata).length > 0) {
    throw new Error(`${pgdata} holds files but no database; move it away to start with a new database`);
  }
  const building = `${pgdata}.new`;
  rmSync(building, { recursive: true, force: true });
  try {
    const child = spawn(process.execPath, [INIT_SCRIPT, building], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const code = await new Promise<number | null>((resolve, reject) => {
      child.on('error', reject);
      child.on('close', resolve);
    });
    if (code !== 0 || !isInitialized(building)) {
      throw new Error(`creating it failed (exit code ${code}): ${stderr.trim().split('\n').slice(-3).join(' ')}`);
    }
    renameSync(building, pgdata);
  } finally {
    rmSync(building, { recursive: true, force: true });
  }
  syncPath(dirname(pgdata));
}

/** Puts a file, or the entries of a folder (a rename in it), on disk. */
export function syncPath(path: string): void {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
