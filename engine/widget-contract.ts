/**
 * The widget contract: what a widget declares, what it receives and what it gives back.
 * A widget lives in its own folder under widgets/ and is listed once in widgets/index.ts; the engine, the flow
 * checks and the generated flow.schema.json all read that list, so nothing registers itself by import.
 */
import type { ComponentType } from 'react';
import type { FieldProps, WidgetProps } from '@rjsf/utils';
import type { Static, TSchema } from 'typebox';
import type { FormRecord } from './state/record.ts';

export type JsonType = 'string' | 'number' | 'integer' | 'boolean' | 'object' | 'array';

/**
 * What a widget serves:
 * - `value`: one field whose JSON type is among `types` (an rjsf widget);
 * - `object`: a field of type object whose properties it owns (an rjsf field);
 * - `display`: a step with no data (it shows content and may move the visitor on).
 */
export type Serves = { kind: 'value'; types: readonly JsonType[] } | { kind: 'object' } | { kind: 'display' };

/** Services and step controls the engine hands to widgets through rjsf's formContext (never by import). */
export interface FormContext {
  /** Submit the step as the Next button does, once the change just made has been applied. */
  advance(): void;
  /** Mark the step busy while the widget waits for a service; Next is disabled meanwhile. */
  setBusy(busy: boolean): void;
  /** The answers saved so far in this flow version. */
  record: Readonly<FormRecord>;
}

/** Props of a display widget: its options from the flow file and the engine's step controls. */
export interface DisplayProps<O> {
  options: O;
  context: FormContext;
}

type ComponentFor<K extends Serves['kind'], O> = K extends 'value'
  ? ComponentType<WidgetProps & { options: O }>
  : K extends 'object'
    ? ComponentType<FieldProps & { uiSchema?: { 'ui:options'?: O } }>
    : ComponentType<DisplayProps<O>>;

export interface WidgetDefinition<K extends Serves['kind'] = Serves['kind'], S extends TSchema = TSchema> {
  /** The name flow files use in `"widget"`. */
  name: string;
  /** One sentence for the marketer guide's widget table. */
  summary: string;
  serves: Extract<Serves, { kind: K }>;
  /** JSON Schema of the widget's `options` in a flow file; it also types the component's options. */
  options: S;
  /** Options to show the widget with in the contract suite and the guide; required where options are. */
  example?: Static<S>;
  component: ComponentFor<K, Static<S>>;
}

/**
 * A widget as the registry list holds it: kinds mixed, options no longer tied to the component's type.
 * Components take `any` props here because each is only ever rendered with the props of its own kind.
 */
export interface RegisteredWidget {
  name: string;
  summary: string;
  serves: Serves;
  options: TSchema;
  example?: unknown;
  component: ComponentType<any>;
}

/** Declares a widget; the identity function exists so TypeScript ties the component's options to their schema. */
export function defineWidget<K extends Serves['kind'], S extends TSchema>(definition: WidgetDefinition<K, S>): WidgetDefinition<K, S> {
  return definition;
}

/** The form context as a widget receives it. */
export function formContextOf(props: { registry: { formContext?: unknown } }): FormContext {
  return props.registry.formContext as FormContext;
}
