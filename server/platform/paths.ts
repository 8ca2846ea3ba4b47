/**
 * Folders and files the server finds relative to its own location, so it starts the same from any working directory,
 * whether it runs from its sources (server/platform/paths.ts) or compiled (dist/.server/server/platform/paths.js: tsconfig.server.json
 * lays the compiled modules out as the project's, under dist/.server/). What it reads at run time stays where the
 * project keeps it: only the modules are compiled.
 */
import { extname, join } from 'node:path';

/** '.ts' from the sources, '.js' compiled: the extension of the server's own modules where this one runs. */
const MODULE_EXTENSION = extname(import.meta.filename);

/** The project root: the folder holding package.json, server/ and flows/. */
export const PROJECT_ROOT = join(import.meta.dirname, MODULE_EXTENSION === '.js' ? '../../../..' : '../..');

/** The flow files the page is built from; the server derives the page's routes from them. */
export const FLOWS_DIR = join(PROJECT_ROOT, 'flows');

/** The SQL migrations applied at start. */
export const MIGRATIONS_DIR = join(PROJECT_ROOT, 'server', 'platform', 'db', 'migrations');

/**
 * A module of the server that runs as a process of its own (`name` relative to server/, without extension), from
 * where this server runs: compiled beside the compiled server, so production never runs TypeScript.
 */
export function serverScript(name: string): string {
  return join(import.meta.dirname, '..', `${name}${MODULE_EXTENSION}`);
}
