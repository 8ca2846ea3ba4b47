/**
 * Where a visit came from, as a lead carries it in its optional `attribution`: the click parameters and addresses it
 * may hold, their lengths, and its JSON Schema (docs/decisions/022-attribution-with-every-lead.md). Apart from the
 * lead's other fields (lead.ts): the page's first script keeps the visit's attribution, and a bundle takes a module
 * whole.
 * Plain objects only: the page imports this module.
 */

/** The parameters an ad platform or a campaign puts in the address: one set per click. */
export const CLICK_PARAMETERS = [
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
  'gclid',
  'gbraid',
  'wbraid',
  'fbclid',
  'msclkid',
  'ttclid',
] as const;

/** The addresses: the first page of the visit (without its fragment) and the page that linked to it. */
export const ATTRIBUTION_URLS = ['landing_url', 'referrer'] as const;

export type AttributionKey = (typeof CLICK_PARAMETERS)[number] | (typeof ATTRIBUTION_URLS)[number];
export type Attribution = Partial<Record<AttributionKey, string>>;

/** Longest parameter value and longest address the server accepts; the page cuts to the same so a lead is not refused. */
export const MAX_PARAMETER_LENGTH = 256;
export const MAX_URL_LENGTH = 2048;

/** The record's key for the attribution. */
export const ATTRIBUTION_FIELD = 'attribution';

const capped = (maxLength: number) => ({ type: 'string', maxLength }) as const;

/** The JSON Schema of the lead's optional `attribution`: each key a capped string, no other key. */
export const ATTRIBUTION_SCHEMA = {
  type: 'object',
  title: 'Where the visit came from',
  properties: Object.fromEntries<ReturnType<typeof capped>>([
    ...CLICK_PARAMETERS.map((name) => [name, capped(MAX_PARAMETER_LENGTH)] as const),
    ...ATTRIBUTION_URLS.map((name) => [name, capped(MAX_URL_LENGTH)] as const),
  ]),
  additionalProperties: false,
} as const;
