/**
 * Reading one content JSON file and checking it against its schema: the part the site's checks (site/content/check.ts)
 * and the server's (server/page/content/check.ts, server/intake/leads/lenders.ts) share, so a file's problems read alike wherever
 * they are found. Tools and server only: this module reads the disk.
 */
import { readFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import type { Problem } from '../flow/checks.ts';
import { explainAjvErrors } from '../flow/explain.ts';

/** A problem inside a file; the caller adds the file's name as its messages show it. */
export type Located = Omit<Problem, 'file'>;

/** The validator content files are checked with: verbose, so the explanations quote the value found and the rule's description. */
export function contentAjv(): Ajv {
  return new Ajv({ strict: true, allErrors: true, verbose: true });
}

function readJson(path: string): { json: unknown } | { reason: string } {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
      return { reason: `cannot be read (${(error as Error).message})` };
    return {
      reason: 'the file is missing: restore it from version control, or write it as its schema in schemas/ says',
    };
  }
  try {
    return { json: JSON.parse(text) };
  } catch (error) {
    // The parser's message may quote the file across lines; one line per problem keeps the list readable.
    const detail = (error as Error).message.replace(/\s+/g, ' ');
    return { reason: `not valid JSON (${detail}): fix the spot it names, often a missing comma or quote` };
  }
}

/**
 * One JSON content file read and checked against its schema (with an ajv from contentAjv): every problem, and the
 * parsed JSON whenever the file is JSON (its shape is the schema's only when there are no problems). A file that is
 * missing or not JSON is one problem at the pointer "" (the whole file).
 */
export function checkJsonFile(ajv: Ajv, path: string, schema: object): { problems: Located[]; json?: unknown } {
  const read = readJson(path);
  if ('reason' in read) return { problems: [{ pointer: '', message: read.reason }] };
  const validate = ajv.compile<unknown>(schema);
  if (validate(read.json)) return { problems: [], json: read.json };
  return { problems: explainAjvErrors(validate.errors ?? []), json: read.json };
}
