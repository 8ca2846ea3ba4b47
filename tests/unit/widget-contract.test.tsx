/**
 * The contract every registered widget keeps, run over widgets/index.ts: a new widget is checked as soon as it is
 * listed there.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { join } from 'node:path';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { Ajv } from 'ajv';
import Form from '@rjsf/core';
import { ErrorSchemaBuilder, type RJSFSchema, type UiSchema } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import { readFlowFiles } from '../../engine/flow/load.ts';
import { widgetRegistry } from '../../engine/render/registry.ts';
import { templates } from '../../engine/render/templates.tsx';
import type { JsonType } from '../../engine/widget-contract.ts';
import { widgets } from '../../widgets/index.ts';
import { renderField } from '../support/render-field.tsx';
import { fakeFormContext } from '../support/form-context.ts';

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
  number: (value) => typeof value === 'number',
  integer: (value) => Number.isInteger(value),
  boolean: (value) => typeof value === 'boolean',
  object: (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
  array: Array.isArray,
};

const NAMED_ROLES = ['group', 'radiogroup', 'slider', 'textbox', 'combobox', 'spinbutton', 'checkbox', 'radio'];

function controlsNamed(name: string): HTMLElement[] {
  return NAMED_ROLES.flatMap((role) => screen.queryAllByRole(role, { name }));
}

/** Changes the widget's first control the way a visitor would. */
function interact(container: HTMLElement) {
  const control = container.querySelector<HTMLInputElement | HTMLSelectElement>('input, select');
  if (!control) throw new Error('the widget renders no input or select');
  if (control instanceof HTMLSelectElement) {
    // The last option is a real choice in any select, whatever its option values are (indexes, years...); the first
    // may be a disabled placeholder.
    const last = control.options[control.options.length - 1]!;
    fireEvent.change(control, { target: { value: last.value } });
  } else if (control.type === 'radio' || control.type === 'checkbox') fireEvent.click(control);
  else fireEvent.change(control, { target: { value: '20000' } });
}

const registry = widgetRegistry(widgets);

interface FlowJson {
  steps?: Record<string, { schema?: RJSFSchema; layout?: { widget: string }; ui?: Record<string, { widget: string }> }>;
}

/**
 * The object schemas an object widget renders in the flow files: the schemas of the steps it lays out and of the fields
 * it is named for in `ui`. An object widget is made for particular fields, so these are its samples.
 */
function objectsRenderedBy(widgetName: string): { where: string; schema: RJSFSchema }[] {
  const seen = new Set<string>();
  const flows = readFlowFiles(join(import.meta.dirname, '../../flows'));
  return flows.flatMap(({ file, json }) =>
    Object.entries((json as FlowJson).steps ?? {}).flatMap(([stepId, step]) => {
      const found: { where: string; schema: RJSFSchema }[] = [];
      if (step.layout?.widget === widgetName && step.schema) found.push({ where: `${file} step "${stepId}"`, schema: step.schema });
      for (const [field, ui] of Object.entries(step.ui ?? {})) {
        const property = step.schema?.properties?.[field];
        if (ui.widget === widgetName && typeof property === 'object') found.push({ where: `${file} field "${field}"`, schema: property });
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

const sampleAjv = new Ajv({ strict: false });
const SAMPLE_TEXTS = ['Sample', '12345', '2125550123', 'sample@example.com', '2024-01-31'];

/** A value the property's schema accepts, from its own choices or a few common samples; undefined when none fits. */
function sampleValue(schema: RJSFSchema): unknown {
  const choices = [...(schema.enum ?? []), ...(schema.oneOf ?? []).map((option) => (typeof option === 'object' ? option.const : undefined))];
  const candidates = [schema.default, ...choices, ...SAMPLE_TEXTS, schema.minimum, 0, true];
  const accepts = sampleAjv.compile(schema);
  return candidates.find((candidate) => candidate !== undefined && accepts(candidate));
}

function sampleAnswers(schema: RJSFSchema): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(schema.properties ?? {}).flatMap(([field, property]) => {
      const value = typeof property === 'object' ? sampleValue(property) : undefined;
      return value === undefined ? [] : [[field, value]];
    }),
  );
}

function titlesOf(schema: RJSFSchema): Record<string, string> {
  return Object.fromEntries(
    Object.entries(schema.properties ?? {}).map(([field, property]) => [field, (typeof property === 'object' && property.title) || field]),
  );
}

/** Renders an object widget as rjsf's root field over `schema`, every field answered, as when a visitor comes back. */
function renderObject(widgetName: string, schema: RJSFSchema, options: unknown, errors?: Record<string, string>) {
  const uiSchema: UiSchema = { 'ui:field': widgetName, 'ui:options': options as UiSchema['ui:options'] };
  const builder = new ErrorSchemaBuilder();
  for (const [field, message] of Object.entries(errors ?? {})) builder.addErrors([message], field);
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
    const missing = titles.filter((title) => controlsNamed(title).length === 0);
    const button = within(container)
      .queryAllByRole('button')
      .find((candidate) => candidate.getAttribute('type') !== 'submit' && !pressed.has(candidate));
    if (missing.length === 0 || !button) return missing;
    pressed.add(button);
    await act(async () => fireEvent.click(button));
    await act(() => vi.advanceTimersByTimeAsync(10_000));
  }
}

describe.each(widgets.map((widget) => [widget.name, widget] as const))('widget "%s"', (name, widget) => {
  it('has a flow-friendly name and a summary for the guide', () => {
    expect(name, 'widget names are lower-case words joined by "-"').toMatch(/^[a-z]+(-[a-z]+)*$/);
    expect(widgets.filter((other) => other.name === name), 'widget names are unique').toHaveLength(1);
    expect(widget.summary.length, 'the summary is one real sentence').toBeGreaterThan(20);
  });

  it('has an options schema that compiles in strict mode and accepts its example', () => {
    const ajv = new Ajv({ strict: true, allErrors: true });
    const validate = ajv.compile(widget.options);
    if (widget.example !== undefined) expect(validate(widget.example), ajv.errorsText(validate.errors)).toBe(true);
    else expect(validate({}), `options need an "example" when {} is not valid: ${ajv.errorsText(validate.errors)}`).toBe(true);
  });

  if (widget.serves.kind === 'value') {
    for (const type of widget.serves.types) {
      describe(`serving a ${type} field`, () => {
        const options = (widget.example ?? {}) as Record<string, unknown>;

        it('gives its control an accessible name', () => {
          renderField({ field: SAMPLE_FIELDS[type], widget: name, options });
          expect(controlsNamed('Answer').length, 'a control is named by the field title').toBeGreaterThan(0);
        });

        it('keeps its accessible name when the label is hidden', () => {
          renderField({ field: SAMPLE_FIELDS[type], widget: name, options, hideLabel: true });
          expect(controlsNamed('Answer').length).toBeGreaterThan(0);
        });

        it(`gives back a ${type} value`, () => {
          const { container, onChange } = renderField({ field: SAMPLE_FIELDS[type], widget: name, options });
          interact(container);
          expect(onChange).toHaveBeenCalled();
          const value = onChange.mock.lastCall?.[0];
          expect(value === undefined || ACCEPTS[type](value), `got ${JSON.stringify(value)}`).toBe(true);
        });

        it('marks itself invalid and points at its error through the shared template', () => {
          const { container } = renderField({ field: SAMPLE_FIELDS[type], widget: name, options, errors: ['Not right'] });
          const invalid = container.querySelector('[aria-invalid="true"]');
          expect(invalid, 'an element carries aria-invalid="true"').not.toBeNull();
          const describedBy = invalid!.getAttribute('aria-describedby') ?? '';
          const described = describedBy.split(' ').map((id) => document.getElementById(id)?.textContent ?? '');
          expect(described.join(' ')).toContain('Not right');
        });
      });
    }
  }

  if (widget.serves.kind === 'object') {
    describe('serving an object', () => {
      const samples = objectsRenderedBy(name);
      // Buttons of a widget may wait (a loader, a lookup): timeouts are fake, React's own scheduling stays real.
      const useFakeTimeouts = () => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
      afterEach(() => {
        vi.useRealTimers();
      });

      it('renders the fields of at least one step or field in the flows', () => {
        expect(samples.length, 'no flow uses it, so nothing shows which fields it is made for').toBeGreaterThan(0);
      });

      it.each(samples)('gives each field of $where a control named by its title', async ({ schema }) => {
        useFakeTimeouts();
        const { container } = renderObject(name, schema, widget.example ?? {});
        const missing = await reachControls(container, Object.values(titlesOf(schema)));
        expect(missing, 'fields without a named control, even after pressing its buttons').toEqual([]);
      });

      it.each(samples)('marks each field of $where invalid and points it at its error', async ({ schema }) => {
        useFakeTimeouts();
        const titles = titlesOf(schema);
        const errors = Object.fromEntries(Object.keys(titles).map((field) => [field, `Not right: ${field}`]));
        const { container } = renderObject(name, schema, widget.example ?? {}, errors);
        await reachControls(container, Object.values(titles));
        for (const [field, title] of Object.entries(titles)) {
          const [control] = controlsNamed(title);
          expect(control, `a control named "${title}"`).toBeDefined();
          expect(control!.getAttribute('aria-invalid'), `"${title}" is marked invalid`).toBe('true');
          const described = (control!.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent ?? '');
          expect(described.join(' '), `"${title}" is described by its error`).toContain(`Not right: ${field}`);
        }
      });

      it.each(samples)("gives back the whole object of $where, keeping the answers it did not change", ({ schema }) => {
        const answers = sampleAnswers(schema);
        const { container, onChange } = renderObject(name, schema, widget.example ?? {});
        const input = container.querySelector<HTMLInputElement>('input:not([readonly]):not([disabled])');
        if (!input) throw new Error('the widget renders no input it lets the visitor change');
        fireEvent.change(input, { target: { value: '20000' } });
        expect(onChange).toHaveBeenCalled();
        const given = onChange.mock.lastCall?.[0] as Record<string, unknown>;
        const unchanged = Object.keys(answers).filter((field) => given[field] === answers[field]);
        expect(unchanged.length, `answers kept in ${JSON.stringify(given)}`).toBeGreaterThanOrEqual(Object.keys(answers).length - 1);
      });
    });
  }

  if (widget.serves.kind === 'display') {
    it('renders its example without collecting data', () => {
      const Component = widget.component;
      const { container } = render(
        <Component options={widget.example} context={fakeFormContext()} />,
      );
      expect(container.textContent?.trim().length).toBeGreaterThan(0);
      expect(within(container).queryAllByRole('textbox')).toHaveLength(0);
    });
  }
});
