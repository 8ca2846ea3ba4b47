/**
 * The content marketers edit as JSON files in server/content/: the thank-you message settings and the home popup.
 * Read and checked once at start against the API's own response schemas, so a broken file stops the server with a
 * message naming the file and the field, rather than reaching visitors.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { homePopup, thankYouSettings, type HomePopup, type ThankYouSettings } from '../engine/api/schemas.ts';
import { explainAjvErrors } from '../engine/flow/explain.ts';

export class SiteContentError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'SiteContentError';
  }
}

export interface SiteContent {
  thankYou: ThankYouSettings;
  homePopup: HomePopup;
}

const CONTENT_FILES = { thankYou: 'thank-you.json', homePopup: 'home-popup.json' } as const;

function readContentFile<T>(ajv: Ajv, dir: string, name: string, schema: object): T {
  const shown = `server/content/${name}`;
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(join(dir, name), 'utf8'));
  } catch (error) {
    const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
    const reason = missing ? 'the file is missing' : (error as Error).message;
    throw new SiteContentError(`${shown}: ${reason}`, { cause: error });
  }
  const validate = ajv.compile<T>(schema);
  if (!validate(json)) {
    const problems = explainAjvErrors(validate.errors ?? []).map(
      (found) => `${shown} ${found.pointer || '/'}: ${found.message}`,
    );
    throw new SiteContentError(problems.join('\n'));
  }
  return json;
}

/** Reads both files from dir; throws SiteContentError listing what is wrong. */
export function loadSiteContent(dir: string): SiteContent {
  // verbose: the explanations quote the value that was found.
  const ajv = new Ajv({ strict: true, allErrors: true, verbose: true });
  return {
    thankYou: readContentFile<ThankYouSettings>(ajv, dir, CONTENT_FILES.thankYou, thankYouSettings),
    homePopup: readContentFile<HomePopup>(ajv, dir, CONTENT_FILES.homePopup, homePopup),
  };
}
