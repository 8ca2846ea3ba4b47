/** The funnel page's filters as its address carries them, and as GET /api/admin/funnel and its CSV take them. */
import { FLOW_VERSIONS } from '../.generated/flow-versions.ts';
import { VERSION_NAME_PATTERN } from '../contracts/flow-studio.ts';
import { DEVICE_CLASSES, FUNNEL_CSV_PATH, FUNNEL_PATH } from '../contracts/funnel.ts';
import { queryString } from './console-api.ts';

export interface FunnelFilters {
  /** YYYY-MM-DD */
  from: string;
  /** YYYY-MM-DD, inclusive */
  to: string;
  utm_source: string;
  utm_campaign: string;
  /** A device class, or '' for every device. */
  device: string;
  /** A language code ("es"), or '' for every language. */
  language: string;
}

const KNOWN_DEVICES: readonly string[] = DEVICE_CLASSES;

/** The filters in the address; the dates fall back to `range` (the page opens on a recent range). */
export function funnelFiltersFrom(search: URLSearchParams, range: { from: string; to: string }): FunnelFilters {
  const value = (name: keyof FunnelFilters) => search.get(name)?.trim() ?? '';
  return {
    from: value('from') || range.from,
    to: value('to') || range.to,
    utm_source: value('utm_source'),
    utm_campaign: value('utm_campaign'),
    // An unknown device in a hand-edited address is no filter rather than a refused request.
    device: KNOWN_DEVICES.includes(value('device')) ? value('device') : '',
    language: value('language'),
  };
}

/**
 * The version whose steps the page shows: the address's when it is a flow file's version or could be a published one's
 * name (the flow studio's, which the build does not know: the server says if there is none), else the first.
 */
export function shownVersion(search: URLSearchParams): string {
  const asked = search.get('version');
  const known = asked !== null && (FLOW_VERSIONS.includes(asked) || new RegExp(VERSION_NAME_PATTERN).test(asked));
  return known ? asked : (FLOW_VERSIONS[0] ?? '');
}

/** The versions compared side by side: the files', and the one shown when it is a published version. */
export const comparedVersions = (shown: string): string[] =>
  FLOW_VERSIONS.includes(shown) ? [...FLOW_VERSIONS] : [...FLOW_VERSIONS, shown];

export const funnelPath = (version: string, filters: FunnelFilters) =>
  `${FUNNEL_PATH}${queryString({ version, ...filters })}`;

export const funnelCsvPath = (version: string, filters: FunnelFilters) =>
  `${FUNNEL_CSV_PATH}${queryString({ version, ...filters })}`;
