/** JSON Schemas inside a flow (step schemas and branch tests), checked as ajv's strict mode would, every problem at once. */
import { explainAjvErrors, pointerTo } from '../explain.ts';
import type { Located } from '../explain.ts';
import type { JsonObject } from '../schema.ts';
import { didYouMean } from '../suggest.ts';
import { isObject, quoted } from './run.ts';
import { strictCompile } from './strict-compile.ts';
import type { Report, Run } from './run.ts';

/** Keywords whose value is one schema, a map of schemas, or a list of schemas (draft-07 and what ajv adds). */
const ONE_SCHEMA = new Set([
  'additionalItems',
  'additionalProperties',
  'contains',
  'not',
  'if',
  'then',
  'else',
  'propertyNames',
]);
const SCHEMA_MAP = new Set([
  'properties',
  'patternProperties',
  'definitions',
  '$defs',
  'dependencies',
  'dependentSchemas',
]);
const SCHEMA_LIST = new Set(['allOf', 'anyOf', 'oneOf']);

/**
 * Checks a schema as ajv's strict mode does, but reports every problem rather than the first: the schema against
 * the JSON Schema meta-schema, unknown keywords and formats (with their pointers), then a strict compile of the
 * schema without them for everything else (type-specific keywords on the wrong type, required names not defined).
 * `fields` is set for a step's schema: its top level is already checked by the flow schema.
 */
export function checkJsonSchema(
  schema: JsonObject,
  at: string,
  run: Run,
  mode: { fields: boolean },
  report: Report,
): void {
  const ajv = mode.fields ? run.fieldsAjv : run.whenAjv;

  let fitsMetaSchema: boolean;
  try {
    fitsMetaSchema = ajv.validateSchema(schema) as boolean;
  } catch (error) {
    const dialect = /no schema with key or ref "(.*)"/.exec((error as Error).message);
    if (dialect) report(`${at}/$schema`, `unsupported JSON Schema version ${quoted(dialect[1]!)}: leave "$schema" out`);
    else report(at, (error as Error).message);
    return;
  }
  if (!fitsMetaSchema) {
    const coveredByFlowSchema = /^(|\/type|\/required(\/\d+)?|\/properties(\/[^/]+)?)$/;
    const errors = (ajv.errors ?? []).filter((error) => !(mode.fields && coveredByFlowSchema.test(error.instancePath)));
    for (const { pointer, message } of explainAjvErrors(errors, { base: at })) report(pointer, message);
  }

  const cleaned = withoutUnknowns(schema, at, !mode.fields, run, report);
  if (!fitsMetaSchema || !isObject(cleaned)) return;

  const { thrown, warnings } = strictCompile(run, mode.fields, cleaned);
  if (thrown !== undefined) {
    const { pointer, message } = locate(thrown, at);
    report(pointer, message);
  }
  for (const line of warnings) {
    const problem = strictModeProblem(line, at, cleaned, mode.fields);
    if (problem) report(problem.pointer, problem.message);
  }
}

/** A copy of the schema without unknown keywords and unknown formats, each reported at its pointer. */
function withoutUnknowns(node: unknown, at: string, reportHere: boolean, run: Run, report: Report): unknown {
  if (!isObject(node)) return node;
  const out: JsonObject = {};
  for (const [keyword, value] of Object.entries(node)) {
    const keywordAt = pointerTo(at, keyword);
    if (!run.keywords.includes(keyword)) {
      if (reportHere) report(keywordAt, `unknown keyword ${quoted(keyword)}${didYouMean(keyword, run.keywords)}`);
      continue;
    }
    if (keyword === 'format' && typeof value === 'string' && !run.formats.includes(value)) {
      const known = didYouMean(value, run.formats) || ` (known formats: ${run.formats.join(', ')})`;
      report(keywordAt, `unknown format ${quoted(value)}${known}`);
      continue;
    }
    if (ONE_SCHEMA.has(keyword) || (keyword === 'items' && !Array.isArray(value))) {
      out[keyword] = withoutUnknowns(value, keywordAt, true, run, report);
    } else if (SCHEMA_MAP.has(keyword) && isObject(value)) {
      const map: JsonObject = {};
      for (const [name, child] of Object.entries(value)) {
        map[name] = Array.isArray(child)
          ? child
          : withoutUnknowns(child, pointerTo(keywordAt, name), true, run, report);
      }
      out[keyword] = map;
    } else if ((SCHEMA_LIST.has(keyword) || keyword === 'items') && Array.isArray(value)) {
      out[keyword] = value.map((child, index) =>
        withoutUnknowns(child, pointerTo(keywordAt, index), true, run, report),
      );
    } else out[keyword] = value;
  }
  return out;
}

/** The pointer a message of ajv names (`at "#/properties/a"` or `at path "#/properties/a"`), and the rest of it. */
function locate(text: string, at: string): Located & { schemaPointer: string | undefined } {
  const message = text.replace(/^strict mode: /, '');
  const match = / at (?:path )?"[^"#]*#([^"]*)"/.exec(message);
  if (!match) return { pointer: at, message, schemaPointer: undefined };
  const schemaPointer = match[1]!
    .split('/')
    .map((segment) => decodeURIComponent(segment))
    .join('/');
  return {
    pointer: at + schemaPointer,
    message: message.replace(match[0], '').replace(/ \(strict\w*\)$/, ''),
    schemaPointer,
  };
}

function resolvePointer(root: unknown, pointer: string): unknown {
  let node = root;
  for (const segment of pointer.split('/').slice(1)) {
    if (!isObject(node) && !Array.isArray(node)) return undefined;
    node = (node as Record<string, unknown>)[segment.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return node;
}

function strictModeProblem(line: string, at: string, schema: unknown, fieldsMode: boolean): Located | undefined {
  const located = locate(line, at);
  const { message, schemaPointer } = located;
  const here = schemaPointer === undefined ? undefined : resolvePointer(schema, schemaPointer);
  const missingType = /^missing type "(\w+)" for keyword "(\w+)"$/.exec(message);
  if (missingType) {
    const [, type, keyword] = missingType as unknown as [string, string, string];
    const own = isObject(here) ? here.type : undefined;
    return {
      pointer: pointerTo(located.pointer, keyword),
      message:
        own === undefined
          ? `"${keyword}" needs "type": "${type}" on the same schema`
          : `"${keyword}" does not apply to type ${JSON.stringify(own)} (it is a rule for type "${type}")`,
    };
  }
  const undefinedRequired = /^required property "(.*)" is not defined$/.exec(message);
  if (undefinedRequired) {
    // Top-level required names of a step are checked with the step's fields (with a suggestion).
    if (fieldsMode && schemaPointer === '') return undefined;
    const name = undefinedRequired[1]!;
    const defined = isObject(here) && isObject(here.properties) ? Object.keys(here.properties) : [];
    return {
      pointer: `${located.pointer}/required`,
      message: `${quoted(name)} is required but not defined in "properties"${didYouMean(name, defined)}`,
    };
  }
  return { pointer: located.pointer, message };
}
