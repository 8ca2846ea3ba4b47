/**
 * The participating lenders named in the consent text, from the site's content (site/content/lenders.json), read and
 * checked at start with the same checks as the page's build, so the server records the names the page shows.
 */
import { readSiteContent } from '../../site/content/check.ts';
import type { LendersFile } from '../../site/content/schemas.ts';
import { SiteContentError } from '../site-content.ts';

/** The folder as the server's messages name it, wherever it was read from. */
const SHOWN_DIR = 'site/content';

/** Reads lenders.json from `dir`; throws SiteContentError naming the file, the field and the fix when it is not right. */
export function readLenders(dir: string): readonly string[] {
  const { problems, files } = readSiteContent(dir, SHOWN_DIR, ['lenders']);
  const [file] = files;
  if (problems.length > 0 || file === undefined) {
    throw new SiteContentError(problems.map((problem) => `${problem.file} ${problem.pointer || '/'}: ${problem.message}`).join('\n'));
  }
  return (file.json as LendersFile).lenders;
}
