/**
 * Build-time checks of the flow files. Every problem names its file and a JSON pointer into it, reads as a sentence a
 * marketer can act on, and all of them are reported at once:
 *
 *   flows/business-funding.v2.json /steps/zip/next: "revenu" is not a step (did you mean "revenue"?)
 *
 * `npm run flows:check` (tools/flows-check.ts) prints them; the build calls `assertFlowsValid` and stops on any.
 */
import { Ajv } from 'ajv';
import type { ErrorObject, Format, ValidateFunction } from 'ajv';
import createAjvInstance from '@rjsf/validator-ajv8/lib/createAjvInstance.js';
import { explainAjvErrors, joinOr, pointerTo } from './explain.ts';
import type { Located } from './explain.ts';
import type { FlowFile } from './load.ts';
import { stepPath } from './navigation.ts';
import { buildFlowSchema } from './schema.ts';
import type { JsonObject, WidgetInfo } from './schema.ts';
import { didYouMean, didYouMeanOrList, suggest } from './suggest.ts';
import { SITUATION_MESSAGES } from '../messages.ts';
import { actions as engineActions } from '../actions/index.ts';

export type { WidgetInfo } from './schema.ts';

export interface Problem {
  /** The file as messages show it, e.g. "flows/business-funding.v2.json". */
  file: string;
  /** JSON pointer to the offending value ("" for the whole file). */
  pointer: string;
  message: string;
}

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
    if (format !== undefined) formats[name] = format as Format;
  }
  return formats;
}

/** `flows/business-funding.v2.json /steps/zip/next: "revenu" is not a step (did you mean "revenue"?)` */
export function formatProblem(problem: Problem): string {
  return problem.pointer === ''
    ? `${problem.file}: ${problem.message}`
    : `${problem.file} ${problem.pointer}: ${problem.message}`;
}

/** The problems one per line, then a count: what the CLI prints and what the build's error says. */
export function formatProblems(problems: readonly Problem[]): string {
  const files = new Set(problems.map((problem) => problem.file)).size;
  const count = `${problems.length} ${problems.length === 1 ? 'problem' : 'problems'}`;
  return [...problems.map(formatProblem), `flows: ${count} in ${files} ${files === 1 ? 'file' : 'files'}`].join('\n');
}

/** For the build: throws an Error listing every problem (see formatProblems) when any flow file has one. */
export function assertFlowsValid(files: readonly FlowFile[], widgets: readonly WidgetInfo[], options: CheckOptions = {}): void {
  const problems = checkFlows(files, widgets, options);
  if (problems.length > 0) throw new Error(formatProblems(problems));
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
const ANNOTATIONS = new Set([
  '$schema', '$id', 'id', '$comment', '$defs', 'definitions', '$vocabulary', '$async', 'title', 'description',
  'default', 'examples', 'deprecated', 'readOnly', 'writeOnly', 'contentMediaType', 'contentEncoding', 'contentSchema',
]);

const JSON_TYPES = new Set(['string', 'number', 'integer', 'boolean', 'object', 'array', 'null']);

const isObject = (value: unknown): value is JsonObject => value !== null && typeof value === 'object' && !Array.isArray(value);

const quoted = (name: string): string => `"${name}"`;

const joinAnd = (words: readonly string[]): string =>
  words.length <= 1 ? words.join('') : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;

interface Run {
  flowValidator: ValidateFunction;
  fieldsAjv: Ajv;
  whenAjv: Ajv;
  logs: string[];
  widgets: Map<string, WidgetInfo>;
  optionValidators: Map<string, ValidateFunction>;
  keywords: string[];
  rules: string[];
  formats: string[];
  actions: readonly string[];
}

function createRun(widgets: readonly WidgetInfo[], options: CheckOptions): Run {
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
    widgets: new Map(widgets.map((widget) => [widget.name, widget])),
    optionValidators,
    keywords,
    rules: keywords.filter((keyword) => !ANNOTATIONS.has(keyword)),
    formats: Object.keys(formats),
    actions: options.actions ?? Object.keys(engineActions),
  };
}

/** Checks every flow file, alone and against the others; returns every problem found, in file order. */
export function checkFlows(files: readonly FlowFile[], widgets: readonly WidgetInfo[], options: CheckOptions = {}): Problem[] {
  const run = createRun(widgets, options);
  const problems: Problem[] = [];
  for (const { file, json } of files) {
    checkFile(json, run, (pointer, message) => problems.push({ file, pointer, message }));
  }
  checkAcrossFiles(files, options.reservedPaths ?? new Map(), (file, pointer, message) => problems.push({ file, pointer, message }));
  // In file order, then in the order the file reads (a problem about a key that is absent sits at its parent).
  const fileOrder = new Map(files.map(({ file }, index) => [file, index]));
  const positions = new Map(files.map(({ file, json }) => [file, documentOrder(json)]));
  const position = (problem: Problem): number => {
    const known = positions.get(problem.file)!;
    for (let pointer = problem.pointer; ; pointer = pointer.slice(0, pointer.lastIndexOf('/'))) {
      const found = known.get(pointer);
      if (found !== undefined || pointer === '') return found ?? 0;
    }
  };
  return problems
    .map((problem, index) => ({ problem, index, file: fileOrder.get(problem.file)!, at: position(problem) }))
    .sort((a, b) => a.file - b.file || a.at - b.at || a.index - b.index)
    .map(({ problem }) => problem);
}

/** The position of every value of a JSON document in reading order, by pointer. */
function documentOrder(json: unknown): Map<string, number> {
  const order = new Map<string, number>();
  const visit = (value: unknown, pointer: string) => {
    order.set(pointer, order.size);
    if (Array.isArray(value)) value.forEach((item, index) => visit(item, `${pointer}/${index}`));
    else if (isObject(value)) for (const [key, item] of Object.entries(value)) visit(item, pointerTo(pointer, key));
  };
  visit(json, '');
  return order;
}

type Report = (pointer: string, message: string) => void;

// ---------------------------------------------------------------------------------------------------------------
// One file

/** Errors the flow schema finds that the step checks below word better (widget names and widget options). */
function ownedByStepChecks(error: ErrorObject): boolean {
  if (/\/allOf\/\d+\/then\//.test(error.schemaPath)) return true;
  return error.keyword === 'enum' && /^\/steps\/[^/]+\/(ui\/[^/]+|display|layout)\/widget$/.test(error.instancePath);
}

function checkFile(json: unknown, run: Run, report: Report): void {
  if (!run.flowValidator(json)) {
    const errors = (run.flowValidator.errors ?? []).filter((error) => !ownedByStepChecks(error));
    for (const { pointer, message } of explainAjvErrors(errors)) report(pointer, message);
  }
  if (!isObject(json)) return;
  const steps = isObject(json.steps) ? json.steps : {};
  const stepIds = Object.keys(steps);

  if (typeof json.start === 'string' && !(json.start in steps)) {
    report('/start', `${quoted(json.start)} is not a step${didYouMeanOrList(json.start, stepIds, 'steps')}`);
  }

  const answerFields = new Set<string>();
  for (const step of Object.values(steps)) {
    if (isObject(step) && isObject(step.schema) && isObject(step.schema.properties)) {
      for (const field of Object.keys(step.schema.properties)) answerFields.add(field);
    }
  }
  if (isObject(json.query)) {
    for (const field of Object.values(json.query)) if (typeof field === 'string') answerFields.add(field);
  }

  if (isObject(json.messages)) {
    for (const [keyword, text] of Object.entries(json.messages)) {
      const at = pointerTo('', 'messages', keyword);
      const known = [...run.rules, ...SITUATION_MESSAGES];
      if (!known.includes(keyword)) {
        report(at, `${quoted(keyword)} is not a validation rule or engine message${didYouMean(keyword, known)}`);
      } else if (typeof text === 'string') checkPlaceholders(text, keyword, at, report);
    }
  }

  for (const [id, step] of Object.entries(steps)) {
    if (isObject(step) && step.showConsent === true && json.consent === undefined) {
      report(pointerTo('', 'steps', id, 'showConsent'), 'the flow has no "consent" to show: add the flow\'s "consent" text or leave "showConsent" out');
    }
    if (isObject(step)) checkStep(id, step, stepIds, answerFields, run, report);
  }

  checkGraph(json, steps, report);
}

function checkStep(
  id: string,
  step: JsonObject,
  stepIds: readonly string[],
  answerFields: ReadonlySet<string>,
  run: Run,
  report: Report,
): void {
  const at = pointerTo('', 'steps', id);
  const schema = isObject(step.schema) ? step.schema : undefined;
  const properties = schema && isObject(schema.properties) ? schema.properties : {};
  const fields = Object.keys(properties);
  const required = schema && Array.isArray(schema.required) ? schema.required.filter((name) => typeof name === 'string') : [];
  const notAField = (name: string) =>
    schema
      ? `${quoted(name)} is not a field of this step${didYouMeanOrList(name, fields, 'its fields')}`
      : `${quoted(name)} is not a field of this step (the step has no "schema")`;

  if (schema) {
    checkJsonSchema(schema, `${at}/schema`, run, { fields: true }, report);
    if (Array.isArray(schema.required)) {
      schema.required.forEach((name, index) => {
        if (typeof name === 'string' && !(name in properties)) report(`${at}/schema/required/${index}`, notAField(name));
      });
    }
    if (step.display !== undefined) report(`${at}/display`, 'a step shows fields ("schema") or content ("display"), not both');
    if (step.next === undefined && step.action === undefined) report(at, 'a step with fields needs a "next" or an "action"');
  }

  // Where Next leads.
  const isStep = (target: string, pointer: string) => {
    if (!stepIds.includes(target)) report(pointer, `${quoted(target)} is not a step${didYouMeanOrList(target, stepIds, 'steps')}`);
  };
  if (typeof step.next === 'string') isStep(step.next, `${at}/next`);
  if (Array.isArray(step.next)) {
    step.next.forEach((branch: unknown, index) => {
      if (!isObject(branch)) return;
      const branchAt = `${at}/next/${index}`;
      if (typeof branch.goto === 'string') isStep(branch.goto, `${branchAt}/goto`);
      if (isObject(branch.when)) {
        checkJsonSchema(branch.when, `${branchAt}/when`, run, { fields: false }, report);
        checkAnswerNames(branch.when, `${branchAt}/when`, answerFields, report);
      }
    });
  }

  // How fields are shown.
  if (isObject(step.ui)) {
    for (const [field, ui] of Object.entries(step.ui)) {
      const uiAt = pointerTo(at, 'ui', field);
      if (!(field in properties)) report(uiAt, notAField(field));
      if (!isObject(ui) || typeof ui.widget !== 'string') continue;
      const widget = run.widgets.get(ui.widget);
      if (!widget) {
        report(`${uiAt}/widget`, unknownWidget(ui.widget, run));
        continue;
      }
      if (widget.serves.kind === 'display') {
        const name = quoted(widget.name);
        report(`${uiAt}/widget`, `${name} is a display widget: it shows content and collects no field; use it under "display"`);
        continue;
      }
      const types = fieldTypes(properties[field]);
      const served: string[] = widget.serves.kind === 'object' ? ['object'] : [...widget.serves.types];
      const wrong = types?.every((type) => JSON_TYPES.has(type)) ? types.find((type) => !served.includes(type)) : undefined;
      if (wrong !== undefined) {
        const article = /^[aeiou]/.test(wrong) ? 'an' : 'a';
        report(`${uiAt}/widget`, `${quoted(widget.name)} does not serve ${article} ${wrong} field (it serves ${joinOr(served)})`);
      }
      checkOptions(widget, ui.options, uiAt, run, report);
    }
  }

  // One widget laying out every field.
  if (isObject(step.layout) && typeof step.layout.widget === 'string') {
    const layoutAt = `${at}/layout`;
    const widget = run.widgets.get(step.layout.widget);
    const objectWidgets = [...run.widgets.values()].filter((known) => known.serves.kind === 'object').map((known) => known.name);
    if (!widget) {
      report(`${layoutAt}/widget`, `${quoted(step.layout.widget)} is not a widget${didYouMean(step.layout.widget, objectWidgets)}`);
    } else if (widget.serves.kind !== 'object') {
      report(
        `${layoutAt}/widget`,
        `${quoted(widget.name)} shows one field or content; "layout" takes a widget that shows several fields (${objectWidgets.join(', ') || 'none are registered'})`,
      );
    } else checkOptions(widget, step.layout.options, layoutAt, run, report);
    if (!schema) report(layoutAt, 'a layout shows the step\'s fields: the step needs a "schema"');
    if (step.ui !== undefined) report(`${at}/ui`, 'the step\'s "layout" widget shows every field: leave "ui" out');
  }

  if (typeof step.action === 'string' && !run.actions.includes(step.action)) {
    report(`${at}/action`, `${quoted(step.action)} is not an action${didYouMean(step.action, run.actions)} (actions: ${run.actions.join(', ')})`);
  }

  // What a step without fields shows.
  if (isObject(step.display) && typeof step.display.widget === 'string') {
    const displayAt = `${at}/display`;
    const widget = run.widgets.get(step.display.widget);
    if (!widget) report(`${displayAt}/widget`, unknownWidget(step.display.widget, run, 'display'));
    else if (widget.serves.kind !== 'display') {
      report(
        `${displayAt}/widget`,
        `${quoted(widget.name)} shows a field: use it under "ui"; "display" takes a display widget (${displayWidgetNames(run)})`,
      );
    } else checkOptions(widget, step.display.options, displayAt, run, report);
  }

  // Error texts: each for a rule the field has, with placeholders its rule fills.
  if (isObject(step.errors)) {
    for (const [field, texts] of Object.entries(step.errors)) {
      const fieldAt = pointerTo(at, 'errors', field);
      if (!(field in properties)) {
        report(fieldAt, notAField(field));
        continue;
      }
      if (!isObject(texts)) continue;
      const rules = fieldRules(properties[field], required.includes(field));
      for (const [keyword, text] of Object.entries(texts)) {
        const textAt = pointerTo(fieldAt, keyword);
        if (!rules.includes(keyword)) report(textAt, noSuchRule(keyword, rules, run.rules));
        else if (typeof text === 'string') checkPlaceholders(text, keyword, textAt, report);
      }
    }
  }
}

function displayWidgetNames(run: Run): string {
  const names = [...run.widgets.values()].filter((widget) => widget.serves.kind === 'display').map((widget) => widget.name);
  return names.length === 0 ? 'none are registered' : names.join(', ');
}

function unknownWidget(name: string, run: Run, slot: 'ui' | 'display' = 'ui'): string {
  const fitting = [...run.widgets.values()]
    .filter((widget) => (slot === 'display') === (widget.serves.kind === 'display'))
    .map((widget) => widget.name);
  const hint = didYouMean(name, fitting) || didYouMean(name, run.widgets.keys());
  return `unknown widget ${quoted(name)}${hint || ` (widgets: ${fitting.join(', ')})`}`;
}

/** The JSON types a field's values have, when its schema says: `type`, or the values of its enum/oneOf/const. */
function fieldTypes(field: unknown): string[] | undefined {
  if (!isObject(field)) return undefined;
  if (typeof field.type === 'string') return [field.type];
  if (Array.isArray(field.type)) {
    return field.type.filter((type): type is string => typeof type === 'string' && type !== 'null');
  }
  const values: unknown[] = [];
  if (Array.isArray(field.enum)) values.push(...field.enum);
  else if ('const' in field) values.push(field.const);
  else {
    const choices = Array.isArray(field.oneOf) ? field.oneOf : Array.isArray(field.anyOf) ? field.anyOf : [];
    for (const choice of choices) {
      if (!isObject(choice) || !('const' in choice)) return undefined;
      values.push(choice.const);
    }
  }
  if (values.length === 0) return undefined;
  const types = new Set(values.map(jsonType));
  if (types.has('integer') && types.has('number')) types.delete('integer');
  return [...types];
}

function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

/** The validation keywords a field's value can fail: its own, those of its parts, and `required` when required. */
function fieldRules(field: unknown, required: boolean): string[] {
  const rules = new Set<string>(required ? ['required'] : []);
  const visit = (schema: unknown) => {
    if (!isObject(schema)) return;
    for (const [keyword, value] of Object.entries(schema)) {
      if (ANNOTATIONS.has(keyword)) continue;
      rules.add(keyword);
      if (keyword === 'properties' && isObject(value)) Object.values(value).forEach(visit);
      if (keyword === 'items') (Array.isArray(value) ? value : [value]).forEach(visit);
    }
  };
  visit(field);
  rules.delete('properties');
  rules.delete('items');
  return [...rules];
}

function checkPlaceholders(text: string, keyword: string, at: string, report: Report): void {
  const provided = KEYWORD_PARAMS[keyword];
  if (!provided) return;
  for (const [, name] of text.matchAll(/\{(\w+)\}/g)) {
    if (name === undefined || provided.includes(name)) continue;
    const hint = didYouMean(name, provided);
    const fills = provided.length > 0 ? ` (it fills ${provided.map((param) => `{${param}}`).join(', ')})` : ' (it fills none)';
    const offer = hint !== '' ? hint.replace(/"([^"]*)"/, '"{$1}"') : fills;
    report(at, `"{${name}}" is not filled in by the ${quoted(keyword)} rule${offer}`);
  }
}

/** The options of a widget, against the widget's own options schema. */
function checkOptions(widget: WidgetInfo, options: unknown, at: string, run: Run, report: Report): void {
  const validate = run.optionValidators.get(widget.name)!;
  if (validate(options ?? {})) return;
  const name = quoted(widget.name);
  const found = explainAjvErrors(validate.errors ?? [], {
    base: options === undefined ? at : `${at}/options`,
    unknownKey: (option, allowed, instancePath) => {
      if (instancePath !== '') return undefined;
      const hint = didYouMean(option, allowed);
      if (hint !== '') return `${name} has no option ${quoted(option)}${hint}`;
      return allowed.length === 0
        ? `${name} has no option ${quoted(option)} (it takes no options)`
        : `${name} has no option ${quoted(option)} (its options: ${allowed.join(', ')})`;
    },
    missingKey: (option, instancePath) => {
      if (instancePath !== '') return undefined;
      const description = (widget.options.properties as Record<string, { description?: string }> | undefined)?.[option]?.description;
      return `${name} needs the option ${quoted(option)}: add it to "options"${description === undefined ? '' : ` (${description})`}`;
    },
  });
  for (const { pointer, message } of found) report(pointer, message);
}

/**
 * An error text for a rule the field does not have: a typo of one it has, a rule it lacks (add the rule first, or the
 * text is never shown), or something that is no rule at all.
 */
function noSuchRule(keyword: string, rules: readonly string[], allRules: readonly string[]): string {
  const own = didYouMean(keyword, rules);
  if (own !== '') return `the field has no ${quoted(keyword)} rule${own}`;
  const its = rules.length === 0 ? 'it has no rules' : `its rules: ${rules.join(', ')}`;
  if (allRules.includes(keyword)) {
    return `the field has no ${quoted(keyword)} rule, so this text is never shown: add the rule to the field's schema or remove the text (${its})`;
  }
  const other = suggest(keyword, allRules);
  const meant = other === undefined ? '' : ` (did you mean "${other}"? then add that rule to the field's schema too)`;
  return `${quoted(keyword)} is not a validation rule${meant}: write a text for one of the field's rules (${its})`;
}

/** The names a branch's `when` tests must be answers some step (or the query) fills. */
function checkAnswerNames(when: JsonObject, at: string, answerFields: ReadonlySet<string>, report: Report): void {
  const unknown = (name: string) => `${quoted(name)} is not a field of any step${didYouMean(name, answerFields)}`;
  if (isObject(when.properties)) {
    for (const name of Object.keys(when.properties)) {
      if (!answerFields.has(name)) report(pointerTo(at, 'properties', name), unknown(name));
    }
  }
  if (Array.isArray(when.required)) {
    when.required.forEach((name, index) => {
      if (typeof name === 'string' && !answerFields.has(name)) report(`${at}/required/${index}`, unknown(name));
    });
  }
}

// ---------------------------------------------------------------------------------------------------------------
// JSON Schemas inside the flow: step schemas and branch tests

/** Keywords whose value is one schema, a map of schemas, or a list of schemas (draft-07 and what ajv adds). */
const ONE_SCHEMA = new Set([
  'additionalItems', 'additionalProperties', 'contains', 'not', 'if', 'then', 'else', 'propertyNames',
]);
const SCHEMA_MAP = new Set(['properties', 'patternProperties', 'definitions', '$defs', 'dependencies', 'dependentSchemas']);
const SCHEMA_LIST = new Set(['allOf', 'anyOf', 'oneOf']);

/**
 * Checks a schema as ajv's strict mode does, but reports every problem rather than the first: the schema against
 * the JSON Schema meta-schema, unknown keywords and formats (with their pointers), then a strict compile of the
 * schema without them for everything else (type-specific keywords on the wrong type, required names not defined).
 * `fields` is set for a step's schema: its top level is already checked by the flow schema.
 */
function checkJsonSchema(schema: JsonObject, at: string, run: Run, mode: { fields: boolean }, report: Report): void {
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

  run.logs.length = 0;
  try {
    ajv.compile(cleaned);
  } catch (error) {
    const { pointer, message } = locate((error as Error).message, at);
    report(pointer, message);
  } finally {
    ajv.removeSchema(cleaned);
  }
  for (const line of run.logs) {
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
        map[name] = Array.isArray(child) ? child : withoutUnknowns(child, pointerTo(keywordAt, name), true, run, report);
      }
      out[keyword] = map;
    } else if ((SCHEMA_LIST.has(keyword) || keyword === 'items') && Array.isArray(value)) {
      out[keyword] = value.map((child, index) => withoutUnknowns(child, pointerTo(keywordAt, index), true, run, report));
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
  return { pointer: at + schemaPointer, message: message.replace(match[0], '').replace(/ \(strict\w*\)$/, ''), schemaPointer };
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

// ---------------------------------------------------------------------------------------------------------------
// Paths through a file: reachability and progress

function targetsOf(step: unknown): string[] {
  if (!isObject(step)) return [];
  if (typeof step.next === 'string') return [step.next];
  if (!Array.isArray(step.next)) return [];
  return step.next.flatMap((branch: unknown) => (isObject(branch) && typeof branch.goto === 'string' ? [branch.goto] : []));
}

function checkGraph(json: JsonObject, steps: JsonObject, report: Report): void {
  // Every step is reached from the start, or is standalone (reached by its own link) or reached from one that is.
  // A misspelt target is taken to mean the step it was reported as, so one typo is one problem.
  if (typeof json.start === 'string' && json.start in steps) {
    const stepIds = Object.keys(steps);
    const reached = new Set<string>();
    const queue = [json.start, ...stepIds.filter((id) => isObject(steps[id]) && steps[id].standalone === true)];
    while (queue.length > 0) {
      const id = queue.shift()!;
      if (reached.has(id)) continue;
      reached.add(id);
      for (const target of targetsOf(steps[id])) {
        const meant = target in steps ? target : suggest(target, stepIds);
        if (meant !== undefined) queue.push(meant);
      }
    }
    // Report where each unreachable part begins (a step nothing leads to), naming the steps cut off with it.
    const resolved = (id: string) => targetsOf(steps[id]).filter((target) => target in steps && target !== id);
    const unreached = stepIds.filter((id) => !reached.has(id));
    const ledTo = new Set(unreached.flatMap(resolved));
    const covered = new Set<string>();
    const roots = [...unreached.filter((id) => !ledTo.has(id)), ...unreached];
    for (const root of roots) {
      if (covered.has(root)) continue;
      const after: string[] = [];
      const queue = [root];
      while (queue.length > 0) {
        const id = queue.shift()!;
        if (covered.has(id) || reached.has(id)) continue;
        covered.add(id);
        if (id !== root) after.push(id);
        queue.push(...resolved(id));
      }
      const cutOff = after.length === 0 ? '' : `, and so neither can ${joinAnd(after.map(quoted))} after it`;
      const remedy = 'lead to it with a "next", or mark it "standalone": true if it has its own link';
      report(pointerTo('', 'steps', root), `cannot be reached from the start step ${quoted(json.start)}${cutOff} (${remedy})`);
    }
  }

  // Progress never goes down along a path: every step's progress is at least that of each step leading to it.
  const progressOf = (id: string): number | undefined => {
    const step = steps[id];
    return isObject(step) && typeof step.progress === 'number' ? step.progress : undefined;
  };
  for (const [from, step] of Object.entries(steps)) {
    const fromProgress = progressOf(from);
    if (fromProgress === undefined) continue;
    for (const to of new Set(targetsOf(step))) {
      const toProgress = progressOf(to);
      if (toProgress !== undefined && toProgress < fromProgress) {
        const message = `${toProgress} is lower than ${fromProgress} on ${quoted(from)} which leads here: the bar would go back; make it at least ${fromProgress}, or lower that step's`;
        report(pointerTo('', 'steps', to, 'progress'), message);
      }
    }
  }

  // Routes are unique within the file.
  const routes = new Map<string, string>();
  for (const [id, step] of Object.entries(steps)) {
    if (!isObject(step) || typeof step.route !== 'string') continue;
    const first = routes.get(step.route);
    if (first === undefined) routes.set(step.route, id);
    else {
      report(pointerTo('', 'steps', id, 'route'), `the route ${quoted(step.route)} is already used by step ${quoted(first)}`);
    }
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Across files

/** What a version could use instead of another file's basePath or storageKey: one made of its own id and version. */
function ownValueHint(key: 'basePath' | 'storageKey', json: JsonObject): string {
  if (typeof json.version !== 'string' || !/^v[0-9]+$/.test(json.version)) return 'give this file its own';
  if (key === 'basePath') return `give this file its own, e.g. "/${json.version}"`;
  return `give this file its own, e.g. "${typeof json.id === 'string' ? json.id : 'flow'}-${json.version}"`;
}

function checkAcrossFiles(
  files: readonly FlowFile[],
  reservedPaths: ReadonlyMap<string, string>,
  report: (file: string, pointer: string, message: string) => void,
): void {
  const seen = new Map<string, string>();
  const claim = (key: string, file: string): string | undefined => {
    const owner = seen.get(key);
    if (owner === undefined) seen.set(key, file);
    return owner === file ? undefined : owner;
  };
  const sharedBasePath = new Set<string>();
  for (const { file, json } of files) {
    if (!isObject(json)) continue;
    for (const key of ['basePath', 'storageKey'] as const) {
      const value = json[key];
      if (typeof value !== 'string') continue;
      const owner = claim(`${key}\u0000${value}`, file);
      if (!owner) continue;
      report(file, `/${key}`, `${JSON.stringify(value)} is already the ${key} of ${owner}: ${ownValueHint(key, json)}`);
      if (key === 'basePath') sharedBasePath.add(file);
    }
    if (typeof json.id === 'string' && typeof json.version === 'string') {
      const owner = claim(`version\u0000${json.id}\u0000${json.version}`, file);
      if (owner) {
        report(file, '/version', `version ${quoted(json.version)} of ${quoted(json.id)} is already defined by ${owner}: give this file a version of its own`);
      }
    }
  }

  // Two files must not serve the same URL (e.g. a route "v2" in the main version and the start of /v2). Files
  // sharing a basePath collide everywhere: that was said once above.
  const paths = new Map<string, { file: string; id: string }>();
  for (const { file, json } of files) {
    if (!isObject(json) || typeof json.basePath !== 'string' || !isObject(json.steps) || sharedBasePath.has(file)) continue;
    const ownPaths = new Set<string>();
    for (const [id, step] of Object.entries(json.steps)) {
      if (!isObject(step) || typeof step.route !== 'string') continue;
      const path = stepPath({ basePath: json.basePath }, { route: step.route });
      if (ownPaths.has(path)) continue; // a duplicate route, reported with the file
      ownPaths.add(path);
      const reserved = reservedPaths.get(path);
      if (reserved !== undefined) {
        report(file, pointerTo('', 'steps', id, 'route'), `the path ${quoted(path)} is the site's ${reserved}: choose another route`);
        continue;
      }
      const owner = paths.get(path);
      if (owner === undefined) paths.set(path, { file, id });
      else if (owner.file !== file) {
        const message = `the path ${quoted(path)} is already served by step ${quoted(owner.id)} of ${owner.file}`;
        report(file, pointerTo('', 'steps', id, 'route'), message);
      }
    }
  }
}
