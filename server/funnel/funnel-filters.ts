/**
 * The query string of GET /api/admin/funnel and its CSV, checked: `version` (required, a version of the flow files),
 * `from` and `to` (YYYY-MM-DD, UTC, `to` inclusive), `utm_source`, `utm_campaign`, `device` and `language` (a code
 * such as "es"). Each bad parameter is named.
 */
import { DEVICE_CLASSES, type DeviceClass } from '../../contracts/funnel.ts';
import { checkDateRange, queryText, type DateRange, type FieldProblem } from '../platform/http/request-query.ts';
import type { FlowSteps } from './flow-steps.ts';

export interface FunnelFilters extends DateRange {
  version: string;
  utmSource?: string;
  utmCampaign?: string;
  device?: DeviceClass;
  language?: string;
}

type Checked = { ok: true; value: FunnelFilters } | { ok: false; fields: FieldProblem[] };

const isDevice = (text: string): text is DeviceClass => DEVICE_CLASSES.some((device) => device === text);

export function checkFunnelQuery(query: Record<string, unknown>, flows: FlowSteps): Checked {
  const problems: FieldProblem[] = [];
  const range = checkDateRange(query, problems);
  const before = problems.length;
  const version = queryText(query, 'version', problems);
  const versions = [...flows.keys()];
  // A version given twice or too long is already named.
  if (problems.length === before && (version === undefined || !flows.has(version))) {
    const problem = version === undefined || version === '' ? 'version is required' : 'version is not a flow version';
    problems.push({ field: 'version', keyword: 'enum', message: `${problem}: one of ${versions.join(', ')}` });
  }
  const filters: Omit<FunnelFilters, 'version'> = { ...range };
  const utmSource = queryText(query, 'utm_source', problems);
  if (utmSource !== undefined && utmSource !== '') filters.utmSource = utmSource;
  const utmCampaign = queryText(query, 'utm_campaign', problems);
  if (utmCampaign !== undefined && utmCampaign !== '') filters.utmCampaign = utmCampaign;
  const device = queryText(query, 'device', problems);
  if (device !== undefined && device !== '') {
    if (isDevice(device)) filters.device = device;
    else
      problems.push({
        field: 'device',
        keyword: 'enum',
        message: `device must be one of ${DEVICE_CLASSES.join(', ')}`,
      });
  }
  const language = queryText(query, 'language', problems);
  if (language !== undefined && language !== '') {
    if (/^[a-z]{2}$/.test(language)) filters.language = language;
    else problems.push({ field: 'language', keyword: 'pattern', message: 'language must be a language code: en, es' });
  }
  if (problems.length > 0 || version === undefined) return { ok: false, fields: problems };
  return { ok: true, value: { version, ...filters } };
}
