/**
 * The lead a flow produces: every field its steps collect, plus the few the submit adds. The page builds the payload
 * with `leadFromAnswers` and the server validates it with `leadSchema`, both from the same flow file, so a field a
 * marketer adds to a step travels to the lender without touching code.
 */
import type { Flow, StepFields } from './definition.ts';
import type { FormRecord } from '../state/record.ts';
import { LEAD_EXTRAS, type LeadExtras } from '../../contracts/lead.ts';
import { ATTRIBUTION_FIELD, ATTRIBUTION_SCHEMA } from '../../contracts/attribution.ts';

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
