/**
 * The participating lenders, from the site's content (site/content/lenders.json), read and checked at start against
 * the schema and the rules the page's build checks it with (contracts/lenders.ts), so the server records the names the
 * page shows. Their ids tie each to its buyer in BUYERS_FILE (server/buyers/file/buyers-file.ts).
 */
import { join } from 'node:path';
import { checkJsonFile, contentAjv } from '../../../engine/content/json-file.ts';
import { lenderRepeats, lendersFile, type Lender, type LendersFile } from '../../../contracts/lenders.ts';
import { SiteContentError } from '../../page/index.ts';
import { PROJECT_ROOT } from '../../platform/paths.ts';

export type { Lender } from '../../../contracts/lenders.ts';
export { lenderNames } from '../../../contracts/lenders.ts';

/** The site's content file of the lenders the consent text names, which the server records with each lead. */
export const LENDERS_CONTENT_FILE = join(PROJECT_ROOT, 'site', 'content', 'lenders.json');

/** The file as the server's messages name it, wherever it was read from. */
const SHOWN_FILE = 'site/content/lenders.json';

/**
 * Reads the lenders file at `path`: `{ id, name }` of each, in the file's order (the consent's). Throws
 * SiteContentError naming the file, the field and the fix when it is not right.
 */
export function readLenders(path: string): readonly Lender[] {
  const { problems, json } = checkJsonFile(contentAjv(), path, lendersFile);
  const found = problems.length > 0 ? problems : lenderRepeats((json as LendersFile).lenders);
  if (found.length > 0) {
    throw new SiteContentError(
      found.map((problem) => `${SHOWN_FILE} ${problem.pointer || '/'}: ${problem.message}`).join('\n'),
    );
  }
  return (json as LendersFile).lenders;
}
