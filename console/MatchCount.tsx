/**
 * How many leads the list's filters match, above the list: exact when the server counted them all, "about" when it
 * gave its estimate (docs/decisions/068-the-count-of-matches-at-volume.md). Announced as it changes with a search.
 */
import type { LeadCountResponse } from '../contracts/console.ts';
import { leadCountPath, type LeadFilters } from './leads-query.ts';
import { useConsoleData } from './use-console-data.ts';

/** "1 lead", "42 leads", "about 1,000,000 leads". */
export function countText({ count, exact }: LeadCountResponse): string {
  return `${exact ? '' : 'about '}${count.toLocaleString('en-US')} ${count === 1 ? 'lead' : 'leads'}`;
}

export function MatchCount({ filters }: { filters: LeadFilters }) {
  const [loaded] = useConsoleData<LeadCountResponse>(leadCountPath(filters));
  return (
    <p role="status" className="console-count">
      {loaded.state === 'loaded' ? countText(loaded.data) : ''}
    </p>
  );
}
