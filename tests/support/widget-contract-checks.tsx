/**
 * The checks of the widget contract, one small function each: it renders or inspects one widget definition and answers
 * a message naming the widget and what is wrong, or `undefined` when the widget keeps that part of the contract.
 * tests/widgets/widget-contract.test.tsx runs them over every widget of widgets/info.ts; tests/widgets/widget-contract/
 * shows that each one catches a widget broken on purpose.
 */
import { join } from 'node:path';
import type { ComponentType } from 'react';
import { act, fireEvent, render, within } from '@testing-library/react';
import { Ajv } from 'ajv';
import { SampleMaker } from '../../engine/flow/sample/schema-sample.ts';
import Form from '@rjsf/core';
import { ErrorSchemaBuilder, type RJSFSchema, type UiSchema, type WidgetProps } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import { vi } from 'vitest';
import { readFlowFiles } from '../../engine/flow/load.ts';
import { widgetRegistry } from '../../engine/render/registry.ts';
import { templates } from '../../engine/render/templates.tsx';
import type { JsonType, ListedWidget, PageWidget } from '../../engine/widget-contract.ts';
import { widgets as registered } from '../../widgets/info.ts';
import { fakeFormContext } from './form-context.ts';

/** A check's answer: what is wrong, or nothing. */
export type Failure = string | undefined;

/** The title of the field a value widget is rendered for: its control must be named by it. */
export const SAMPLE_TITLE = 'Sample title';
/** The error put on a value widget's field to see it marked invalid. */
export const SAMPLE_ERROR = 'Not right';
/** What is typed into a text-like control when the checks change it. */
export const TYPED = '20000';

const GUIDE = 'see widgets/README.md';

const SAMPLE_FIELDS: Record<JsonType, RJSFSchema> = {
  string: { type: 'string', enum: ['First', 'Second'] },
  // Numbers come with choices too, so choice-like widgets have something to offer.
  number: { type: 'number', minimum: 0, maximum: 100000, multipleOf: 5000, enum: [5000, 10000] },
  integer: { type: 'integer', minimum: 0, maximum: 100000, multipleOf: 5000, enum: [5000, 10000] },
  boolean: { type: 'boolean' },
  object: { type: 'object', properties: {} },
  array: { type: 'array', items: { type: 'string' } },
};

const ACCEPTS: Record<JsonType, (value: unknown) => boolean> = {
  string: (value) => typeof value === 'string',
  number: (value) => typeof value === 'number' && Number.isFinite(value),
  integer: (value) => Number.isInteger(value),
  boolean: (value) => typeof value === 'boolean',
  object: (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
  array: Array.isArray,
};

const NAMED_ROLES = ['group', 'radiogroup', 'slider', 'textbox', 'combobox', 'spinbutton', 'checkbox', 'radio'];

function controlsNamed(container: HTMLElement, name: string): HTMLElement[] {
  return NAMED_ROLES.flatMap((role) => within(container).queryAllByRole(role, { name }));
}

/** The texts of the elements `element` points at with aria-describedby. */
function descriptionOf(element: Element): string {
  const ids = (element.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

function quoted(text: string): string {
  return JSON.stringify(text);
}

function joinAnd(items: readonly string[]): string {
  return items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/** "a string", "an integer"... */
function withArticle(word: string): string {
  return `${/^[aeiou]/.test(word) ? 'an' : 'a'} ${word}`;
}

/** What a value is, in JSON's words. */
function jsonKind(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return 'a number JSON cannot hold';
    return Number.isInteger(value) ? 'an integer' : 'a fractional number';
  }
  return withArticle(typeof value);
}

function shown(value: unknown): string {
  return typeof value === 'number' && !Number.isFinite(value) ? String(value) : JSON.stringify(value);
}

/** The registry with `widget` in it, in place of a registered widget of the same name. */
function registryWith(widget: ListedWidget) {
  return widgetRegistry([...registered.filter((other) => other.name !== widget.name), widget]);
}

// --- Name and summary ---------------------------------------------------------------------------------------------

/** A name flows can write in `"widget"`, unique in `all`, and a summary that is a real sentence for the guide. */
export function checkNameAndSummary(widget: ListedWidget, all: readonly ListedWidget[] = registered): Failure {
  const name = quoted(widget.name);
  if (!/^[a-z]+(-[a-z]+)*$/.test(widget.name)) {
    return `widget ${name}: its name must be lower-case words joined by "-", as flows write it in "widget"`;
  }
  const sharing = all.filter((other) => other.name === widget.name).length;
  if (sharing > 1) return `widget ${name}: ${sharing} widgets of the list have this name; each needs its own`;
  if (widget.summary.trim().length <= 20) {
    return `widget ${name}: its summary ${quoted(widget.summary)} is too short: write one real sentence for the widget table of flows/README.md`;
  }
  return undefined;
}

// --- The two lists ------------------------------------------------------------------------------------------------

/**
 * The page's list (widgets/index.ts) and the tools' (widgets/info.ts) hold the same widgets: one the tools lack is a
 * widget no flow may name, one the page lacks a widget flows may name but the page cannot show.
 */
export function checkListsAgree(page: readonly PageWidget[], described: readonly ListedWidget[]): Failure {
  const describedNames = new Set(described.map((widget) => widget.name));
  const pageNames = new Set(page.map((widget) => widget.name));
  const undescribed = page.find((widget) => !describedNames.has(widget.name));
  if (undescribed) {
    return `widget ${quoted(undescribed.name)} is in widgets/index.ts but not in widgets/info.ts: describe it in its own .info.ts and list that in widgets/info.ts (${GUIDE})`;
  }
  const unrendered = described.find((widget) => !pageNames.has(widget.name));
  if (unrendered) {
    return `widget ${quoted(unrendered.name)} is in widgets/info.ts but not in widgets/index.ts: flows could name it, but the page could not show it`;
  }
  return undefined;
}

// --- Options schema -----------------------------------------------------------------------------------------------

/**
 * The options schema compiles with ajv in strict mode (so a misspelt keyword is an error, not a rule silently
 * skipped), and accepts the widget's `example`, or `{}` when there is none.
 */
export function checkOptionsSchema(widget: ListedWidget): Failure {
  const name = quoted(widget.name);
  const ajv = new Ajv({ strict: true, allErrors: true });
  let validate;
  try {
    validate = ajv.compile(widget.options);
  } catch (error) {
    return `widget ${name}: its options schema does not compile: ${(error as Error).message}`;
  }
  if (widget.example !== undefined) {
    if (validate(widget.example)) return undefined;
    return `widget ${name}: its options schema rejects its own example: ${ajv.errorsText(validate.errors, { dataVar: 'example' })}`;
  }
  if (validate({})) return undefined;
  return (
    `widget ${name}: its options schema rejects {} (${ajv.errorsText(validate.errors, { dataVar: 'options' })}), ` +
    'so it needs an "example" with options it accepts'
  );
}

// --- Value widgets ------------------------------------------------------------------------------------------------

interface ValueRender {
  hideLabel?: boolean;
  errors?: string[];
}

/**
 * The widget's component, recording every value it hands to onChange itself. What the form sees may differ: rjsf's
 * number field turns a numeric string into a number, which would hide a widget giving back "20000" for an integer.
 */
function recordingChanges(widget: ListedWidget, record: (value: unknown) => void): ComponentType<WidgetProps> {
  const Component = registryWith(widget).widgets[widget.name]!;
  return function Recorded(props: WidgetProps) {
    const onChange: WidgetProps['onChange'] = (value, ...rest) => {
      record(value);
      props.onChange(value, ...rest);
    };
    return <Component {...props} onChange={onChange} />;
  };
}

/** Renders a value widget for one field of `type` titled SAMPLE_TITLE, as a step screen would. */
function renderValue(widget: ListedWidget, type: JsonType, { hideLabel, errors }: ValueRender = {}) {
  /** The values the widget gave onChange. */
  const given = vi.fn();
  const schema: RJSFSchema = {
    type: 'object',
    properties: { answer: { title: SAMPLE_TITLE, ...SAMPLE_FIELDS[type] } },
  };
  const uiSchema: UiSchema = {
    answer: {
      'ui:widget': widget.name,
      'ui:options': (widget.example ?? {}) as UiSchema['ui:options'],
      ...(hideLabel ? { 'ui:label': false } : {}),
    },
  };
  const view = render(
    <Form
      schema={schema}
      uiSchema={uiSchema}
      formData={{}}
      validator={validator}
      widgets={{ ...registryWith(widget).widgets, [widget.name]: recordingChanges(widget, given) }}
      templates={templates}
      formContext={fakeFormContext()}
      extraErrors={errors ? new ErrorSchemaBuilder().addErrors(errors, 'answer').ErrorSchema : undefined}
      noValidate
    >
      <></>
    </Form>,
  );
  return { ...view, given };
}

function inspecting<T>(view: { unmount(): void }, inspect: () => T): T {
  try {
    return inspect();
  } finally {
    view.unmount();
  }
}

/**
 * A control of the widget is named by the field's title (its accessible name), also when the flow hides the label
 * because the step heading already asks the question.
 */
export function checkNamedControl(widget: ListedWidget, type: JsonType, { hideLabel = false } = {}): Failure {
  const view = renderValue(widget, type, { hideLabel });
  return inspecting(view, () => {
    if (controlsNamed(view.container, SAMPLE_TITLE).length > 0) return undefined;
    const start = `widget ${quoted(widget.name)}: no control is named by the field's title ${quoted(SAMPLE_TITLE)}`;
    return hideLabel
      ? `${start} when its label is hidden ("hideLabel" in a flow): keep the label for screen readers (${GUIDE})`
      : `${start}: give the input a label (${GUIDE})`;
  });
}

function describeControl(control: HTMLInputElement | HTMLSelectElement): string {
  return control instanceof HTMLSelectElement ? 'select' : `input of type ${quoted(control.type)}`;
}

/** Changes the widget's first control the way a visitor would; answers what it did, or nothing when there is none. */
function interact(container: HTMLElement): string | undefined {
  const control = container.querySelector<HTMLInputElement | HTMLSelectElement>('input, select');
  if (!control) return undefined;
  if (control instanceof HTMLSelectElement) {
    // The last option is a real choice in any select, whatever its option values are (indexes, years...); the first
    // may be a disabled placeholder.
    const last = control.options[control.options.length - 1]!;
    fireEvent.change(control, { target: { value: last.value } });
    return 'picked the last option of its select';
  }
  if (control.type === 'radio' || control.type === 'checkbox') {
    fireEvent.click(control);
    return `clicked its first ${control.type}`;
  }
  fireEvent.change(control, { target: { value: TYPED } });
  return `typed ${quoted(TYPED)} into its ${describeControl(control)}`;
}

/** Changed by a visitor, the widget calls onChange with a value of the field's JSON type (or undefined: no answer). */
export function checkValueType(widget: ListedWidget, type: JsonType): Failure {
  const name = quoted(widget.name);
  const view = renderValue(widget, type);
  return inspecting(view, () => {
    const done = interact(view.container);
    if (!done) return `widget ${name}: renders no input or select a visitor could change`;
    if (view.given.mock.calls.length === 0) return `widget ${name}: when a visitor ${done}, it never called onChange`;
    const value: unknown = view.given.mock.lastCall?.[0];
    if (value === undefined || ACCEPTS[type](value)) return undefined;
    const serves = widget.serves.kind === 'value' ? joinAnd(widget.serves.types) : widget.serves.kind;
    return (
      `widget ${name}: changed the value to ${shown(value)} (${jsonKind(value)}), but it serves ${serves}: ` +
      `on ${withArticle(type)} field it must give back ${withArticle(type)}`
    );
  });
}

/**
 * With an error on its field, the widget marks itself `aria-invalid="true"` and points with aria-describedby at the
 * error text the shared field template shows (errorAttributes does both).
 */
export function checkErrorWiring(widget: ListedWidget, type: JsonType): Failure {
  const name = quoted(widget.name);
  const view = renderValue(widget, type, { errors: [SAMPLE_ERROR] });
  return inspecting(view, () => {
    const invalid = view.container.querySelector('[aria-invalid="true"]');
    if (!invalid) {
      return `widget ${name}: with the error ${quoted(SAMPLE_ERROR)} on its field, nothing is marked aria-invalid="true": spread errorAttributes(id, rawErrors) on the control (${GUIDE})`;
    }
    if (!descriptionOf(invalid).includes(SAMPLE_ERROR)) {
      return `widget ${name}: its invalid control is not described by the error ${quoted(SAMPLE_ERROR)}: aria-describedby must point at the shared error template, as errorAttributes(id, rawErrors) does (${GUIDE})`;
    }
    return undefined;
  });
}

// --- Object widgets -----------------------------------------------------------------------------------------------

/** An object schema an object widget renders, and where (a flow's step or field). */
export interface ObjectSample {
  where: string;
  schema: RJSFSchema;
}

interface FlowJson {
  steps?: Record<string, { schema?: RJSFSchema; layout?: { widget: string }; ui?: Record<string, { widget: string }> }>;
}

/**
 * The object schemas an object widget renders in the flow files: the schemas of the steps it lays out and of the fields
 * it is named for in `ui`. An object widget is made for particular fields, so these are its samples.
 */
export function objectsRenderedBy(
  widgetName: string,
  flowsDir = join(import.meta.dirname, '../../flows'),
): ObjectSample[] {
  const seen = new Set<string>();
  return readFlowFiles(flowsDir).flatMap(({ file, json }) =>
    Object.entries((json as FlowJson).steps ?? {}).flatMap(([stepId, step]) => {
      const found: ObjectSample[] = [];
      if (step.layout?.widget === widgetName && step.schema)
        found.push({ where: `${file} step "${stepId}"`, schema: step.schema });
      for (const [field, ui] of Object.entries(step.ui ?? {})) {
        const property = step.schema?.properties?.[field];
        if (ui.widget === widgetName && typeof property === 'object')
          found.push({ where: `${file} field "${field}"`, schema: property });
      }
      return found.filter(({ schema }) => {
        const key = JSON.stringify(schema);
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      });
    }),
  );
}

/** An object widget is used by at least one flow, which shows the fields it is made for. */
export function checkObjectSamples(widget: ListedWidget, samples: readonly ObjectSample[]): Failure {
  if (samples.length > 0) return undefined;
  return `widget ${quoted(widget.name)}: no flow uses it (as a step's "layout" or a field's widget in "ui"), so nothing shows which fields it is made for`;
}

const samples = new SampleMaker();

/** An answer for every field of `schema` that a sample fits (the samples `/__preview` fills earlier steps with). */
export function sampleAnswers(schema: RJSFSchema): Record<string, unknown> {
  return samples.value(schema) as Record<string, unknown>;
}

function titlesOf(schema: RJSFSchema): Record<string, string> {
  return Object.fromEntries(
    Object.entries(schema.properties ?? {}).map(([field, property]) => [
      field,
      (typeof property === 'object' && property.title) || field,
    ]),
  );
}

/** Renders an object widget as rjsf's root field over `schema`, every field answered, as when a visitor comes back. */
function renderObject(widget: ListedWidget, schema: RJSFSchema, errors?: Record<string, string>) {
  const uiSchema: UiSchema = {
    'ui:field': widget.name,
    'ui:options': (widget.example ?? {}) as UiSchema['ui:options'],
  };
  const builder = new ErrorSchemaBuilder();
  for (const [field, message] of Object.entries(errors ?? {})) builder.addErrors([message], field);
  const registry = registryWith(widget);
  const onChange = vi.fn();
  const view = render(
    <Form
      schema={schema}
      uiSchema={uiSchema}
      formData={sampleAnswers(schema)}
      validator={validator}
      widgets={registry.widgets}
      fields={registry.fields}
      templates={templates}
      formContext={fakeFormContext()}
      extraErrors={errors ? builder.ErrorSchema : undefined}
      noValidate
      noHtml5Validate
      showErrorList={false}
      onChange={(event) => onChange(event.formData)}
    >
      <></>
    </Form>,
  );
  return { ...view, onChange };
}

/**
 * Presses the widget's own buttons (never a submit button), each once, letting their timers run, until every title
 * names a control. Answers the titles still without one.
 */
async function reachControls(container: HTMLElement, titles: readonly string[]): Promise<string[]> {
  const pressed = new Set<HTMLElement>();
  for (;;) {
    const missing = titles.filter((title) => controlsNamed(container, title).length === 0);
    const button = within(container)
      .queryAllByRole('button')
      .find((candidate) => candidate.getAttribute('type') !== 'submit' && !pressed.has(candidate));
    if (missing.length === 0 || !button) return missing;
    pressed.add(button);
    await act(async () => fireEvent.click(button));
    await act(() => vi.advanceTimersByTimeAsync(10_000));
  }
}

/**
 * Renders an object widget with fake timeouts (its buttons may wait: a loader, a lookup; React's own scheduling stays
 * real), presses its buttons until every field has its control, then inspects it and unmounts it.
 */
async function withObjectControls(
  widget: ListedWidget,
  sample: ObjectSample,
  errors: Record<string, string> | undefined,
  inspect: (container: HTMLElement, missing: string[]) => Failure,
): Promise<Failure> {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
  const view = renderObject(widget, sample.schema, errors);
  try {
    const missing = await reachControls(view.container, Object.values(titlesOf(sample.schema)));
    return inspect(view.container, missing);
  } finally {
    view.unmount();
    vi.useRealTimers();
  }
}

function unnamed(widget: ListedWidget, sample: ObjectSample, missing: readonly string[]): string {
  const titles = joinAnd(missing.map(quoted));
  return (
    `widget ${quoted(widget.name)}: in ${sample.where}, no control is named by the field's title ${titles}, even after ` +
    `pressing its buttons: give each input a label (${GUIDE})`
  );
}

/** Each field of the sample gets a control named by its title (once the widget's own buttons have revealed it). */
export async function checkObjectNamedControls(widget: ListedWidget, sample: ObjectSample): Promise<Failure> {
  return withObjectControls(widget, sample, undefined, (_, missing) =>
    missing.length === 0 ? undefined : unnamed(widget, sample, missing),
  );
}

/** With an error on each field, each field's control is aria-invalid and described by its own error. */
export async function checkObjectErrorWiring(widget: ListedWidget, sample: ObjectSample): Promise<Failure> {
  const titles = titlesOf(sample.schema);
  const errors = Object.fromEntries(Object.keys(titles).map((field) => [field, `${SAMPLE_ERROR}: ${field}`]));
  return withObjectControls(widget, sample, errors, (container, missing) => {
    if (missing.length > 0) return unnamed(widget, sample, missing);
    for (const [field, title] of Object.entries(titles)) {
      const control = controlsNamed(container, title)[0]!;
      const error = quoted(errors[field]!);
      const at = `widget ${quoted(widget.name)}: in ${sample.where}, the control named ${quoted(title)}`;
      if (control.getAttribute('aria-invalid') !== 'true') {
        return `${at} is not marked aria-invalid="true" while its field has the error ${error}: use errorAttributes (${GUIDE})`;
      }
      if (!descriptionOf(control).includes(errors[field]!)) {
        return `${at} is not described by its error ${error}: aria-describedby must point at that field's error (${GUIDE})`;
      }
    }
    return undefined;
  });
}

/** Changing one input, the widget gives back the whole object: every answer it did not change is still there. */
export function checkObjectKeepsAnswers(widget: ListedWidget, sample: ObjectSample): Failure {
  const name = quoted(widget.name);
  const answers = sampleAnswers(sample.schema);
  const view = renderObject(widget, sample.schema);
  return inspecting(view, () => {
    const input = view.container.querySelector<HTMLInputElement>('input:not([readonly]):not([disabled])');
    if (!input) return `widget ${name}: in ${sample.where}, renders no input a visitor could change`;
    fireEvent.change(input, { target: { value: TYPED } });
    if (view.onChange.mock.calls.length === 0)
      return `widget ${name}: in ${sample.where}, typing into an input never called onChange`;
    const given = (view.onChange.mock.lastCall?.[0] ?? {}) as Record<string, unknown>;
    const changed = Object.keys(answers).filter((field) => given[field] !== answers[field]);
    if (changed.length <= 1) return undefined;
    return (
      `widget ${name}: in ${sample.where}, typing into one input gave back ${JSON.stringify(given)}, where the answers ` +
      `${joinAnd(changed.map(quoted))} are not what they were: give back the whole object, changed only where the visitor typed`
    );
  });
}

// --- Display widgets ----------------------------------------------------------------------------------------------

/** With its example options, a display widget shows something and offers nothing to type into. */
export function checkDisplay(widget: ListedWidget): Failure {
  const name = quoted(widget.name);
  const Component = registryWith(widget).displays[widget.name]!;
  const view = render(<Component options={widget.example} context={fakeFormContext()} />);
  return inspecting(view, () => {
    if (!view.container.textContent?.trim()) return `widget ${name}: shows no text with its example options`;
    const inputs = within(view.container).queryAllByRole('textbox').length;
    if (inputs > 0)
      return `widget ${name}: a display widget collects no data, but it renders ${inputs} text input(s): serve "value" or "object" instead`;
    return undefined;
  });
}
