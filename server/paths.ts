/**
 * Folders and files the server finds relative to its own location, so it starts the same from any working directory,
 * whether it runs from its sources (server/paths.ts) or compiled (dist/.server/server/paths.js: tsconfig.server.json
 * lays the compiled modules out as the project's, under dist/.server/). What it reads at run time stays where the
 * project keeps it: only the modules are compiled.
 */
import { extname, join } from 'node:path';

/** '.ts' from the sources, '.js' compiled: the extension of the server's own modules where this one runs. */
const MODULE_EXTENSION = extname(import.meta.filename);

/** The project root: the folder holding package.json, server/ and flows/. */
export const PROJECT_ROOT = join(import.meta.dirname, MODULE_EXTENSION === '.js' ? '../../..' : '..');

/** The flow files the page is built from; the server derives the page's routes from them. */
export const FLOWS_DIR = join(PROJECT_ROOT, 'flows');

/** The SQL migrations applied at start. */
export const MIGRATIONS_DIR = join(PROJECT_ROOT, 'server', 'db', 'migrations');

/** The JSON files marketers edit for the API's content calls (thank-you message, home popup). */
export const CONTENT_DIR = join(PROJECT_ROOT, 'server', 'content');

/** The site's content file of the lenders the consent text names, which the server records with each lead. */
export const LENDERS_FILE = join(PROJECT_ROOT, 'site', 'content', 'lenders.json');

/** The ZIP table the lookups answer from (tools/zip-table.ts writes it). */
export const ZIP_TABLE_FILE = join(PROJECT_ROOT, 'server', 'zip', 'us-zipcodes.tsv');

/**
 * A module of the server that runs as a process of its own (`name` relative to server/, without extension), from
 * where this server runs: compiled beside the compiled server, so production never runs TypeScript.
 */
export function serverScript(name: string): string {
  return join(import.meta.dirname, `${name}${MODULE_EXTENSION}`);
}
