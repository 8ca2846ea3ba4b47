/**
 * What a run of the flow checks shares, made once for any number of checks with the same widgets and options: the
 * compiled validators, the known widgets, keywords, formats and actions, what compiling each step's schema found, and
 * the small helpers every check words its messages with.
 */
import { Ajv } from 'ajv';
import type { Format, ValidateFunction } from 'ajv';
import createRjsfAjv from '@rjsf/validator-ajv8/lib/createAjvInstance.js';
import { buildFlowSchema } from '../schema.ts';
import type { JsonObject, WidgetInfo } from '../schema.ts';
import { actions as engineActions } from '../../actions/index.ts';

// rjsf declares this function's result with ajv's default export, which NodeNext resolution takes for the CommonJS
// module object rather than the class, so the declared type does not resolve: the signature is restated with the class.
const createAjvInstance = createRjsfAjv as (...args: Parameters<typeof createRjsfAjv>) => Ajv;

export interface CheckOptions {
  /**
   * String formats the engine adds to its validators. The formats of the page's validator (rjsf's ajv instance:
   * ajv-formats plus "color" and "data-url") are always known; any other `format` is reported as unknown.
   */
  formats?: Readonly<Record<string, Format>>;
  /** The action names steps may use; default: the engine's actions. */
  actions?: readonly string[];
  /** Paths the site serves pages of its own at, with what each is ("built-in privacy policy"): no step may take one. */
  reservedPaths?: ReadonlyMap<string, string>;
}

/** The formats the page's precompiled validators know (engine/flow/precompile.ts builds them with the same ajv). */
function pageFormats(): Record<string, Format> {
  const formats: Record<string, Format> = {};
  for (const [name, format] of Object.entries(createAjvInstance().formats)) {
    if (format !== undefined) formats[name] = format;
  }
  return formats;
}

/**
 * The parameters ajv gives each keyword's error, i.e. the `{placeholders}` a message for that keyword can use.
 * Keywords missing here are not checked for placeholders.
 */
export const KEYWORD_PARAMS: Readonly<Record<string, readonly string[]>> = {
  minLength: ['limit'],
  maxLength: ['limit'],
  minItems: ['limit'],
  maxItems: ['limit'],
  minProperties: ['limit'],
  maxProperties: ['limit'],
  additionalItems: ['limit'],
  minimum: ['limit', 'comparison'],
  maximum: ['limit', 'comparison'],
  exclusiveMinimum: ['limit', 'comparison'],
  exclusiveMaximum: ['limit', 'comparison'],
  multipleOf: ['multipleOf'],
  pattern: ['pattern'],
  format: ['format'],
  required: ['missingProperty'],
  type: ['type'],
  enum: ['allowedValues'],
  const: ['allowedValue'],
  additionalProperties: ['additionalProperty'],
  uniqueItems: ['i', 'j'],
  dependencies: ['property', 'missingProperty', 'depsCount', 'deps'],
  propertyNames: ['propertyName'],
  oneOf: ['passingSchemas'],
  anyOf: [],
  not: [],
};

/** Keywords that describe a value without testing it: never the cause of an error message. */
export const ANNOTATIONS = new Set([
  '$schema',
  '$id',
  'id',
  '$comment',
  '$defs',
  'definitions',
  '$vocabulary',
  '$async',
  'title',
  'description',
  'default',
  'examples',
  'deprecated',
  'readOnly',
  'writeOnly',
  'contentMediaType',
  'contentEncoding',
  'contentSchema',
]);

export const JSON_TYPES = new Set(['string', 'number', 'integer', 'boolean', 'object', 'array', 'null']);

export const isObject = (value: unknown): value is JsonObject =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

export const quoted = (name: string): string => `"${name}"`;

export const joinAnd = (words: readonly string[]): string =>
  words.length <= 1 ? words.join('') : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;

/** What compiling a schema found. */
export interface CompileOutcome {
  /** The message ajv refused the schema with, if it did. */
  thrown: string | undefined;
  /** What ajv's strict mode logged while compiling (the strict options set to "log"). */
  warnings: readonly string[];
}

export interface Run {
  flowValidator: ValidateFunction;
  fieldsAjv: Ajv;
  whenAjv: Ajv;
  /** What the strict mode logged during the last compile (strict-compile.ts empties it before each). */
  logs: string[];
  /** What compiling each schema found, by mode and schema text (strict-compile.ts). */
  compiled: Map<string, CompileOutcome>;
  widgets: Map<string, WidgetInfo>;
  optionValidators: Map<string, ValidateFunction>;
  keywords: string[];
  rules: string[];
  formats: string[];
  actions: readonly string[];
}

export function createRun(widgets: readonly WidgetInfo[], options: CheckOptions): Run {
  const logs: string[] = [];
  const logger = { log() {}, warn: (...args: unknown[]) => logs.push(args.map(String).join(' ')), error() {} };
  const formats = { ...pageFormats(), ...options.formats };
  const strictAjv = (strictTypes: boolean) =>
    new Ajv({
      allErrors: true,
      verbose: true,
      strict: true,
      strictTypes: strictTypes ? 'log' : false,
      strictTuples: strictTypes ? 'log' : false,
      strictRequired: strictTypes ? 'log' : false,
      formats,
      logger,
    });
  const fieldsAjv = strictAjv(true);
  // The widgets' own schemas are the developers' concern: compile them leniently.
  const plainAjv = new Ajv({ allErrors: true, verbose: true, strict: false });
  const optionValidators = new Map<string, ValidateFunction>();
  for (const widget of widgets) {
    optionValidators.set(widget.name, plainAjv.compile(JSON.parse(JSON.stringify(widget.options)) as JsonObject));
  }
  const keywords = Object.keys(fieldsAjv.RULES.keywords);
  return {
    flowValidator: plainAjv.compile(buildFlowSchema(widgets)),
    fieldsAjv,
    whenAjv: strictAjv(false),
    logs,
    compiled: new Map(),
    widgets: new Map(widgets.map((widget) => [widget.name, widget])),
    optionValidators,
    keywords,
    rules: keywords.filter((keyword) => !ANNOTATIONS.has(keyword)),
    formats: Object.keys(formats),
    actions: options.actions ?? Object.keys(engineActions),
  };
}

/** Where a check reports a problem: the JSON pointer into the file being checked, and the sentence. */
export type Report = (pointer: string, message: string) => void;
