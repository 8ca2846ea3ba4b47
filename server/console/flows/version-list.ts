/**
 * The versions as the Flows page lists them: the files' (read-only bases) and the published ones, each with its
 * status, its share of '/' and its funnel, all time: visitors, leads, revenue and revenue per visitor (the funnel's
 * own query over its rollups, as the console's funnel page reads it).
 */
import type { FlowVersionSummary, VersionStatus } from '../../../contracts/flow-studio.ts';
import { catchUpRevenue, funnelReport } from '../../funnel/index.ts';
import type { PublishedVersion } from '../../page/index.ts';
import type { FileVersion } from './file-versions.ts';
import type { Studio } from './studio.ts';
import { SOURCE_LANGUAGE_NAME } from '../../../engine/language/language-file.ts';

/** A version's languages by name: English, then those it is translated into, in the languages' order. */
function languageNames(studio: Studio, translated: (code: string) => boolean): string[] {
  const others = studio.languages.filter(({ file }) => translated(file.language)).map(({ file }) => file.name);
  return [SOURCE_LANGUAGE_NAME, ...others];
}

/**
 * The weights '/' is shared by now: the studio's (live versions only) once it has set any, else SPLIT_TEST's. A
 * version with no weight, or alone in the test, is not split.
 */
export function splitShares(studio: Pick<Studio, 'catalog' | 'files' | 'splitTest'>): ReadonlyMap<string, number> {
  const studioWeights = studio.catalog.splitWeights();
  if (studioWeights === undefined) return studio.splitTest;
  return new Map([...studioWeights].filter(([name]) => isLive(studio, name)));
}

/** A file's version, or a published one not retired. */
export function isLive(studio: Pick<Studio, 'catalog' | 'files'>, name: string): boolean {
  if (studio.files.get(name) !== undefined) return true;
  const published = studio.catalog.get(name);
  return published !== undefined && published.retiredAt === null;
}

function statusOf(name: string, retired: boolean, shares: ReadonlyMap<string, number>): VersionStatus {
  if (retired) return 'retired';
  const inTest = [...shares.values()].filter((weight) => weight > 0).length > 1;
  return inTest && (shares.get(name) ?? 0) > 0 ? 'split' : 'live';
}

async function funnelOf(studio: Studio, name: string) {
  const { visitors, leads, revenue, revenue_per_visitor } = await funnelReport(studio.db, { version: name }, []);
  return {
    visitors,
    leads,
    conversion: visitors === 0 ? null : leads / visitors,
    revenue,
    revenue_per_visitor: visitors === 0 ? null : revenue_per_visitor,
  };
}

export async function fileSummary(studio: Studio, file: FileVersion): Promise<FlowVersionSummary> {
  const shares = splitShares(studio);
  const extended = file.source.extends;
  return {
    name: file.name,
    kind: 'file',
    path: file.flow.basePath === '' ? '/' : file.flow.basePath,
    base: typeof extended === 'string' ? (studio.files.byFile(extended)?.name ?? extended) : null,
    status: statusOf(file.name, false, shares),
    weight: shares.get(file.name) ?? 0,
    // The flow files are translated whole: the build refuses a language that lacks a text.
    languages: languageNames(studio, () => true),
    published_by: null,
    published_at: null,
    retired_at: null,
    ...(await funnelOf(studio, file.name)),
  };
}

export async function publishedSummary(studio: Studio, version: PublishedVersion): Promise<FlowVersionSummary> {
  const shares = splitShares(studio);
  const retired = version.retiredAt !== null;
  return {
    name: version.name,
    kind: 'published',
    path: `/${version.name}`,
    base: version.base,
    status: statusOf(version.name, retired, shares),
    weight: retired ? 0 : (shares.get(version.name) ?? 0),
    languages: languageNames(studio, (code) => version.languages.includes(code)),
    published_by: version.publishedBy,
    published_at: version.publishedAt.toISOString(),
    retired_at: version.retiredAt?.toISOString() ?? null,
    ...(await funnelOf(studio, version.name)),
  };
}

/** Every version: the files' in their order, then the published ones, oldest first. */
export async function versionSummaries(studio: Studio): Promise<FlowVersionSummary[]> {
  // The sales and returns committed so far are in each version's revenue.
  await catchUpRevenue(studio.db);
  return Promise.all([
    ...studio.files.versions.map((file) => fileSummary(studio, file)),
    ...studio.catalog.published().map((version) => publishedSummary(studio, version)),
  ]);
}
