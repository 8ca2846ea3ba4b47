/**
 * Checks a lead payload against its flow version's schema in its language, and its ZIP codes against the served area.
 * A refusal names every bad field with the text the page itself would show for it, in the lead's language (the step's
 * own error text, then the flow's, then the engine's), so the page can put the server's answer next to the right field.
 */
import type { ErrorResponse } from '../../../contracts/api.ts';
import { ENGINE_MESSAGES } from '../../../engine/messages.ts';
import { OUTSIDE_SERVED_AREA, zipArea } from '../../../contracts/served-area.ts';
import { ATTRIBUTION_FIELD } from '../../../contracts/attribution.ts';
import { keywordErrors, messageFor, situationMessage, type AjvLikeError } from '../../../engine/validation/messages.ts';
import { invalidFieldsBody } from '../../platform/http/errors.ts';
import { lookupZip } from '../zip/zip-directory.ts';
import { inLanguage, leadLanguages, type LeadFlow, type LeadFlows } from './lead-flows.ts';
import { DEFAULT_LEAD_LANGUAGE, LANGUAGE_FIELD } from '../../../contracts/lead.ts';

/**
 * Keys older clients send that the server ignores: `time_stamp` (the server records when it received the lead) and
 * the lead's destination. Where a lead goes is server configuration only; a destination in the request would let
 * anyone make the server post visitors' details wherever they like.
 */
const IGNORED_KEYS: readonly string[] = ['time_stamp', 'url', 'target_url', 'post_url', 'lead_url'];

/**
 * A NUL or half of a UTF-16 surrogate pair: no text a person types holds one, and the database cannot store either in
 * the lead's JSON, so a lead carrying one would fail at the insert instead of being refused here.
 */
// eslint-disable-next-line no-control-regex -- the NUL is matched on purpose
const NOT_TEXT = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

const NOT_TEXT_MESSAGE = 'Please remove the characters that are not text';

function holdsNonText(value: unknown): boolean {
  if (typeof value === 'string') return NOT_TEXT.test(value);
  if (typeof value === 'object' && value !== null) return Object.values(value).some(holdsNonText);
  return false;
}

/** The lead's ZIP codes: the business's and the address's, each refused outside the served area as the page does. */
const ZIP_FIELDS = ['business_zipcode', 'zipcode'] as const;

function isOutsideServedArea(zip: unknown): boolean {
  return typeof zip === 'string' && zipArea(zip, lookupZip(zip)?.state_abbreviation) === 'outside';
}

export type LeadCheck =
  | { ok: true; flow: LeadFlow; lead: Record<string, unknown>; language: string }
  | { ok: false; error: ErrorResponse & { fields: NonNullable<ErrorResponse['fields']> } };

type Field = NonNullable<ErrorResponse['fields']>[number];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function refused(fields: Field[]): LeadCheck {
  return { ok: false, error: invalidFieldsBody('invalid_lead', 'The lead', fields) };
}

/**
 * The flow version a lead is of: its `flow_version` when it has one; otherwise the version its `flow` names, as the
 * flow files are named ("business-funding.v2"); otherwise the version at the site's root (v1), whose lead the spec's
 * payload is. The lead comes back with `flow` as the product label and `flow_version` set, as it is stored and
 * forwarded (docs/decisions/045-lead-api-contract.md).
 */
function versionOf(flows: LeadFlows, lead: Record<string, unknown>): LeadCheck {
  const versions = [...flows.values()];
  const named = versions.find(({ flow }) => lead.flow === `${flow.id}.${flow.version}`);
  const given = lead.flow_version;
  let flow: LeadFlow | undefined;
  if (given === undefined) {
    flow = named ?? versions.find((version) => version.flow.basePath === '');
    if (flow === undefined) {
      return refused([{ field: 'flow_version', keyword: 'required', message: ENGINE_MESSAGES.required! }]);
    }
  } else {
    flow = typeof given === 'string' ? flows.get(given) : undefined;
    if (flow === undefined) {
      const message = `Must be one of ${[...flows.keys()].join(', ')}`;
      return refused([{ field: 'flow_version', keyword: 'enum', message }]);
    }
    if (named !== undefined && named !== flow) {
      const message = `Names version ${named.flow.version}, but flow_version is ${flow.flow.version}`;
      return refused([{ field: 'flow', keyword: 'const', message }]);
    }
  }
  const labelled = named === undefined ? lead : { ...lead, flow: flow.flow.id };
  return { ok: true, flow, lead: { ...labelled, flow_version: flow.flow.version }, language: DEFAULT_LEAD_LANGUAGE };
}

/**
 * The version in the lead's language (English when it names none). A language the server has no flows in is refused
 * by name; one that is not a string is left to the schema, which names it as well.
 */
function languageOf(flows: LeadFlows, versioned: LeadCheck & { ok: true }): LeadCheck {
  const given = versioned.lead[LANGUAGE_FIELD];
  if (typeof given !== 'string') return versioned;
  const languages = leadLanguages(flows);
  if (!languages.includes(given)) {
    return refused([{ field: LANGUAGE_FIELD, keyword: 'enum', message: `Must be one of ${languages.join(', ')}` }]);
  }
  return { ...versioned, flow: inLanguage(versioned.flow, given), language: given };
}

/**
 * An error inside `attribution` named by its key ("attribution.utm_campaign", "attribution.campaign_id" for a key
 * that is not accepted), so the sender learns which value was refused and not only that the object was.
 */
function namedInAttribution(error: AjvLikeError): AjvLikeError {
  const [, top, key] = error.instancePath.split('/');
  if (top !== ATTRIBUTION_FIELD) return error;
  if (error.keyword === 'additionalProperties') {
    const additionalProperty = `${ATTRIBUTION_FIELD}.${String(error.params.additionalProperty)}`;
    return { ...error, params: { ...error.params, additionalProperty } };
  }
  return key === undefined ? error : { ...error, instancePath: `/${ATTRIBUTION_FIELD}.${key}` };
}

export function checkLead(flows: LeadFlows, body: unknown): LeadCheck {
  if (!isRecord(body)) {
    return { ok: false, error: { error: 'invalid_lead', message: 'The lead must be a JSON object', fields: [] } };
  }
  const sent = Object.fromEntries(Object.entries(body).filter(([key]) => !IGNORED_KEYS.includes(key)));
  const versioned = versionOf(flows, sent);
  if (!versioned.ok) return versioned;
  const languaged = languageOf(flows, versioned);
  if (!languaged.ok) return languaged;
  const { flow, lead, language } = languaged;

  if (flow.validate(lead)) {
    const broken = Object.entries(lead).filter(([, value]) => holdsNonText(value));
    if (broken.length > 0) {
      return refused(broken.map(([field]) => ({ field, keyword: 'pattern', message: NOT_TEXT_MESSAGE })));
    }
    const outside = ZIP_FIELDS.filter((field) => isOutsideServedArea(lead[field]));
    if (outside.length === 0) return { ok: true, flow, lead, language };
    return refused(
      outside.map((field) => ({
        field,
        keyword: OUTSIDE_SERVED_AREA,
        message: situationMessage(flow.flow, flow.stepOf.get(field) ?? '', OUTSIDE_SERVED_AREA, ENGINE_MESSAGES),
      })),
    );
  }
  const errors = keywordErrors(((flow.validate.errors ?? []) as AjvLikeError[]).map(namedInAttribution));
  return refused(
    errors.map((error) => ({
      field: error.field,
      keyword: error.keyword,
      message: messageFor(flow.flow, flow.stepOf.get(error.field) ?? '', error, ENGINE_MESSAGES),
    })),
  );
}
