/**
 * The contract every registered widget keeps, run over widgets/index.ts: a new widget is checked as soon as it is
 * listed there.
 */
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { Ajv } from 'ajv';
import type { RJSFSchema } from '@rjsf/utils';
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
