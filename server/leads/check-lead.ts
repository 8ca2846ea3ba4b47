/**
 * Checks a lead payload against its flow version's schema. A refusal names every bad field with the text the page
 * itself would show for it (the step's own error text, then the flow's, then the engine's), so the page can put the
 * server's answer next to the right field.
 */
import type { ErrorResponse } from '../../engine/api/schemas.ts';
import { ENGINE_MESSAGES } from '../../engine/messages.ts';
import { keywordErrors, messageFor, type AjvLikeError } from '../../engine/validation/messages.ts';
import type { LeadFlow, LeadFlows } from './lead-flows.ts';

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
const NOT_TEXT = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

const NOT_TEXT_MESSAGE = 'Please remove the characters that are not text';

function holdsNonText(value: unknown): boolean {
  if (typeof value === 'string') return NOT_TEXT.test(value);
  if (typeof value === 'object' && value !== null) return Object.values(value).some(holdsNonText);
  return false;
}

export type LeadCheck =
  | { ok: true; flow: LeadFlow; lead: Record<string, unknown> }
  | { ok: false; error: ErrorResponse & { fields: NonNullable<ErrorResponse['fields']> } };

type Field = NonNullable<ErrorResponse['fields']>[number];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function refused(fields: Field[]): LeadCheck {
  const names = [...new Set(fields.map((field) => field.field))];
  const count = names.length === 1 ? '1 invalid field' : `${names.length} invalid fields`;
  return { ok: false, error: { error: 'invalid_lead', message: `The lead has ${count}: ${names.join(', ')}`, fields } };
}

function unknownVersion(flows: LeadFlows, version: unknown): LeadCheck {
  const versions = [...flows.keys()].join(', ');
  return version === undefined
    ? refused([{ field: 'flow_version', keyword: 'required', message: ENGINE_MESSAGES.required! }])
    : refused([{ field: 'flow_version', keyword: 'enum', message: `Must be one of ${versions}` }]);
}

export function checkLead(flows: LeadFlows, body: unknown): LeadCheck {
  if (!isRecord(body)) {
    return { ok: false, error: { error: 'invalid_lead', message: 'The lead must be a JSON object', fields: [] } };
  }
  const lead = Object.fromEntries(Object.entries(body).filter(([key]) => !IGNORED_KEYS.includes(key)));
  const version = lead.flow_version;
  const flow = typeof version === 'string' ? flows.get(version) : undefined;
  if (flow === undefined) return unknownVersion(flows, version);

  if (flow.validate(lead)) {
    const broken = Object.entries(lead).filter(([, value]) => holdsNonText(value));
    if (broken.length === 0) return { ok: true, flow, lead };
    return refused(broken.map(([field]) => ({ field, keyword: 'pattern', message: NOT_TEXT_MESSAGE })));
  }
  const errors = keywordErrors((flow.validate.errors ?? []) as AjvLikeError[]);
  return refused(
    errors.map((error) => ({
      field: error.field,
      keyword: error.keyword,
      message: messageFor(flow.flow, flow.stepOf.get(error.field) ?? '', error),
    })),
  );
}
