/**
 * Sample answers for the steps before a given step, so any step of any flow can be opened directly in development
 * (/__preview/<version>/<step>). Each value comes from the field's own schema: its `examples`, `default`, `const`,
 * first `enum` value or first `oneOf`/`anyOf` constant, else a sample that fits its format, pattern and length (an
 * email address, a 10-digit US phone number, a ZIP code like 10001, a date). Every candidate is checked with the
 * validator the page uses (rjsf's ajv), so the answers are ones the steps themselves accept. Where a step branches,
 * its answers are chosen so Next leads along the way to the previewed step.
 */
import type { Ajv, ValidateFunction } from 'ajv';
import createAjvInstance from '@rjsf/validator-ajv8/lib/createAjvInstance.js';
import type { ApiClient } from '../../engine/api/client.ts';
import type { Action } from '../../engine/actions/action.ts';
import { fullName } from '../../engine/actions/full-name.ts';
import type { Flow, Step } from '../../engine/flow/format.ts';
import { nextStepId, nextTargets, type BranchTest } from '../../engine/flow/navigation.ts';
import type { FormRecord } from '../../engine/state/record.ts';

type Schema = Record<string, unknown>;

/** Actions that only derive answers from answers: run in a preview as the page would run them on Next. */
const DERIVING_ACTIONS: Readonly<Record<string, Action>> = { 'full-name': fullName };

/** Samples by a word in the field's name; each is used only when the field's schema accepts it. */
const BY_NAME: readonly [RegExp, readonly string[]][] = [
  [/e-?mail/, ['alex.morgan@example.com']],
  [/phone|mobile|tel/, ['2125550123', '212-555-0123', '(212) 555-0123']],
  [/zip|postal/, ['10001']],
  [/first_?name/, ['Alex']],
  [/last_?name/, ['Morgan']],
  [/business_?name|company/, ['Morgan Bakery']],
  [/name/, ['Alex Morgan']],
  [/street|address/, ['350 Fifth Avenue']],
  [/city/, ['New York']],
  [/state/, ['NY']],
  [/year/, ['2015']],
  [/month/, ['06']],
  [/day/, ['15']],
  [/url|website|site/, ['https://example.com']],
];

/** Samples of the string formats the page's validator knows. */
const BY_FORMAT: Readonly<Record<string, string>> = {
  email: 'alex.morgan@example.com',
  'idn-email': 'alex.morgan@example.com',
  date: '2024-06-15',
  'date-time': '2024-06-15T09:30:00Z',
  'iso-date-time': '2024-06-15T09:30:00Z',
  time: '09:30:00Z',
  'iso-time': '09:30:00Z',
  duration: 'P1D',
  uri: 'https://example.com/',
  'uri-reference': 'https://example.com/',
  iri: 'https://example.com/',
  url: 'https://example.com/',
  hostname: 'example.com',
  'idn-hostname': 'example.com',
  ipv4: '192.0.2.1',
  ipv6: '2001:db8::1',
  uuid: '123e4567-e89b-12d3-a456-426614174000',
  color: '#336699',
  regex: '^[a-z]+$',
  'json-pointer': '/a',
  'relative-json-pointer': '0',
  byte: 'U2FtcGxl',
  int32: '1',
  int64: '1',
  float: '1.5',
  double: '1.5',
  password: 'Sample-passw0rd',
  binary: 'sample',
};

function isSchema(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function typesOf(schema: Schema): string[] {
  const { type } = schema;
  if (typeof type === 'string') return [type];
  if (Array.isArray(type)) return type.filter((name): name is string => typeof name === 'string');
  if (isSchema(schema.properties)) return ['object'];
  if (schema.pattern !== undefined || schema.format !== undefined || schema.minLength !== undefined) return ['string'];
  if (schema.minimum !== undefined || schema.maximum !== undefined || schema.multipleOf !== undefined) return ['number'];
  return [];
}

// ---- strings from a pattern ----

/** The characters a pattern sample is made of, in the order they are tried: "[0-9]{10}" reads 1234567890. */
const POOL = [...'1234567890ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz -_.+\'@/:,#'];

/** One character a character class (its text between the brackets) accepts, varied by position. */
function classChar(body: string, index: number): string | undefined {
  let test: RegExp;
  try {
    test = new RegExp(`[${body}]`, 'u');
  } catch {
    return undefined;
  }
  const accepted = POOL.filter((char) => test.test(char));
  return accepted.length === 0 ? undefined : accepted[index % accepted.length];
}

interface PatternReader {
  text: string;
  at: number;
}

/**
 * A string matching a (simple) regular expression: literals, escapes, classes, groups with alternatives (the first
 * is taken) and quantifiers; `*`, `+` and open `{n,}` repeat `repeat` times. Undefined for what it cannot read.
 */
export function sampleForPattern(pattern: string, repeat: number): string | undefined {
  const reader: PatternReader = { text: pattern, at: 0 };
  try {
    const result = sequence(reader, repeat);
    return reader.at >= reader.text.length ? result : undefined;
  } catch {
    return undefined;
  }
}

function sequence(reader: PatternReader, repeat: number): string {
  let out = '';
  const alternatives: string[] = [];
  while (reader.at < reader.text.length) {
    const char = reader.text[reader.at]!;
    if (char === ')') break;
    if (char === '|') {
      alternatives.push(out);
      out = '';
      reader.at++;
      continue;
    }
    const atom = readAtom(reader, repeat);
    const { min, max } = readQuantifier(reader);
    const count = max === Infinity ? Math.max(min, repeat) : min === 0 && max > 0 ? Math.min(max, 1) : min;
    for (let i = 0; i < count; i++) out += atom(i);
  }
  return alternatives.length > 0 ? alternatives[0]! : out;
}

function readAtom(reader: PatternReader, repeat: number): (index: number) => string {
  const { text } = reader;
  const char = text[reader.at++]!;
  switch (char) {
    case '^':
    case '$':
      return () => '';
    case '.':
      return (index) => classChar('A-Za-z', index)!;
    case '\\': {
      const escaped = text[reader.at++];
      if (escaped === undefined) throw new Error('dangling escape');
      if ('dws'.includes(escaped)) return (index) => classChar(`\\${escaped}`, index) ?? '';
      if ('DWSbB'.includes(escaped) || /[0-9]/.test(escaped)) throw new Error('unsupported escape');
      return () => escaped;
    }
    case '[': {
      let end = reader.at;
      while (end < text.length && text[end] !== ']') end += text[end] === '\\' ? 2 : 1;
      if (end >= text.length) throw new Error('open class');
      const body = text.slice(reader.at, end);
      reader.at = end + 1;
      return (index) => {
        const picked = classChar(body, index);
        if (picked === undefined) throw new Error('empty class');
        return picked;
      };
    }
    case '(': {
      if (text[reader.at] === '?') {
        if (text[reader.at + 1] !== ':') throw new Error('unsupported group');
        reader.at += 2;
      }
      const inner = sequence(reader, repeat);
      if (text[reader.at] !== ')') throw new Error('open group');
      reader.at++;
      return () => inner;
    }
    default:
      if ('*+?{'.includes(char)) throw new Error('quantifier without an atom');
      return () => char;
  }
}

function readQuantifier(reader: PatternReader): { min: number; max: number } {
  const char = reader.text[reader.at];
  let quantifier = { min: 1, max: 1 };
  if (char === '*') quantifier = { min: 0, max: Infinity };
  else if (char === '+') quantifier = { min: 1, max: Infinity };
  else if (char === '?') quantifier = { min: 0, max: 1 };
  else if (char === '{') {
    const match = /^\{(\d+)(,(\d*))?\}/.exec(reader.text.slice(reader.at));
    if (match === null) return quantifier;
    const min = Number(match[1]);
    const max = match[2] === undefined ? min : match[3] === '' ? Infinity : Number(match[3]);
    reader.at += match[0].length;
    if (reader.text[reader.at] === '?') reader.at++;
    return { min, max };
  } else return quantifier;
  reader.at++;
  if (reader.text[reader.at] === '?') reader.at++;
  return quantifier;
}

// ---- values from a schema ----

function fitLength(text: string, schema: Schema): string {
  const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : Infinity;
  const long = text.length >= min ? text : text + 'x'.repeat(min - text.length);
  return long.slice(0, max);
}

function stringCandidates(schema: Schema, name: string): string[] {
  const found: string[] = [];
  const format = typeof schema.format === 'string' ? BY_FORMAT[schema.format] : undefined;
  if (format !== undefined) found.push(format);
  for (const [words, samples] of BY_NAME) if (words.test(name.toLowerCase())) found.push(...samples);
  if (typeof schema.pattern === 'string') {
    const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
    for (const repeat of [Math.max(min, 1), 3, 5, 8, 10]) {
      const sample = sampleForPattern(schema.pattern, repeat);
      if (sample !== undefined) found.push(sample);
    }
  }
  found.push(fitLength('Sample', schema), fitLength('Sample text', schema));
  return found;
}

function numberCandidates(schema: Schema, integer: boolean): number[] {
  const step = typeof schema.multipleOf === 'number' && schema.multipleOf > 0 ? schema.multipleOf : integer ? 1 : undefined;
  let low = typeof schema.minimum === 'number' ? schema.minimum : undefined;
  if (typeof schema.exclusiveMinimum === 'number') low = Math.max(low ?? -Infinity, schema.exclusiveMinimum + (step ?? 0.5));
  const high = typeof schema.maximum === 'number' ? schema.maximum : undefined;
  const start = low ?? (high !== undefined ? Math.min(0, high) : 0);
  const snapped = step === undefined ? start : Math.ceil(start / step) * step;
  return [snapped, snapped + (step ?? 1), ...(high !== undefined ? [high] : []), 1, 0];
}

/** What a value could be, best first, unchecked: the schema's own values, then samples by type, format and name. */
function candidates(schema: Schema, name: string, sample: (schema: Schema, name: string) => unknown): unknown[] {
  const found: unknown[] = [];
  if (Array.isArray(schema.examples)) found.push(...schema.examples);
  if ('default' in schema) found.push(schema.default);
  if ('const' in schema) found.push(schema.const);
  if (Array.isArray(schema.enum)) found.push(...schema.enum);
  for (const key of ['oneOf', 'anyOf'] as const) {
    const options = schema[key];
    if (Array.isArray(options)) {
      for (const option of options) if (isSchema(option) && 'const' in option) found.push(option.const);
      for (const option of options) if (isSchema(option) && !('const' in option)) found.push(...candidates({ ...schema, [key]: undefined, ...option }, name, sample));
    }
  }
  for (const type of typesOf(schema)) {
    if (type === 'string') found.push(...stringCandidates(schema, name));
    else if (type === 'integer' || type === 'number') found.push(...numberCandidates(schema, type === 'integer'));
    else if (type === 'boolean') found.push(true, false);
    else if (type === 'null') found.push(null);
    else if (type === 'object') found.push(sample(schema, name));
    else if (type === 'array') {
      const count = typeof schema.minItems === 'number' ? Math.max(schema.minItems, 1) : 1;
      const item = isSchema(schema.items) ? sample(schema.items, name) : 'Sample';
      found.push(Array.from({ length: count }, () => item), []);
    }
  }
  return found;
}

/** Makes samples for schemas, checking each with one validator instance (rjsf's, as the page validates). */
export class SampleMaker {
  private readonly ajv: Ajv;
  private readonly compiled = new WeakMap<object, ValidateFunction>();

  constructor(ajv: Ajv = createAjvInstance()) {
    this.ajv = ajv;
  }

  validator(schema: Schema): ValidateFunction {
    let validate = this.compiled.get(schema);
    if (validate === undefined) {
      const { $id: _id, ...anonymous } = schema;
      validate = this.ajv.compile(anonymous);
      this.compiled.set(schema, validate);
    }
    return validate;
  }

  accepts(schema: Schema, value: unknown): boolean {
    return this.validator(schema)(value) === true;
  }

  /** Every distinct value the schema accepts among the candidates, best first. */
  values(schema: Schema, name: string): unknown[] {
    const seen = new Set<string>();
    const accepted: unknown[] = [];
    for (const value of candidates(schema, name, (sub, subName) => this.value(sub, subName))) {
      if (value === undefined) continue;
      const key = JSON.stringify(value);
      if (seen.has(key)) continue;
      seen.add(key);
      if (this.accepts(schema, value)) accepted.push(value);
    }
    return accepted;
  }

  /** The best value the schema accepts; for an object, every property it accepts a value for. */
  value(schema: Schema, name = ''): unknown {
    if (typesOf(schema).includes('object') && isSchema(schema.properties) && !('const' in schema) && !Array.isArray(schema.enum)) {
      const object: Record<string, unknown> = {};
      for (const [key, property] of Object.entries(schema.properties)) {
        if (!isSchema(property)) continue;
        const [first] = this.values(property, key);
        if (first !== undefined) object[key] = first;
      }
      return object;
    }
    return this.values(schema, name)[0];
  }
}

// ---- a step, and the way to a step ----

/** The step ids from the start to `stepId`, both included, along the fewest Next presses; undefined when no Next leads there. */
export function wayTo(flow: Pick<Flow, 'start' | 'steps'>, stepId: string): string[] | undefined {
  const cameFrom = new Map<string, string | null>([[flow.start, null]]);
  const queue = [flow.start];
  while (queue.length > 0) {
    const current = queue.shift()!;
    if (current === stepId) {
      const way: string[] = [];
      for (let at: string | null = current; at !== null; at = cameFrom.get(at) ?? null) way.unshift(at);
      return way;
    }
    const step = flow.steps[current];
    for (const target of step === undefined ? [] : nextTargets(step)) {
      if (!cameFrom.has(target) && flow.steps[target] !== undefined) {
        cameFrom.set(target, current);
        queue.push(target);
      }
    }
  }
  return undefined;
}

/**
 * The steps whose answers a visitor has given on arriving at `stepId`: those on the way from the start. A step no
 * Next leads to (one reached by its own link) gets those before the step it leads on to, as a visitor sent there from
 * the middle of the flow has.
 */
export function stepsBefore(flow: Pick<Flow, 'start' | 'steps'>, stepId: string): { earlier: string[]; via: string } {
  const way = wayTo(flow, stepId);
  if (way !== undefined) return { earlier: way.slice(0, -1), via: stepId };
  const step = flow.steps[stepId];
  for (const target of step === undefined ? [] : nextTargets(step)) {
    const onward = wayTo(flow, target);
    if (onward !== undefined) return { earlier: onward.slice(0, -1).filter((id) => id !== stepId), via: target };
  }
  return { earlier: [], via: stepId };
}

/** The combinations of per-field choices, first choices first, at most `limit` of them. */
function* combinations(choices: readonly (readonly unknown[])[], limit: number): Generator<unknown[]> {
  const indexes = choices.map(() => 0);
  for (let produced = 0; produced < limit; produced++) {
    yield indexes.map((index, field) => choices[field]![index]);
    let field = choices.length - 1;
    while (field >= 0 && indexes[field] === choices[field]!.length - 1) indexes[field--] = 0;
    if (field < 0) return;
    indexes[field]!++;
  }
}

export interface StepSample {
  answers: FormRecord;
  /** Whether the step's schema accepts the answers and Next leads to the wanted step. */
  ok: boolean;
}

/**
 * Answers a step's schema accepts; with `leadsTo`, ones for which Next leads there (the first combination of field
 * values that does). Fields no sample fits are left out.
 */
export function sampleStep(
  maker: SampleMaker,
  stepId: string,
  step: Step,
  earlier: FormRecord,
  leadsTo?: { target: string; test: BranchTest },
): StepSample {
  const schema = step.schema as Schema | undefined;
  const properties = isSchema(schema?.properties) ? (schema.properties as Record<string, Schema>) : {};
  const fields = Object.keys(properties).filter((key) => isSchema(properties[key]));
  const choices = fields.map((key) => {
    const values = maker.values(properties[key]!, key);
    return values.length > 0 ? values : [undefined];
  });
  let first: FormRecord | undefined;
  for (const combination of combinations(choices, 2000)) {
    const answers: FormRecord = {};
    fields.forEach((key, index) => {
      if (combination[index] !== undefined) answers[key] = combination[index];
    });
    first ??= answers;
    const valid = schema === undefined || maker.accepts(schema, answers);
    const leads = leadsTo === undefined || nextStepId(stepId, step, { ...earlier, ...answers }, leadsTo.test) === leadsTo.target;
    if (valid && leads) return { answers, ok: true };
  }
  return { answers: first ?? {}, ok: false };
}

export interface PreviewAnswers {
  /** The ids of the steps whose answers were filled, in order. */
  earlier: string[];
  answers: FormRecord;
  /** Steps whose sample answers did not fit (their schema refused them, or Next led elsewhere): none for a sound flow. */
  unfit: string[];
}

/** A branch test compiled from the flow's own `when` schemas with the page's validator. */
export function branchTestFor(flow: Pick<Flow, 'steps'>, maker: SampleMaker): BranchTest {
  return (stepId, index, answers) => {
    const next = flow.steps[stepId]?.next;
    const when = Array.isArray(next) ? next[index]?.when : undefined;
    return when === undefined || maker.accepts(when as Schema, answers);
  };
}

const NO_API = new Proxy({} as ApiClient, {
  get: () => () => Promise.reject(new Error('a preview does not call the server')),
});

/** The answers a visitor has given on arriving at `stepId` of `flow`, made up from the earlier steps' schemas. */
export async function previewAnswers(flow: Flow, stepId: string, maker = new SampleMaker()): Promise<PreviewAnswers> {
  const { earlier, via } = stepsBefore(flow, stepId);
  const test = branchTestFor(flow, maker);
  let answers: FormRecord = {};
  const unfit: string[] = [];
  for (const [index, id] of earlier.entries()) {
    const step = flow.steps[id]!;
    const sample = sampleStep(maker, id, step, answers, { target: earlier[index + 1] ?? via, test });
    if (!sample.ok) unfit.push(id);
    answers = { ...answers, ...sample.answers };
    const derive = step.action === undefined ? undefined : DERIVING_ACTIONS[step.action];
    if (derive === undefined) continue;
    const result = await derive({
      flow,
      stepId: id,
      answers,
      api: NO_API,
      certificateEnabled: false,
      pageUrl: '',
      now: () => new Date(),
      log: () => {},
    });
    if (result.ok) answers = { ...answers, ...result.answers };
  }
  return { earlier, answers, unfit };
}
