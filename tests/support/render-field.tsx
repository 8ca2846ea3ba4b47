/** Renders one field through rjsf with the engine's templates and the registered widgets, as a step screen would. */
import Form from '@rjsf/core';
import { ErrorSchemaBuilder, type RJSFSchema, type UiSchema } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import { fakeFormContext } from './form-context.ts';
import type { FormContext } from '../../engine/widget-contract.ts';
import { widgetRegistry } from '../../engine/render/registry.ts';
import { templates } from '../../engine/render/templates.tsx';
import { widgets } from '../../widgets/index.ts';

const registry = widgetRegistry(widgets);

export interface FieldOptions {
  field: RJSFSchema;
  widget: string;
  options?: Record<string, unknown>;
  placeholder?: string;
  value?: unknown;
  errors?: string[];
  hideLabel?: boolean;
  /** The form context the widget receives; a fresh fake by default. */
  context?: FormContext;
}

export function renderField({
  field,
  widget,
  options,
  placeholder,
  value,
  errors,
  hideLabel,
  context = fakeFormContext(),
}: FieldOptions) {
  const onChange = vi.fn();
  const schema: RJSFSchema = { type: 'object', properties: { answer: { title: 'Answer', ...field } } };
  const uiSchema: UiSchema = {
    answer: {
      'ui:widget': widget,
      ...(options ? { 'ui:options': options } : {}),
      ...(placeholder ? { 'ui:placeholder': placeholder } : {}),
      ...(hideLabel ? { 'ui:label': false } : {}),
    },
  };
  const view = render(
    <Form
      schema={schema}
      uiSchema={uiSchema}
      formData={value === undefined ? {} : { answer: value }}
      validator={validator}
      widgets={registry.widgets}
      templates={templates}
      formContext={context}
      extraErrors={errors ? new ErrorSchemaBuilder().addErrors(errors, 'answer').ErrorSchema : undefined}
      noValidate
      onChange={(event) => onChange(event.formData?.answer)}
    >
      <></>
    </Form>,
  );
  return { ...view, onChange, context };
}
