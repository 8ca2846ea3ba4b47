/**
 * The widget contract: what a widget declares, what it receives and what it gives back.
 * A widget lives in its own folder under widgets/ and is listed once in widgets/index.ts; the engine, the flow
 * checks and the generated flow.schema.json all read that list, so nothing registers itself by import.
 */
import type { ComponentType } from 'react';
import { errorId } from '@rjsf/utils';
import type { JSONSchema } from 'json-schema-to-ts';
import type { FormRecord } from './state/record.ts';
import type { ApiClient } from './api/client.ts';

export type JsonType = 'string' | 'number' | 'integer' | 'boolean' | 'object' | 'array';

/**
 * What a widget serves:
 * - `value`: one field whose JSON type is among `types` (an rjsf widget);
 * - `object`: several fields at once, rendered as an rjsf field: a whole step's fields when named by the step's
 *   `layout`, or the properties of one object field when named in `ui`;
 * - `display`: a step with no data (it shows content and may move the visitor on).
 */
export type Serves = { kind: 'value'; types: readonly JsonType[] } | { kind: 'object' } | { kind: 'display' };

/** Settings of the environment a widget may need (from the server's runtime config). */
export interface PageSettings {
  /** The Google Maps Platform key for address autocomplete; absent: the visitor types the address. */
  mapsApiKey?: string;
}

/** Services and step controls the engine hands to widgets through rjsf's formContext (never by import). */
export interface FormContext {
  /** Submit the step as the Next button does, once the change just made has been applied. */
  advance(): void;
  /** Mark the step busy while the widget waits for a service; Next is disabled meanwhile. */
  setBusy(busy: boolean): void;
  /**
   * Show an error on a field that its schema cannot decide (e.g. a ZIP code the lookup does not know). The error shows
   * at once and blocks Next until the widget clears it with `undefined`.
   */
  setFieldError(field: string, message: string | undefined): void;
  /**
   * The flow's text for a situation that is not a field rule (engine/messages.ts SITUATION_MESSAGES, e.g. a ZIP code
   * outside the served area): the flow's `messages`, then the engine's own.
   */
  message(key: string): string;
  /** Show the schema errors of these fields now, as if the visitor had left them (e.g. a widget's own "continue"). */
  touch(fields: readonly string[]): void;
  /** Save answers beyond the widget's own field, e.g. the city and state a ZIP lookup found (undefined removes one). */
  save(answers: FormRecord): void;
  /** Clear this version's answers and go to its first step. */
  restart(): void;
  /** True while the step's action runs after a valid submit (e.g. while the lead is being sent). */
  submitting: boolean;
  /** The answers saved so far in this flow version. */
  record: Readonly<FormRecord>;
  /** The server's API (ZIP lookup, phone check...). */
  api: ApiClient;
  settings: PageSettings;
}

/** Props of a display widget: its options from the flow file and the engine's step controls. */
export interface DisplayProps<O> {
  options: O;
  context: FormContext;
}

/** A widget's options schema: plain JSON Schema, written `as const` in the widget's folder so that the component's
 * options type is derived from it (`FromSchema<typeof schema>`), never written twice. */
export type OptionsSchema = Exclude<JSONSchema, boolean>;

export interface WidgetDefinition {
  /** The name flow files use in `"widget"`. */
  name: string;
  /** One sentence for the marketer guide's widget table. */
  summary: string;
  serves: Serves;
  /** JSON Schema of the widget's `options` in a flow file. */
  options: OptionsSchema;
  /** Options to show the widget with in the contract suite and the guide; required where `{}` is not valid. */
  example?: unknown;
  /**
   * Rendered with rjsf's WidgetProps (`value`), FieldProps (`object`) or DisplayProps (`display`). Typed loosely here
   * because the registry holds every kind; each component types its own props and the contract suite renders it.
   */
  component: ComponentType<any>;
}

/** Declares a widget; listing it in widgets/index.ts is what makes it available to flows. */
export function defineWidget(definition: WidgetDefinition): WidgetDefinition {
  return definition;
}

/** The form context as a widget receives it. */
export function formContextOf(props: { registry: { formContext?: unknown } }): FormContext {
  return props.registry.formContext as FormContext;
}

/**
 * The attributes that tie a widget's control to the shared error template: `aria-invalid` while the field shows an
 * error, and `aria-describedby` pointing at the error text (only then, so nothing points at an empty element).
 */
export function errorAttributes(id: string, rawErrors: readonly string[] = []) {
  const invalid = rawErrors.length > 0;
  return { 'aria-invalid': invalid || undefined, 'aria-describedby': invalid ? errorId(id) : undefined };
}
