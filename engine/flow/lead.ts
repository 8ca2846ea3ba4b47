/**
 * The lead a flow produces: every field its steps collect, plus the few the submit adds. The page builds the payload
 * with `leadFromAnswers` and the server validates it with `leadSchema`, both from the same flow file, so a field a
 * marketer adds to a step travels to the lender without touching code.
 */
import type { Flow, StepFields } from './definition.ts';
import type { FormRecord } from '../state/record.ts';
import { ATTRIBUTION_FIELD, ATTRIBUTION_SCHEMA, type Attribution } from '../state/attribution.ts';

/**
 * A field every step carries that people never see or fill (engine/render/Honeypot.tsx): a lead with it filled came
 * from a bot, and the server stores it without ever delivering it.
 */
export const HONEYPOT_FIELD = 'website';

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
} as const;

export type LeadExtras = {
  name: string;
  address: string;
  client_ip?: string;
  trustedform_cert_url?: string;
  source_url?: string;
  [HONEYPOT_FIELD]?: string;
  [ATTRIBUTION_FIELD]?: Attribution;
};

/** Steps whose fields belong in the lead: every step with fields that the visitor reaches by answering. */
function leadSteps(flow: Flow): StepFields[] {
  return Object.values(flow.steps).flatMap((step) => (step.schema && !step.standalone ? [step.schema] : []));
}

/**
 * The JSON Schema of a lead of this flow version: `flow` (the product label, the same for every version), the
 * optional `flow_version`, each step's fields with their own rules, the extras and the optional `attribution`.
 * Nothing else is accepted.
 */
export function leadSchema(
  flow: Flow,
): Record<string, unknown> & { properties: Record<string, unknown>; required: string[] } {
  const properties: Record<string, unknown> = {
    flow: { type: 'string', const: flow.id },
    flow_version: { type: 'string', const: flow.version },
  };
  const required = new Set<string>(['flow']);
  for (const fields of leadSteps(flow)) {
    Object.assign(properties, fields.properties);
    for (const name of fields.required ?? []) required.add(name);
  }
  for (const [name, extra] of Object.entries(LEAD_EXTRAS)) {
    properties[name] = extra.schema;
    if (extra.required) required.add(name);
  }
  // Optional: the spec's payload has no attribution, and clients that send none stay accepted.
  properties[ATTRIBUTION_FIELD] = ATTRIBUTION_SCHEMA;
  return { type: 'object', properties, required: [...required], additionalProperties: false };
}

/** The lead payload from the saved answers: each step field that has an answer, then the extras. */
export function leadFromAnswers(flow: Flow, answers: FormRecord, extras: LeadExtras): Record<string, unknown> {
  const lead: Record<string, unknown> = { flow: flow.id, flow_version: flow.version };
  for (const fields of leadSteps(flow)) {
    for (const name of Object.keys(fields.properties)) {
      if (answers[name] !== undefined) lead[name] = answers[name];
    }
  }
  for (const [name, value] of Object.entries(extras)) if (value !== undefined && value !== '') lead[name] = value;
  return lead;
}
