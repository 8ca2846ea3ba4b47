/**
 * What the console's step editor (console/flows/editor/) is generated from: the step definition of the flow schema
 * (engine/flow/schema.ts, the one flows/flow.schema.json is written from, so every widget and widget option in the
 * registry is in it) as the schema rjsf renders, and that schema's validators precompiled; and the schema of an
 * overlay, for the Raw tab's completion. The console runs under a
 * CSP without 'unsafe-eval', so rjsf must not compile schemas in the browser (decision 113).
 */
import type { RJSFSchema } from '@rjsf/utils';
import { buildFlowFileSchema, buildFlowSchema, type JsonObject, type WidgetInfo } from '../engine/flow/schema.ts';
import { precompileSchemas } from '../engine/flow/precompile.ts';

/** The `$id` of the editor's step schema: rjsf's precompiled validator finds the root schema's function by it. */
export const STEP_EDITOR_SCHEMA_ID = 'flow_step_editor';

const isObject = (value: unknown): value is JsonObject =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** "hideProgress" → "Hide progress", "loaderSeconds" → "Loader seconds": a key read as words, for a label. */
export function wordsOf(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[-_]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * Every named property gets a title from its key unless it has one, at any depth (widget options included), so a
 * label reads as words wherever rjsf shows a property; a schema's own title always wins.
 */
function titled(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(titled);
  if (!isObject(schema)) return schema;
  const result: JsonObject = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'properties' && isObject(value)) {
      result[key] = Object.fromEntries(
        Object.entries(value).map(([name, property]) => {
          const inner = titled(property);
          return [name, isObject(inner) && !('title' in inner) ? { title: wordsOf(name), ...inner } : inner];
        }),
      );
    } else result[key] = titled(value);
  }
  return result;
}

/**
 * A field of a step is any JSON Schema, which the flow schema leaves open; the editor names what a marketer changes
 * on one (its label, its choices and their order) and leaves its rules as they are (the Raw tab edits those).
 */
const FIELD_PROPERTIES: JsonObject = {
  title: { type: 'string', minLength: 1, title: 'Label', description: 'The question or label of the field.' },
  enum: {
    type: 'array',
    title: 'Choices',
    description: 'Each choice is also the answer stored and sent to buyers.',
    items: { type: 'string', minLength: 1 },
  },
  oneOf: {
    type: 'array',
    title: 'Choices',
    description: 'Each choice: the answer stored and sent to buyers (value), and the words a visitor reads (label).',
    items: {
      type: 'object',
      required: ['const'],
      properties: {
        const: { type: 'string', title: 'Value' },
        title: { type: 'string', minLength: 1, title: 'Label' },
      },
    },
  },
};

function withFieldProperties(step: JsonObject): JsonObject {
  const fields = (step.properties as JsonObject).schema as JsonObject;
  const byKey = (fields.properties as JsonObject).properties as JsonObject;
  const patterns = byKey.patternProperties as JsonObject;
  const [pattern, field] = Object.entries(patterns)[0]!;
  return {
    ...step,
    properties: {
      ...(step.properties as JsonObject),
      schema: {
        ...fields,
        properties: {
          ...(fields.properties as JsonObject),
          properties: {
            ...byKey,
            patternProperties: { [pattern]: { ...(field as JsonObject), properties: FIELD_PROPERTIES } },
          },
        },
      },
    },
  };
}

/** The schema of one step of a resolved flow, as the editor's form renders it. */
export function stepEditorSchema(widgets: readonly WidgetInfo[]): RJSFSchema {
  const steps = (buildFlowSchema(widgets).properties as JsonObject).steps as JsonObject;
  const step = Object.values(steps.patternProperties as JsonObject)[0] as JsonObject;
  return { $id: STEP_EDITOR_SCHEMA_ID, ...(titled(withFieldProperties(step)) as JsonObject) };
}

/**
 * rjsf's parser of sub-schemas (schemaParser, which the precompiling uses) does not descend into `patternProperties`,
 * yet rjsf validates inside them as it renders (a field's widget options by their `if`): each such schema is
 * precompiled as a root of its own too.
 */
function patternSchemas(schema: unknown): JsonObject[] {
  if (Array.isArray(schema)) return schema.flatMap(patternSchemas);
  if (!isObject(schema)) return [];
  return Object.entries(schema).flatMap(([key, value]) => [
    ...(key === 'patternProperties' && isObject(value) ? Object.values(value).filter(isObject) : []),
    ...patternSchemas(value),
  ]);
}

/** The generated files, by path under .generated/: the schema as a module, and its precompiled validators. */
export function stepEditorModules(widgets: readonly WidgetInfo[]): Record<string, string> {
  const schema = stepEditorSchema(widgets);
  return {
    'step-editor/schema.ts': [
      '// Generated by tools/step-editor-module.ts from the flow schema. Do not edit.',
      "import type { RJSFSchema } from '@rjsf/utils';",
      '',
      `export const stepEditorSchema: RJSFSchema = ${JSON.stringify(schema)};`,
      '',
    ].join('\n'),
    // The Raw tab completes keys and values of a draft's overlay from the schema of a file written as changes.
    'step-editor/overlay-schema.ts': [
      '// Generated by tools/step-editor-module.ts from the flow schema. Do not edit.',
      '',
      `export const overlaySchema: Record<string, unknown> = ${JSON.stringify(buildFlowFileSchema(widgets).then)};`,
      '',
    ].join('\n'),
    'step-editor/validators.cjs': precompileSchemas([schema, ...patternSchemas(schema)]),
    'step-editor/validators.d.cts':
      "declare const validators: import('@rjsf/validator-ajv8').ValidatorFunctions;\nexport = validators;\n",
  };
}
