/**
 * The lead payload other clients and our page send, and every buyer receives: its fields as spec section 3 names them,
 * the fields the submit adds, the honeypot, and the optional `attribution` (attribution.ts). The page builds a lead
 * from these, the server validates and forwards it with them (docs/decisions/045-lead-api-contract.md).
 * Plain objects only: the page imports this module.
 */
import { ATTRIBUTION_FIELD, type Attribution } from './attribution.ts';
import { HONEYPOT_FIELD } from './honeypot.ts';

/** The lead's key for the funnel's visit id. */
export const FUNNEL_VISIT_FIELD = 'funnel_visit';

/**
 * The lead's key for the visitor's opt-out preference signal (Global Privacy Control): the page sends `true` when the
 * browser says `navigator.globalPrivacyControl`; the server also takes a `Sec-GPC: 1` header, and every buyer receives
 * the outcome as `true` or `false` (docs/decisions/121-global-privacy-control-and-consent-mode.md).
 */
export const GPC_FIELD = 'gpc';

/**
 * The key the server adds to every lead for the visitor's time zone, from the ZIP code (the tz database's name, e.g.
 * "America/Chicago"), so a buyer can keep to the states' calling hours (docs/decisions/123-the-lead-time-zone.md).
 */
export const TIME_ZONE_FIELD = 'time_zone';

/**
 * The lead's key for the language the visitor filled the form in ("en", "es"): the page sends its own, the server
 * takes the consent text shown in that language and every buyer receives it. Absent means "en", as spec section 7's
 * payload has none.
 */
export const LANGUAGE_FIELD = 'language';

/**
 * The keys a buyer's post gains when the lead is sold to it on a bid (docs/decisions/146-auction-in-routing.md): what
 * it pays, in USD (its ping's bid or its fixed price), and, when the bid answered a ping, that ping's id, so the buyer
 * matches the post to its bid. Set by routing alone (a lead's own key of either name is not passed on), and never sent
 * to a buyer that buys at no stated price.
 */
export const SALE_PRICE_FIELD = 'price';
export const PING_ID_FIELD = 'ping_id';

/** The language of a lead sent without one: the flows' own, English. */
export const DEFAULT_LEAD_LANGUAGE = 'en';

/**
 * The lead payload as spec section 3 names it: what other clients (a central lead service, a partner's page) send, and
 * what every lender receives, each field always there (docs/decisions/045-lead-api-contract.md). Every flow's lead
 * must carry each of them; the server refuses at start a flow file that does not.
 */
export const LEAD_PAYLOAD_FIELDS = [
  'flow',
  'name',
  'first_name',
  'last_name',
  'email',
  'phone',
  'business_type',
  'amount',
  'loan_purpose',
  'loan_timing',
  'average_monthly_revenue',
  'credit_score',
  'business_name',
  'business_zipcode',
  'business_start_month',
  'business_start_year',
  'business_industry',
  'client_ip',
  'address',
  'street_address',
  'city',
  'zipcode',
  'state',
  'trustedform_cert_url',
  'source_url',
] as const;

/**
 * Fields the submit adds to the answers, keyed by lead field: their schema and where the page takes them from. The
 * optional ones may also be sent empty, as a client without the certificate script or the page's address sends them.
 */
export const LEAD_EXTRAS = {
  name: { schema: { type: 'string', title: 'Full name', minLength: 1, maxLength: 101 }, required: true },
  address: { schema: { type: 'string', title: 'Postal address', minLength: 1, maxLength: 200 }, required: true },
  client_ip: { schema: { type: 'string', title: 'Visitor IP address', maxLength: 45 }, required: false },
  trustedform_cert_url: {
    schema: { type: 'string', title: 'Consent certificate URL', maxLength: 500, pattern: '^(?:$|https://)' },
    required: false,
  },
  source_url: {
    schema: { type: 'string', title: 'Page address', maxLength: 2000, pattern: '^(?:$|https?://)' },
    required: false,
  },
  [HONEYPOT_FIELD]: {
    schema: { type: 'string', title: 'Honeypot (empty for people)', maxLength: 2000 },
    required: false,
  },
  /**
   * The funnel's visit id (the event batches' `visit`, funnel.ts): the funnel counts the lead as that visit's
   * conversion. Optional, as spec section 7's payload has none, and never sent empty; kept by the server and never sent to a buyer.
   */
  [FUNNEL_VISIT_FIELD]: {
    schema: { type: 'string', title: 'Funnel visit', pattern: '^[A-Za-z0-9_-]{16,64}$' },
    required: false,
  },
  /** Sent only as `true`, where the browser has the signal on: spec section 7's payload has none. */
  [GPC_FIELD]: {
    schema: { type: 'boolean', title: 'Opt-out preference signal (GPC)' },
    required: false,
  },
  /** A language code; the server refuses one it has no flows in. */
  [LANGUAGE_FIELD]: {
    schema: { type: 'string', title: 'Language', pattern: '^[a-z]{2}$' },
    required: false,
  },
} as const;

export type LeadExtras = {
  name: string;
  address: string;
  client_ip?: string;
  trustedform_cert_url?: string;
  source_url?: string;
  [HONEYPOT_FIELD]?: string;
  [ATTRIBUTION_FIELD]?: Attribution;
  [FUNNEL_VISIT_FIELD]?: string;
  [GPC_FIELD]?: boolean;
  [LANGUAGE_FIELD]?: string;
};
