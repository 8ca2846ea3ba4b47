/**
 * Where a visit came from: the ad and campaign parameters and click ids of the address the visitor landed on, that
 * address, and the page that sent them there. Kept in the form record so a visitor who comes back within its seven
 * days without the parameters keeps them, and sent with the lead as `attribution`
 * (docs/decisions/022-attribution-with-every-lead.md).
 */
import type { FormRecord } from './record.ts';
import {
  ATTRIBUTION_FIELD,
  CLICK_PARAMETERS,
  MAX_PARAMETER_LENGTH,
  MAX_URL_LENGTH,
  type Attribution,
} from '../../contracts/attribution.ts';

/** What the page was opened with: its address and document.referrer. */
export interface Arrival {
  href: string;
  referrer: string;
}

/** The attribution an arrival carries: its click parameters, its address without the fragment, and the referrer. */
export function attributionOf({ href, referrer }: Arrival): Attribution {
  const url = new URL(href);
  url.hash = '';
  const attribution: Attribution = {};
  for (const name of CLICK_PARAMETERS) {
    const value = url.searchParams.get(name);
    if (value !== null && value !== '') attribution[name] = value.slice(0, MAX_PARAMETER_LENGTH);
  }
  attribution.landing_url = url.href.slice(0, MAX_URL_LENGTH);
  if (referrer !== '') attribution.referrer = referrer.slice(0, MAX_URL_LENGTH);
  return attribution;
}

const clickOf = (attribution: Attribution) => CLICK_PARAMETERS.map((name) => attribution[name] ?? '').join('\u0000');

/** Whether an attribution holds any click parameter: an arrival worth a record even before the visitor answers. */
export const carriesClick = (attribution: Attribution) =>
  CLICK_PARAMETERS.some((name) => attribution[name] !== undefined);

/**
 * The attribution to keep once the visitor arrived: a new click (other parameters than the stored ones) replaces the
 * stored attribution whole, as ad platforms credit the last click; an arrival without parameters, or with the same
 * ones (a reload, a later step's address that still carries them), keeps the stored one and its first page.
 */
export function keptAttribution(stored: Attribution | undefined, arrival: Attribution): Attribution {
  if (stored === undefined) return arrival;
  return carriesClick(arrival) && clickOf(arrival) !== clickOf(stored) ? arrival : stored;
}

function isAttribution(value: unknown): value is Attribution {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The stored attribution of a record, if it holds one. */
export function storedAttribution(record: FormRecord | null): Attribution | undefined {
  const value = record?.[ATTRIBUTION_FIELD];
  return isAttribution(value) ? value : undefined;
}

/** The record with the attribution kept after this arrival; the same record when nothing changes. */
export function withAttribution(record: FormRecord | null, arrival: Attribution): FormRecord {
  const stored = storedAttribution(record);
  const kept = keptAttribution(stored, arrival);
  if (record !== null && kept === stored) return record;
  return { ...record, [ATTRIBUTION_FIELD]: kept };
}
