/**
 * Turns ajv's errors (compiled with `allErrors` and `verbose`) into plain sentences at JSON pointers, for people who
 * edit flow files rather than read JSON Schema: `unknown key "hedaing" (did you mean "heading"?)`,
 * `"heading" is missing`, `expected a whole number, found the text "ten": Percent shown by the progress bar.`
 */
import type { ErrorObject } from 'ajv';
import { didYouMean, suggest } from './suggest.ts';

export interface Located {
  /** JSON pointer into the checked file. */
  pointer: string;
  message: string;
}

export interface ExplainOptions {
  /** Pointer of the validated value inside the file; ajv's instance paths are appended to it. */
  base?: string;
  /**
   * Words an unknown key found in the object at `instancePath` (relative to `base`); the default, also used when
   * this returns undefined, is `unknown key "x" (did you mean "y"?)`.
   */
  unknownKey?: (name: string, allowed: readonly string[], instancePath: string) => string | undefined;
  /** Words a missing key; the default, also used when this returns undefined, is `"x" is missing`. */
  missingKey?: (name: string, instancePath: string) => string | undefined;
}

export function escapePointer(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** A pointer with segments appended. */
export function pointerTo(base: string, ...segments: (string | number)[]): string {
  return base + segments.map((segment) => `/${escapePointer(String(segment))}`).join('');
}

const TYPE_NAMES: Record<string, string> = {
  string: 'text',
  integer: 'a whole number',
  number: 'a number',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list',
  null: 'null',
};

/** How a value reads in a message: `the text "ten"`, `the number 5`, `a list`. */
export function describeValue(value: unknown): string {
  if (typeof value === 'string') return `the text ${JSON.stringify(value)}`;
  if (typeof value === 'number') return `the number ${value}`;
  if (Array.isArray(value)) return 'a list';
  if (value !== null && typeof value === 'object') return 'an object';
  return JSON.stringify(value) ?? String(value);
}

function typeNames(type: unknown): string[] {
  const types = Array.isArray(type) ? type : String(type).split(',');
  return types.map((name) => TYPE_NAMES[String(name)] ?? String(name));
}

export function joinOr(words: readonly string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} or ${words[words.length - 1]}`;
}

function descriptionOf(schema: unknown): string | undefined {
  if (schema === null || typeof schema !== 'object') return undefined;
  const description = (schema as { description?: unknown }).description;
  return typeof description === 'string' && description !== '' ? description : undefined;
}

/** How to write a value that has the right content in the wrong JSON type: a number in quotes, text without them. */
function quoting(type: unknown, value: unknown): string {
  const expected = Array.isArray(type) ? type.map(String) : String(type).split(',');
  if (typeof value === 'string') {
    const numeric = value.trim() !== '' && Number.isFinite(Number(value));
    if (numeric && (expected.includes('integer') || expected.includes('number')))
      return ` (write it without quotes: ${value.trim()})`;
    if ((value === 'true' || value === 'false') && expected.includes('boolean'))
      return ` (write it without quotes: ${value})`;
  }
  if ((typeof value === 'number' || typeof value === 'boolean') && expected.includes('string')) {
    return ` (write it in quotes: "${String(value)}")`;
  }
  return '';
}

/**
 * The value written as lower-case words joined by "-" (what ids, routes and keys look like), when that fits the
 * pattern it broke: "Loan Timing" → "loan-timing".
 */
function slugFitting(value: unknown, pattern: string): string | undefined {
  if (typeof value !== 'string') return undefined;
  const slug = value
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (slug === value || slug === '') return undefined;
  try {
    return new RegExp(pattern, 'u').test(slug) ? slug : undefined;
  } catch {
    return undefined;
  }
}

/** `: <description>` of the schema that failed, when it has one. */
function because(error: ErrorObject): string {
  const description = descriptionOf(error.parentSchema);
  return description === undefined ? '' : `: ${description}`;
}

function defaultUnknownKey(name: string, allowed: readonly string[]): string {
  const hint = didYouMean(name, allowed);
  if (hint !== '') return `unknown key "${name}"${hint}`;
  return allowed.length === 0
    ? `unknown key "${name}" (no keys are allowed here)`
    : `unknown key "${name}" (allowed: ${allowed.join(', ')})`;
}

function isInside(path: string, parent: string): boolean {
  return parent === '' || path === parent || path.startsWith(`${parent}/`);
}

function parentSchemaPath(schemaPath: string): string {
  return schemaPath.slice(0, schemaPath.lastIndexOf('/'));
}

const isComposite = (error: ErrorObject): boolean => error.keyword === 'anyOf' || error.keyword === 'oneOf';

type Item = { error: ErrorObject; branches: ErrorObject[] };

/**
 * Pairs every anyOf/oneOf failure with the failures of its branches. ajv reports a branch's errors just before the
 * anyOf error itself, at or below its instance path, under its schema path (or under a referenced definition).
 */
function group(errors: readonly ErrorObject[]): Item[] {
  const items: Item[] = [];
  let i = errors.length - 1;
  while (i >= 0) {
    const error = errors[i]!;
    if (!isComposite(error) || (error.keyword === 'oneOf' && error.params.passingSchemas != null)) {
      items.push({ error, branches: [] });
      i -= 1;
      continue;
    }
    const own = `${error.schemaPath}/`;
    const sibling = `${parentSchemaPath(error.schemaPath)}/`;
    let start = i;
    while (start > 0) {
      const before = errors[start - 1]!;
      const underThis = before.schemaPath.startsWith(own) || !before.schemaPath.startsWith(sibling);
      if (!isInside(before.instancePath, error.instancePath) || !underThis) break;
      start -= 1;
    }
    items.push({ error, branches: errors.slice(start, i) });
    i = start - 1;
  }
  return items.reverse();
}

/** Plain messages for ajv errors, every error accounted for, duplicates dropped. */
export function explainAjvErrors(errors: readonly ErrorObject[], options: ExplainOptions = {}): Located[] {
  const base = options.base ?? '';
  const relevant = errors.filter((error) => error.propertyName === undefined && error.keyword !== 'if');
  const out: Found[] = [];
  collect(relevant, base, options, out);
  return dropRedundant(out, relevant, base);
}

function collect(errors: readonly ErrorObject[], base: string, options: ExplainOptions, out: Found[]): void {
  for (const { error, branches } of group(errors)) {
    if (!isComposite(error) || branches.length === 0) {
      out.push(explainOne(error, base, options));
      continue;
    }
    // A branch whose type fitted failed deeper or on another rule: its errors say what is wrong.
    const fitted = branches.filter(
      (branch) =>
        branch.instancePath !== error.instancePath ||
        !(branch.keyword === 'type' || branch.keyword === 'const' || isComposite(branch)),
    );
    if (fitted.length > 0) {
      collect(fitted, base, options, out);
      continue;
    }
    const expected: string[] = [];
    for (const branch of branches) {
      const words =
        branch.keyword === 'type'
          ? typeNames(branch.params.type)
          : branch.keyword === 'const'
            ? [JSON.stringify(branch.params.allowedValue)]
            : [];
      for (const word of words) if (!expected.includes(word)) expected.push(word);
    }
    const message =
      expected.length > 0
        ? `expected ${joinOr(expected)}, found ${describeValue(error.data)}${because(error)}`
        : `does not fit any of the allowed forms${because(error)}`;
    out.push({ pointer: base + error.instancePath, message });
  }
}

/** A sentence found, remembering the key it reports missing (see dropRedundant). */
type Found = Located & { missing?: string };

function explainOne(error: ErrorObject, base: string, options: ExplainOptions): Found {
  const at = base + error.instancePath;
  const params = error.params as Record<string, unknown>;
  const data = error.data;
  switch (error.keyword) {
    case 'additionalProperties': {
      const name = String(params.additionalProperty);
      const properties = (error.parentSchema as { properties?: Record<string, unknown> } | undefined)?.properties ?? {};
      const allowed = Object.keys(properties);
      const message = options.unknownKey?.(name, allowed, error.instancePath) ?? defaultUnknownKey(name, allowed);
      return { pointer: pointerTo(at, name), message };
    }
    case 'required': {
      const name = String(params.missingProperty);
      const properties = (error.parentSchema as { properties?: Record<string, unknown> } | undefined)?.properties;
      const description = descriptionOf(properties?.[name]);
      const fallback = `"${name}" is missing: add it${description === undefined ? '' : ` (${description})`}`;
      return { pointer: at, message: options.missingKey?.(name, error.instancePath) ?? fallback, missing: name };
    }
    case 'propertyNames': {
      const name = String(params.propertyName);
      return { pointer: pointerTo(at, name), message: `the key "${name}" is not allowed${because(error)}` };
    }
    case 'type':
      return {
        pointer: at,
        message: `expected ${joinOr(typeNames(params.type))}, found ${describeValue(data)}${quoting(params.type, data)}${because(error)}`,
      };
    case 'const':
      return {
        pointer: at,
        message: `expected ${JSON.stringify(params.allowedValue)}, found ${describeValue(data)}${because(error)}`,
      };
    case 'enum': {
      const allowed = (params.allowedValues as unknown[]).map((value) => JSON.stringify(value));
      const hint = typeof data === 'string' ? didYouMean(data, (params.allowedValues as unknown[]).map(String)) : '';
      return { pointer: at, message: `${JSON.stringify(data)} is not one of ${allowed.join(', ')}${hint}` };
    }
    case 'pattern': {
      const description = descriptionOf(error.parentSchema);
      const slug = slugFitting(data, String(params.pattern));
      const hint = slug === undefined ? '' : ` (did you mean "${slug}"?)`;
      return {
        pointer: at,
        message:
          description === undefined
            ? `${JSON.stringify(data)} does not match the pattern ${String(params.pattern)}${hint}`
            : `${JSON.stringify(data)} is not allowed${hint}: ${description}`,
      };
    }
    case 'minLength': {
      const rule =
        params.limit === 1 ? 'must not be empty' : `must be at least ${String(params.limit)} characters long`;
      return { pointer: at, message: `${rule}${because(error)}` };
    }
    case 'maxLength':
      return { pointer: at, message: `must be at most ${String(params.limit)} characters long${because(error)}` };
    case 'minimum':
    case 'exclusiveMinimum':
    case 'maximum':
    case 'exclusiveMaximum': {
      const bound = {
        minimum: 'at least',
        exclusiveMinimum: 'more than',
        maximum: 'at most',
        exclusiveMaximum: 'less than',
      }[error.keyword];
      return {
        pointer: at,
        message: `${JSON.stringify(data)} is out of range: it must be ${bound} ${String(params.limit)}${because(error)}`,
      };
    }
    case 'minItems':
    case 'maxItems': {
      const entries = `${String(params.limit)} ${params.limit === 1 ? 'entry' : 'entries'}`;
      const rule = error.keyword === 'minItems' ? `needs at least ${entries}` : `takes at most ${entries}`;
      return { pointer: at, message: `${rule}${because(error)}` };
    }
    case 'uniqueItems': {
      const list = Array.isArray(data) ? data : [];
      return { pointer: at, message: `${JSON.stringify(list[Number(params.i)])} is listed twice` };
    }
    default:
      return { pointer: at, message: `${error.message ?? `fails the "${error.keyword}" rule`}${because(error)}` };
  }
}

/**
 * One typo is one problem: a key reported missing is left out when an unknown key next to it is its misspelling
 * (`hedaing` says it all; `"heading" is missing` would repeat it).
 */
function dropRedundant(found: readonly Found[], errors: readonly ErrorObject[], base: string): Located[] {
  const misspelt = new Set<string>();
  for (const error of errors) {
    if (error.keyword !== 'additionalProperties') continue;
    const properties = (error.parentSchema as { properties?: Record<string, unknown> } | undefined)?.properties ?? {};
    const meant = suggest(String(error.params.additionalProperty), Object.keys(properties));
    if (meant !== undefined) misspelt.add(`${base}${error.instancePath}\u0000${meant}`);
  }
  const seen = new Set<string>();
  const out: Located[] = [];
  for (const entry of found) {
    const key = `${entry.pointer}\u0000${entry.message}`;
    if (seen.has(key)) continue;
    if (entry.missing !== undefined && misspelt.has(`${entry.pointer}\u0000${entry.missing}`)) continue;
    seen.add(key);
    out.push({ pointer: entry.pointer, message: entry.message });
  }
  return out;
}
