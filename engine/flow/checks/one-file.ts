/** The checks of one flow file on its own: the flow schema, then each step (fields, widgets, next, errors texts). */
import type { ErrorObject } from 'ajv';
import { explainAjvErrors, joinOr, pointerTo } from '../explain.ts';
import type { JsonObject, WidgetInfo } from '../schema.ts';
import { didYouMean, didYouMeanOrList, suggest } from '../suggest.ts';
import { SITUATION_MESSAGES } from '../../messages.ts';
import { checkPaths } from './paths.ts';
import { checkJsonSchema } from './json-schema.ts';
import { ANNOTATIONS, isObject, JSON_TYPES, KEYWORD_PARAMS, quoted } from './run.ts';
import type { Report, Run } from './run.ts';

/** Errors the flow schema finds that the step checks below word better (widget names and widget options). */
function ownedByStepChecks(error: ErrorObject): boolean {
  if (/\/allOf\/\d+\/then\//.test(error.schemaPath)) return true;
  return error.keyword === 'enum' && /^\/steps\/[^/]+\/(ui\/[^/]+|display|layout)\/widget$/.test(error.instancePath);
}

export function checkFile(json: unknown, run: Run, report: Report): void {
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
      report(
        pointerTo('', 'steps', id, 'showConsent'),
        'the flow has no "consent" to show: add the flow\'s "consent" text or leave "showConsent" out',
      );
    }
    if (isObject(step)) checkStep(id, step, stepIds, answerFields, run, report);
  }

  checkPaths(json, steps, report);
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
  const required =
    schema && Array.isArray(schema.required) ? schema.required.filter((name) => typeof name === 'string') : [];
  const notAField = (name: string) =>
    schema
      ? `${quoted(name)} is not a field of this step${didYouMeanOrList(name, fields, 'its fields')}`
      : `${quoted(name)} is not a field of this step (the step has no "schema")`;

  if (schema) {
    checkJsonSchema(schema, `${at}/schema`, run, { fields: true }, report);
    if (Array.isArray(schema.required)) {
      schema.required.forEach((name, index) => {
        if (typeof name === 'string' && !(name in properties))
          report(`${at}/schema/required/${index}`, notAField(name));
      });
    }
    if (step.display !== undefined)
      report(`${at}/display`, 'a step shows fields ("schema") or content ("display"), not both');
    if (step.next === undefined && step.action === undefined)
      report(at, 'a step with fields needs a "next" or an "action"');
  }

  // Where Next leads.
  const isStep = (target: string, pointer: string) => {
    if (!stepIds.includes(target))
      report(pointer, `${quoted(target)} is not a step${didYouMeanOrList(target, stepIds, 'steps')}`);
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
        report(
          `${uiAt}/widget`,
          `${name} is a display widget: it shows content and collects no field; use it under "display"`,
        );
        continue;
      }
      const types = fieldTypes(properties[field]);
      const served: string[] = widget.serves.kind === 'object' ? ['object'] : [...widget.serves.types];
      const wrong = types?.every((type) => JSON_TYPES.has(type))
        ? types.find((type) => !served.includes(type))
        : undefined;
      if (wrong !== undefined) {
        const article = /^[aeiou]/.test(wrong) ? 'an' : 'a';
        report(
          `${uiAt}/widget`,
          `${quoted(widget.name)} does not serve ${article} ${wrong} field (it serves ${joinOr(served)})`,
        );
      }
      checkOptions(widget, ui.options, uiAt, run, report);
    }
  }

  // One widget laying out every field.
  if (isObject(step.layout) && typeof step.layout.widget === 'string') {
    const layoutAt = `${at}/layout`;
    const widget = run.widgets.get(step.layout.widget);
    const objectWidgets = [...run.widgets.values()]
      .filter((known) => known.serves.kind === 'object')
      .map((known) => known.name);
    if (!widget) {
      report(
        `${layoutAt}/widget`,
        `${quoted(step.layout.widget)} is not a widget${didYouMean(step.layout.widget, objectWidgets)}`,
      );
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
    report(
      `${at}/action`,
      `${quoted(step.action)} is not an action${didYouMean(step.action, run.actions)} (actions: ${run.actions.join(', ')})`,
    );
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
  const names = [...run.widgets.values()]
    .filter((widget) => widget.serves.kind === 'display')
    .map((widget) => widget.name);
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
  if (Array.isArray(field.enum)) values.push(...(field.enum as unknown[]));
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
    const fills =
      provided.length > 0 ? ` (it fills ${provided.map((param) => `{${param}}`).join(', ')})` : ' (it fills none)';
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
      const description = (widget.options.properties as Record<string, { description?: string }> | undefined)?.[option]
        ?.description;
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
