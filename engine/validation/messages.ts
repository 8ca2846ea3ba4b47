/**
 * Error messages: one lookup shared by the page and the server.
 * Order: the step's text for the field and keyword, then the flow's text for the keyword, then the engine's own
 * (`engineMessages`). The flows the page gets carry the engine's words as their messages already (in the page's
 * language: engine/messages.ts withEngineMessages), so the page passes none and its script holds no English table;
 * the server passes engine/messages.ts's.
 */
import type { Flow } from '../flow/definition.ts';

type MessageTable = Readonly<Record<string, string>>;

/** A validation failure reduced to what a message needs: which field, which rule, and the rule's parameters. */
export interface KeywordError {
  field: string;
  keyword: string;
  params: Record<string, unknown>;
}

/** The shape of an ajv error as both precompiled and runtime validators report it. */
export interface AjvLikeError {
  instancePath: string;
  schemaPath: string;
  keyword: string;
  params: Record<string, unknown>;
}

/**
 * Reduces ajv errors to one entry per field and keyword. The `const` failures inside a `oneOf` of choices are
 * noise: the `oneOf` failure itself says it.
 */
export function keywordErrors(errors: readonly AjvLikeError[]): KeywordError[] {
  const seen = new Set<string>();
  const out: KeywordError[] = [];
  for (const error of errors) {
    if (/\/(oneOf|anyOf)\/\d+\//.test(error.schemaPath)) continue;
    const field = fieldOf(error);
    const key = `${field}\u0000${error.keyword}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ field, keyword: error.keyword, params: error.params });
  }
  return out;
}

function fieldOf(error: AjvLikeError): string {
  if (error.keyword === 'required') return String(error.params.missingProperty);
  if (error.keyword === 'additionalProperties') return String(error.params.additionalProperty);
  const [, first = ''] = error.instancePath.split('/');
  return first.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** The text for one error, with `{param}` placeholders filled from the validator's parameters. */
export function messageFor(
  flow: Pick<Flow, 'messages' | 'steps'>,
  stepId: string,
  error: KeywordError,
  engineMessages: MessageTable = {},
): string {
  const template =
    flow.steps[stepId]?.errors?.[error.field]?.[error.keyword] ??
    flow.messages[error.keyword] ??
    engineMessages[error.keyword] ??
    flow.messages.invalid ??
    engineMessages.invalid ??
    error.keyword;
  return fill(template, error.params);
}

/** The text for a situation that is not a field rule (SITUATION_MESSAGES), by the same lookup. */
export function situationMessage(
  flow: Pick<Flow, 'messages' | 'steps'>,
  stepId: string,
  key: string,
  engineMessages: MessageTable = {},
): string {
  return messageFor(flow, stepId, { field: '', keyword: key, params: {} }, engineMessages);
}

export function fill(template: string, params: Readonly<Record<string, unknown>>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/** Messages grouped by field, in the order the errors came, without repeats. */
export function messagesByField(
  flow: Pick<Flow, 'messages' | 'steps'>,
  stepId: string,
  errors: readonly KeywordError[],
): Record<string, string[]> {
  const byField: Record<string, string[]> = {};
  for (const error of errors) {
    const list = (byField[error.field] ??= []);
    const text = messageFor(flow, stepId, error);
    if (!list.includes(text)) list.push(text);
  }
  return byField;
}
