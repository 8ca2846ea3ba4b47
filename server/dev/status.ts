/**
 * The state of the development build, shared by `npm run dev` (tools/dev.ts writes it after every check of the
 * flow and content files and after every page build) and the development server (which reads it and tells the open
 * pages). A small JSON file beside the development build it describes, so a restarted server picks it up at once.
 */
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface DevStatus {
  /** The problems of the last save, one formatted line each ("file pointer: message"); empty when it was clean. */
  problems: string[];
  /** How many page builds have completed; a page built before the last one reloads. */
  build: number;
}

/** What a development page learns from the server that sent it: compared with every later status. */
export interface DevPageState {
  /** The build counter when the page was sent. */
  build: number;
  /** A stamp of the content files the server answers with (server/page/content/); a new one means the server restarted with other content. */
  content: string;
  /** Answers to store before the page starts, and the step's real path (/__preview/<version>/<step> only). */
  preview?: DevPreview;
}

export interface DevPreview {
  storageKey: string;
  /** The stored record exactly as the engine's record store writes it. */
  record: string;
  /** The step's real path, which the address bar shows instead of /__preview/... */
  path: string;
}

/** A status event: the file's status plus the content stamp of the server that sends it. */
export type DevStatusEvent = DevStatus & { content: string };

/** The element holding the page's DevPageState (a JSON data block, which the Content-Security-Policy allows). */
export const DEV_STATE_ELEMENT_ID = 'fundflow-dev';

export const DEV_STATUS_FILE_NAME = '.dev-status.json';

/** Where `npm run dev` writes the status: a dotfile in the development build folder, which is never served. */
export function devStatusFile(staticDir: string): string {
  return join(staticDir, DEV_STATUS_FILE_NAME);
}

export const CLEAN_STATUS: DevStatus = { problems: [], build: 0 };

/** The status in the file; a clean status when there is no file (the server was started without `npm run dev`) or it cannot be read. */
export function readDevStatus(file: string): DevStatus {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return CLEAN_STATUS;
  }
  const { problems, build } = (json ?? {}) as Partial<Record<keyof DevStatus, unknown>>;
  return {
    problems: Array.isArray(problems) ? problems.filter((line): line is string => typeof line === 'string') : [],
    build: typeof build === 'number' && Number.isInteger(build) ? build : 0,
  };
}

/** Replaces the file in one step (write, then rename), so a reader never sees half of it. */
export function writeDevStatus(file: string, status: DevStatus): void {
  const partial = `${file}.${process.pid}.tmp`;
  writeFileSync(partial, `${JSON.stringify(status)}\n`);
  renameSync(partial, file);
}
