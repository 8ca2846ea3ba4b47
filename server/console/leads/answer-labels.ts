/**
 * How a lead's answers read in the console (docs/decisions/067-how-a-lead-reads.md): the labels of each flow version,
 * read once at start from the flow files the page is built from, and for a version published in the flow studio from
 * its flow in the catalog (once: a published version never changes), so a lead is read in the words of the version it
 * came from: its steps' headings, its fields' titles and its options' labels, in the flow's order.
 */
import type { AnswerGroup } from '../../../contracts/console.ts';
import { LEAD_EXTRAS, TIME_ZONE_FIELD } from '../../../contracts/lead.ts';
import { ATTRIBUTION_FIELD } from '../../../contracts/attribution.ts';
import { Value } from 'typebox/value';
import { FlowSchema, type Flow } from '../../../engine/flow/definition.ts';
import { readFlowFiles } from '../../../engine/flow/load.ts';
import { fillFromAnswers } from '../../../engine/render/step-text.ts';

type Answer = AnswerGroup['answers'][number];

interface FieldLabels {
  name: string;
  label: string;
  /** The label of each option by its stored value; undefined for a field without labelled options. */
  options: ReadonlyMap<string, string> | undefined;
  /** Written before an amount, as the field's widget shows it ("$"). */
  prefix: string;
}

interface StepLabels {
  heading: string;
  fields: readonly FieldLabels[];
}

/** The steps of a version ("v1", "spring-promo", ...) that ask for answers, in the flow's order. */
export interface AnswerLabels {
  get(version: string): readonly StepLabels[] | undefined;
}

/** The published versions' flows by name (server/page's catalog). */
export interface PublishedFlows {
  get(name: string): { flow: unknown } | undefined;
}

/** Shown above what the page sends with the answers (the full name, the address, the page's address...). */
const SENT_WITH_THE_LEAD = 'Sent with the lead';
/** The fields intake adds to every lead itself, with their labels; the page's own extras are in LEAD_EXTRAS. */
const ADDED_BY_INTAKE: ReadonlyMap<string, string> = new Map([[TIME_ZONE_FIELD, 'Time zone (from the ZIP code)']]);
const sentWithTheLead = (name: string) => name in LEAD_EXTRAS || ADDED_BY_INTAKE.has(name);
/** Shown above fields the lead's version does not ask for, each under its own key. */
const OTHER_FIELDS = 'Other fields';

/** Neither asked nor worth a line: the flow is on the page already, the attribution has its own section. */
const NOT_ANSWERS = new Set(['flow', 'flow_version', ATTRIBUTION_FIELD]);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A field's option labels: `oneOf` entries with a `const` and a `title`. Plain `enum` values are their own label. */
function optionLabels(field: Record<string, unknown>): Map<string, string> | undefined {
  if (!Array.isArray(field.oneOf)) return undefined;
  const labels = new Map<string, string>();
  for (const option of field.oneOf as unknown[]) {
    if (isRecord(option) && typeof option.title === 'string') labels.set(String(option.const), option.title);
  }
  return labels.size > 0 ? labels : undefined;
}

function stepLabels(flow: Flow): StepLabels[] {
  return Object.values(flow.steps).flatMap((step) => {
    // A standalone step's fields never reach the lead (engine/flow/lead.ts).
    if (step.schema === undefined || step.standalone === true) return [];
    const fields = Object.entries(step.schema.properties).map(([name, schema]) => {
      const field: Record<string, unknown> = { ...schema };
      const options: Record<string, unknown> = { ...step.ui?.[name]?.options };
      const prefix = options.prefix;
      return {
        name,
        label: typeof field.title === 'string' ? field.title : name,
        options: optionLabels(field),
        prefix: typeof prefix === 'string' ? prefix : '',
      };
    });
    return [{ heading: step.heading ?? '', fields }];
  });
}

/**
 * The labels of the flow files in `dir`, by version; the first file of a version wins, as the lead flows read them. A
 * file that is not a valid flow is left out: the lead flows refuse it at start, naming what is wrong. A version no
 * file has is looked up among the published ones.
 */
export function readAnswerLabels(dir: string, published?: PublishedFlows): AnswerLabels {
  const labels = new Map<string, readonly StepLabels[]>();
  for (const { json } of readFlowFiles(dir)) {
    if (!Value.Check(FlowSchema, json)) continue;
    if (!labels.has(json.version)) labels.set(json.version, stepLabels(json));
  }
  return {
    get(version) {
      const known = labels.get(version);
      if (known !== undefined) return known;
      const flow = published?.get(version)?.flow;
      if (flow === undefined || !Value.Check(FlowSchema, flow)) return undefined;
      const read = stepLabels(flow);
      labels.set(version, read);
      return read;
    },
  };
}

function plainText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return value.toLocaleString('en-US');
  return JSON.stringify(value);
}

function answerOf(field: FieldLabels, value: unknown): Answer {
  const answer = { field: field.name, label: field.label, code: null, unlisted: false };
  if (field.options !== undefined) {
    const label = field.options.get(String(value));
    if (label === undefined) return { ...answer, text: plainText(value), unlisted: true };
    // A choice whose stored value is its label (a translatable choice written with the English words as both) has no
    // code of its own worth showing.
    return label === String(value) ? { ...answer, text: label } : { ...answer, text: label, code: String(value) };
  }
  if (typeof value === 'number' && field.prefix !== '') return { ...answer, text: field.prefix + plainText(value) };
  return { ...answer, text: plainText(value) };
}

/** A field no step of the version asks for, under its own key, or the submit's title for what the page adds. */
function unaskedAnswer(name: string, value: unknown): Answer {
  const extra = (LEAD_EXTRAS as Record<string, { schema: { title: string } } | undefined>)[name];
  const label = extra?.schema.title ?? ADDED_BY_INTAKE.get(name) ?? name;
  return answerOf({ name, label, options: undefined, prefix: '' }, value);
}

/**
 * The payload's answers in groups: each step of the lead's version that it answered, under the step's heading (its
 * `{field}` filled from the lead, as the visitor read it), then what the page sent with them, then anything else. A
 * version the server no longer has leaves every field to the last two groups, under its key. A purged lead's empty
 * payload has no group.
 */
export function answerGroups(labels: AnswerLabels, version: string, payload: Record<string, unknown>): AnswerGroup[] {
  const left = new Map(Object.entries(payload).filter(([name]) => !NOT_ANSWERS.has(name)));
  const groups: AnswerGroup[] = [];
  for (const step of labels.get(version) ?? []) {
    const answers = step.fields.flatMap((field) => {
      if (!left.has(field.name)) return [];
      const value = left.get(field.name);
      left.delete(field.name);
      return [answerOf(field, value)];
    });
    if (answers.length > 0) groups.push({ title: fillFromAnswers(step.heading, payload), answers });
  }
  const extras = [...left].filter(([name]) => sentWithTheLead(name));
  const others = [...left].filter(([name]) => !sentWithTheLead(name));
  if (extras.length > 0) {
    groups.push({ title: SENT_WITH_THE_LEAD, answers: extras.map(([name, value]) => unaskedAnswer(name, value)) });
  }
  if (others.length > 0) {
    groups.push({ title: OTHER_FIELDS, answers: others.map(([name, value]) => unaskedAnswer(name, value)) });
  }
  return groups;
}
