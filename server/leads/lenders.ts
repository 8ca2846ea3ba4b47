/**
 * The participating lenders named in the consent text, from the site's content (site/content/lenders.json), read and
 * checked at start with the same checks as the page's build, so the server records the names the page shows.
 */
import { CONTENT_DIR, readSiteContent } from '../../site/content/check.ts';
import type { LendersFile } from '../../site/content/schemas.ts';

export class LendersError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LendersError';
  }
}

export function readLenders(dir: string = CONTENT_DIR): readonly string[] {
  const { problems, files } = readSiteContent(dir);
  const lendersProblems = problems.filter((problem) => problem.file.endsWith('/lenders.json'));
  if (lendersProblems.length > 0) {
    throw new LendersError(lendersProblems.map((problem) => `${problem.file} ${problem.pointer || '/'}: ${problem.message}`).join('\n'));
  }
  const file = files.find((checked) => checked.key === 'lenders');
  if (file === undefined) throw new LendersError('site/content/lenders.json could not be read');
  return (file.json as LendersFile).lenders;
}
