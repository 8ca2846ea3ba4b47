/**
 * Where the product takes leads: businesses in the 50 states and the District of Columbia, where the participating
 * lenders (US business lenders) lend. ZIP codes of the US territories (Puerto Rico, the US Virgin Islands, Guam, the
 * Northern Mariana Islands, American Samoa) and of the freely associated states that use US ZIP codes are outside
 * it: the page says so at the first ZIP code a visitor types, the phone step's ZIP check does the same, and the
 * server refuses a lead with one (docs/decisions/046-us-territories.md).
 */

/**
 * The phone step's state list (spec section 2: the 50 states) and DC, whose businesses the lenders serve like any
 * state's. Every flow's `state` field lists exactly these; the server refuses at start a flow that does not.
 */
export const SERVED_STATES: readonly string[] = [
  'AL',
  'AK',
  'AZ',
  'AR',
  'CA',
  'CO',
  'CT',
  'DC',
  'DE',
  'FL',
  'GA',
  'HI',
  'ID',
  'IL',
  'IN',
  'IA',
  'KS',
  'KY',
  'LA',
  'ME',
  'MD',
  'MA',
  'MI',
  'MN',
  'MS',
  'MO',
  'MT',
  'NE',
  'NV',
  'NH',
  'NJ',
  'NM',
  'NY',
  'NC',
  'ND',
  'OH',
  'OK',
  'OR',
  'PA',
  'RI',
  'SC',
  'SD',
  'TN',
  'TX',
  'UT',
  'VT',
  'VA',
  'WA',
  'WV',
  'WI',
  'WY',
];

/** The flow message (flow `messages`, then the engine's) for a ZIP code outside the served area. */
export const OUTSIDE_SERVED_AREA = 'outsideServedArea';

/**
 * The USPS ZIP ranges of the territories and freely associated states: 006-009 (Puerto Rico, US Virgin Islands),
 * 969 (Guam, Northern Mariana Islands, Marshall Islands, Micronesia, Palau) and 96799 (American Samoa). Checked as
 * well as the looked-up state because the ZIP directory lists only some of these codes (none of Guam's), and a
 * visitor from Guam must hear why, not that the ZIP code is wrong.
 */
const TERRITORY_ZIP = /^(?:00[6-9]|969|96799)/;

/**
 * Whether a business at this five-digit ZIP code can be served: `outside` for a territory's ZIP code or a place whose
 * state is not served, `served` for a place in a served state, `unknown` when the lookup found no place.
 */
export function zipArea(zip: string, foundState: string | undefined): 'served' | 'outside' | 'unknown' {
  if (TERRITORY_ZIP.test(zip)) return 'outside';
  if (foundState === undefined) return 'unknown';
  return SERVED_STATES.includes(foundState) ? 'served' : 'outside';
}
