/** How the Flows pages word a version's state and numbers. */
import { RETIRED_FINISH_DAYS, type FlowVersionSummary, type VersionStatus } from '../../contracts/flow-studio.ts';
import { formatPercent, formatTime } from '../format.ts';

const STATUS_TEXT: Record<VersionStatus, string> = {
  live: 'Live',
  split: 'In split test',
  retired: 'Retired',
};

/** "Live", "In split test", or "Retired" with when. */
export function statusText({ status, retired_at }: Pick<FlowVersionSummary, 'status' | 'retired_at'>): string {
  return status === 'retired' && retired_at !== null ? `Retired ${formatTime(retired_at)}` : STATUS_TEXT[status];
}

/** Leads per visitor as the funnel page writes it; "—" with no visitor to divide by. */
export const conversionText = (conversion: number | null) => (conversion === null ? '—' : formatPercent(conversion));

/** Who published a version and when; a file version was written in flows/, not published. */
export function publishedText(version: Pick<FlowVersionSummary, 'kind' | 'published_by' | 'published_at'>): string {
  if (version.kind === 'file') return 'A file in flows/';
  return `${version.published_by ?? 'unknown'}, ${formatTime(version.published_at)}`;
}

/** How long a retired version's later steps stay served, so a visitor part way through can finish. */
export const PART_WAY_DAYS = RETIRED_FINISH_DAYS;

/** Until when visitors part way through a version retired at `retiredAt` can finish it. */
export function finishableUntil(retiredAt: string): string {
  const end = new Date(new Date(retiredAt).getTime() + PART_WAY_DAYS * 24 * 60 * 60 * 1000);
  return formatTime(end.toISOString());
}

/** Only a published version that is still open to visitors can be retired: a file version is a base of the code. */
export const mayRetire = (version: Pick<FlowVersionSummary, 'kind' | 'status'>) =>
  version.kind === 'published' && version.status !== 'retired';
