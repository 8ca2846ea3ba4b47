/** The leads list's filters as the page's address carries them and as GET /api/admin/leads takes them. */
import { LEAD_COUNT_PATH, LEAD_STATUSES, LEADS_PATH } from '../contracts/console.ts';
import { queryString } from './console-api.ts';

export interface LeadFilters {
  /** An email, a phone number or a lead id. */
  q: string;
  status: string;
  version: string;
  /** YYYY-MM-DD */
  from: string;
  /** YYYY-MM-DD, inclusive */
  to: string;
  utm_source: string;
  utm_campaign: string;
  /** A language code: "es". */
  language: string;
}

const KNOWN_STATUSES: readonly string[] = LEAD_STATUSES;

export function filtersFrom(search: URLSearchParams): LeadFilters {
  const value = (name: keyof LeadFilters) => search.get(name)?.trim() ?? '';
  return {
    q: value('q'),
    // An unknown status in a hand-edited address is no filter rather than a refused request.
    status: KNOWN_STATUSES.includes(value('status')) ? value('status') : '',
    version: value('version'),
    from: value('from'),
    to: value('to'),
    utm_source: value('utm_source'),
    utm_campaign: value('utm_campaign'),
    language: value('language'),
  };
}

/** The list's path for these filters, from the page at `cursor` (the first page when null). */
export function leadsPath(filters: LeadFilters, cursor: string | null): string {
  return `${LEADS_PATH}${queryString({ ...filters, cursor })}`;
}

/** The path of how many leads these filters match. */
export function leadCountPath(filters: LeadFilters): string {
  return `${LEAD_COUNT_PATH}${queryString({ ...filters })}`;
}
