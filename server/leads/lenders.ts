/**
 * The participating lenders named in the consent text, from the site's content (site/content/lenders.json), read and
 * checked at start against the schema the page's build checks it with (engine/content/schemas.ts), so the server
 * records the names the page shows.
 */
import { checkJsonFile, contentAjv } from '../../engine/content/json-file.ts';
import { lendersFile, type LendersFile } from '../../engine/content/schemas.ts';
import { SiteContentError } from '../site-content.ts';

/** The file as the server's messages name it, wherever it was read from. */
const SHOWN_FILE = 'site/content/lenders.json';

/** Reads the lenders file at `path`; throws SiteContentError naming the file, the field and the fix when it is not right. */
export function readLenders(path: string): readonly string[] {
  const { problems, json } = checkJsonFile(contentAjv(), path, lendersFile);
  if (problems.length > 0) {
    throw new SiteContentError(
      problems.map((problem) => `${SHOWN_FILE} ${problem.pointer || '/'}: ${problem.message}`).join('\n'),
    );
  }
  return (json as LendersFile).lenders;
}
