/**
 * The participating lenders named in the consent text, from the site's content (site/content/lenders.json), read and
 * checked at start with the same checks as the page's build, so the server records the names the page shows.
 */
import { CONTENT_DIR, readSiteContent } from '../../site/content/check.ts';
import type { LendersFile } from '../../site/content/schemas.ts';
import { SiteContentError } from '../site-content.ts';

/** Throws SiteContentError naming the file, the field and the fix when lenders.json is not right. */
export function readLenders(dir: string = CONTENT_DIR): readonly string[] {
  const { problems, files } = readSiteContent(dir, undefined, ['lenders']);
  const [file] = files;
  if (problems.length > 0 || file === undefined) {
    throw new SiteContentError(problems.map((problem) => `${problem.file} ${problem.pointer || '/'}: ${problem.message}`).join('\n'));
  }
  return (file.json as LendersFile).lenders;
}
