/** Folders the server finds relative to its own location, so it starts the same from any working directory. */
import { fileURLToPath } from 'node:url';

/** The project root: the folder holding package.json, server/ and flows/. */
export const PROJECT_ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The flow files the page is built from; the server derives the page's routes from them. */
export const FLOWS_DIR = fileURLToPath(new URL('../flows', import.meta.url));

/** The SQL migrations applied at start. */
export const MIGRATIONS_DIR = fileURLToPath(new URL('./db/migrations', import.meta.url));

/** The JSON files marketers edit for the API's content calls (thank-you message, home popup). */
export const CONTENT_DIR = fileURLToPath(new URL('./content', import.meta.url));
