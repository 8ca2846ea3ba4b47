/**
 * A value for a JSON Schema: its `examples`, `default`, `const`, first `enum` value or first `oneOf`/`anyOf` constant,
 * else a sample that fits its format, pattern and length (an email address, a 10-digit US phone number, a ZIP code
 * like 10001, a date). Every candidate is checked with the validator the page uses (rjsf's ajv), so a sample is one
 * the schema itself accepts.
 */
import type { Ajv, ValidateFunction } from 'ajv';
import createRjsfAjv from '@rjsf/validator-ajv8/lib/createAjvInstance.js';
import { sampleForPattern } from './pattern-sample.ts';

// rjsf declares this function's result with ajv's default export, which NodeNext resolution takes for the CommonJS
// module object rather than the class, so the declared type does not resolve: the signature is restated with the class.
const createAjvInstance = createRjsfAjv as (...args: Parameters<typeof createRjsfAjv>) => Ajv;

export type Schema = Record<string, unknown>;

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

export function isSchema(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function typesOf(schema: Schema): string[] {
  const { type } = schema;
  if (typeof type === 'string') return [type];
  if (Array.isArray(type)) return type.filter((name): name is string => typeof name === 'string');
  if (isSchema(schema.properties)) return ['object'];
  if (schema.pattern !== undefined || schema.format !== undefined || schema.minLength !== undefined) return ['string'];
  if (schema.minimum !== undefined || schema.maximum !== undefined || schema.multipleOf !== undefined)
    return ['number'];
  return [];
}

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
  const step =
    typeof schema.multipleOf === 'number' && schema.multipleOf > 0 ? schema.multipleOf : integer ? 1 : undefined;
  let low = typeof schema.minimum === 'number' ? schema.minimum : undefined;
  if (typeof schema.exclusiveMinimum === 'number')
    low = Math.max(low ?? -Infinity, schema.exclusiveMinimum + (step ?? 0.5));
  const high = typeof schema.maximum === 'number' ? schema.maximum : undefined;
  const start = low ?? (high !== undefined ? Math.min(0, high) : 0);
  const snapped = step === undefined ? start : Math.ceil(start / step) * step;
  return [snapped, snapped + (step ?? 1), ...(high !== undefined ? [high] : []), 1, 0];
}

/** What a value could be, best first, unchecked: the schema's own values, then samples by type, format and name. */
function candidates(schema: Schema, name: string, sample: (schema: Schema, name: string) => unknown): unknown[] {
  const found: unknown[] = [];
  if (Array.isArray(schema.examples)) found.push(...(schema.examples as unknown[]));
  if ('default' in schema) found.push(schema.default);
  if ('const' in schema) found.push(schema.const);
  if (Array.isArray(schema.enum)) found.push(...(schema.enum as unknown[]));
  for (const key of ['oneOf', 'anyOf'] as const) {
    const options = schema[key];
    if (Array.isArray(options)) {
      for (const option of options) if (isSchema(option) && 'const' in option) found.push(option.const);
      for (const option of options)
        if (isSchema(option) && !('const' in option))
          found.push(...candidates({ ...schema, [key]: undefined, ...option }, name, sample));
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
      found.push(
        Array.from({ length: count }, () => item),
        [],
      );
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
    if (
      typesOf(schema).includes('object') &&
      isSchema(schema.properties) &&
      !('const' in schema) &&
      !Array.isArray(schema.enum)
    ) {
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
