/**
 * What a buyer is asked to bid on: the lead without its personal data (docs/decisions/145-ping-post-auction.md). The
 * body is built field by field from an allow-list, never by removing fields from the lead, so a field the lead gains
 * later (a new question, an extra a client sends) reaches no ping until it is added here on purpose.
 */
import { DEFAULT_LEAD_LANGUAGE, LANGUAGE_FIELD } from '../../../contracts/lead.ts';
import { routableLead } from '../routing/routable-lead.ts';

/** A stored lead, as much of it as a ping is made from. */
export interface PingLead {
  /** The payload as intake stored it. */
  payload: Readonly<Record<string, unknown>>;
  flowVersion: string;
  receivedAt: Date;
  /** The lead's consent evidence: the SHA-256 of the consent text shown, and the certificate's URL when it has one. */
  consent: { sha256: string; certificateUrl: string | null };
}

/**
 * The JSON a buyer is pinged with. A value the lead lacks, or holds in a form that cannot be read, is null; every key
 * is always there, so a buyer can map fixed columns.
 */
export interface PingBody {
  /** This ping's id, also its `webhook-id`; the post to the winner carries it, so a buyer can match its bid. */
  ping_id: string;
  /** When the lead was received, ISO 8601 UTC: the `time_stamp` its post will carry. */
  time_stamp: string;
  /** Two-letter state code of the business address. */
  state: string | null;
  /** The first three digits of the address's ZIP code (its sectional center), never the whole code. */
  zip3: string | null;
  /** Dollars asked for. */
  amount: number | null;
  loan_purpose: string | null;
  loan_timing: string | null;
  /** Dollars a month. */
  average_monthly_revenue: number | null;
  credit_score: string | null;
  /** Whole months from the business's start to the lead's arrival, as routing counts them. */
  months_in_business: number | null;
  business_industry: string | null;
  flow_version: string;
  language: string;
  /** SHA-256 of the consent text the visitor agreed to: which consent the lead has, without its text. */
  consent_sha256: string;
  /** The lead carries a consent certificate (TrustedForm); its URL stays with the post. */
  has_certificate: boolean;
}

/** The lead's text, trimmed; null when missing or empty. */
function text(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

/** Dollars as stored: the flows' schema makes them whole numbers, so nothing else is read. */
function dollars(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : null;
}

/** The first three digits of a five-digit ZIP code: the address's, else the business's. */
function zip3(payload: Readonly<Record<string, unknown>>): string | null {
  const zip = [payload.zipcode, payload.business_zipcode]
    .map(text)
    .find((value) => value !== null && /^\d{5}$/.test(value));
  return zip === undefined || zip === null ? null : zip.slice(0, 3);
}

function language(payload: Readonly<Record<string, unknown>>): string {
  const given = text(payload[LANGUAGE_FIELD]);
  return given !== null && /^[a-z]{2}$/.test(given) ? given : DEFAULT_LEAD_LANGUAGE;
}

/** The ping for one buyer: the same lead for every buyer, under the ping's own id. */
export function pingBody(lead: PingLead, pingId: string): PingBody {
  const { payload, flowVersion, receivedAt, consent } = lead;
  const routable = routableLead(payload, flowVersion, receivedAt);
  return {
    ping_id: pingId,
    time_stamp: receivedAt.toISOString(),
    state: routable.state !== undefined && /^[A-Z]{2}$/.test(routable.state) ? routable.state : null,
    zip3: zip3(payload),
    amount: routable.amount ?? null,
    loan_purpose: routable.loanPurpose ?? null,
    loan_timing: text(payload.loan_timing),
    average_monthly_revenue: dollars(payload.average_monthly_revenue),
    credit_score: routable.creditScore ?? null,
    months_in_business: routable.monthsInBusiness ?? null,
    business_industry: text(payload.business_industry),
    flow_version: flowVersion,
    language: language(payload),
    consent_sha256: consent.sha256,
    has_certificate: text(consent.certificateUrl) !== null,
  };
}
