/**
 * PGlite has no cross-process lock, and two processes opening one data folder corrupt it. The server holds a lock
 * file in DATA_DIR, holding its process id, for as long as the database is open.
 */
import { linkSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const LOCK_FILE_NAME = 'server.lock';

export class DataDirInUseError extends Error {
  readonly pid: number;

  constructor(dataDir: string, pid: number) {
    super(
      `Another Fundflow server (process ${pid}) is using DATA_DIR ${dataDir}. ` +
        'Stop it or set another DATA_DIR (or set DATABASE_URL to share a PostgreSQL database).',
    );
    this.name = 'DataDirInUseError';
    this.pid = pid;
  }
}

export interface DataDirLock {
  readonly file: string;
  /** The process id of a server that stopped without releasing the lock, when this one took it over. */
  readonly staleFrom: number | undefined;
  release(): void;
}

/** Lock files this process holds, released on exit if nothing released them earlier. */
const held = new Set<string>();
let exitHookInstalled = false;

function releaseFile(file: string): void {
  if (!held.delete(file)) return;
  try {
    if (readPid(file) === process.pid) unlinkSync(file);
  } catch {
    // already gone
  }
}

function readPid(file: string): number | undefined {
  const text = readFileSync(file, 'utf8').trim();
  return /^\d+$/.test(text) ? Number(text) : undefined;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function errorCode(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException).code;
}

/** Takes the lock on dataDir (which must exist) or throws DataDirInUseError. */
export function lockDataDir(dataDir: string): DataDirLock {
  const file = join(dataDir, LOCK_FILE_NAME);
  if (held.has(file)) throw new DataDirInUseError(dataDir, process.pid);
  if (!exitHookInstalled) {
    process.on('exit', () => [...held].forEach(releaseFile));
    exitHookInstalled = true;
  }

  let staleFrom: number | undefined;
  for (let attempt = 0; attempt < 5; attempt++) {
    // Write the whole file under a private name, then link it into place: the link fails if the lock exists, and a
    // reader never sees a half-written lock.
    const temp = `${file}.${process.pid}.tmp`;
    writeFileSync(temp, `${process.pid}\n`);
    try {
      linkSync(temp, file);
      held.add(file);
      return { file, staleFrom, release: () => releaseFile(file) };
    } catch (error) {
      if (errorCode(error) !== 'EEXIST') throw error;
    } finally {
      unlinkSync(temp);
    }

    let pid: number | undefined;
    try {
      pid = readPid(file);
    } catch (error) {
      if (errorCode(error) === 'ENOENT') continue; // released in the meantime
      throw error;
    }
    // Our own pid here means a recycled pid (a restarted container): that lock is left from an earlier run.
    if (pid !== undefined && pid !== process.pid && isAlive(pid)) throw new DataDirInUseError(dataDir, pid);
    staleFrom = pid;
    try {
      unlinkSync(file);
    } catch (error) {
      if (errorCode(error) !== 'ENOENT') throw error;
    }
  }
  throw new DataDirInUseError(dataDir, readPid(file) ?? 0);
}
