/**
 * The versions ranked by what a visitor is worth: leads per visitor (conversion) and revenue per visitor (decision
 * 141). A version without a visitor has neither and ranks last; equal values keep the list's order (files, then
 * published, oldest first).
 */
import type { FlowVersionSummary } from '../../contracts/flow-studio.ts';

/** The order of the Versions table: the list's, or best first by one measure. */
export type VersionOrder = 'list' | 'conversion' | 'revenue';

/** The measure, or null without a visitor. */
export function measureOf(version: FlowVersionSummary, by: Exclude<VersionOrder, 'list'>): number | null {
  return by === 'conversion' ? version.conversion : (version.revenue_per_visitor?.mean ?? null);
}

export function ordered(versions: readonly FlowVersionSummary[], order: VersionOrder): FlowVersionSummary[] {
  if (order === 'list') return [...versions];
  const rank = (version: FlowVersionSummary) => measureOf(version, order) ?? -1;
  // Array.prototype.sort is stable: ties keep the list's order.
  return [...versions].sort((a, b) => rank(b) - rank(a));
}

/**
 * The live versions with the most of the measure, among those with a visitor: one, or those tied at it, in the list's
 * order; none when no live version has had a visitor.
 */
export function bestBy(
  versions: readonly FlowVersionSummary[],
  by: Exclude<VersionOrder, 'list'>,
): FlowVersionSummary[] {
  const ranked = ordered(
    versions.filter((version) => version.status !== 'retired' && measureOf(version, by) !== null),
    by,
  );
  const best = ranked[0] === undefined ? null : measureOf(ranked[0], by);
  return ranked.filter((version) => measureOf(version, by) === best);
}
