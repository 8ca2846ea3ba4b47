/**
 * The widget contract: what a widget declares, what it receives and what it gives back.
 * A widget lives in its own folder under widgets/ in two parts: what the page renders it with (defineWidget: its name,
 * what it serves, its component), listed in widgets/index.ts, and what only the tools know of it (describeWidget: its
 * summary, options schema, example and verbatim options), listed in widgets/info.ts. The page reads the first list;
 * the flow checks, the generated flow.schema.json, the flow studio's generated editor and the server's draft checks
 * read the second; nothing registers itself by import.
 */
import type { ComponentType } from 'react';
import { errorId, type EnumOptionsType, type FieldProps, type RJSFSchema, type WidgetProps } from '@rjsf/utils';
import type { JSONSchema } from 'json-schema-to-ts';
import type { FormRecord } from './state/record.ts';
import type { ApiClient } from './api/client.ts';
import type { PlacesApi } from '../contracts/public-config.ts';

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
  /** Which Google service suggests addresses with that key (absent: Places API (New)). */
  placesApi?: PlacesApi;
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
  /** The page's locale ("en-US", "es-US"), for the amounts and numbers a widget writes out. */
  locale: string;
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

/** A widget's options schema: plain JSON Schema, written `as const` in the widget's folder so that the component's
 * options type is derived from it (`FromSchema<typeof schema>`), never written twice. */
export type OptionsSchema = Exclude<JSONSchema, boolean>;

declare const describes: unique symbol;

/**
 * An options schema that carries the options type it describes, so describeWidget can type the component from it. The
 * widget's folder derives that type once (`FromSchema<typeof schema>`) and declares its schema with it; deriving it
 * inside describeWidget instead would make TypeScript expand FromSchema over every JSON Schema while inferring.
 */
export type TypedOptionsSchema<Options> = OptionsSchema & { readonly [describes]?: Options };

export type ServeKind = Serves['kind'];

/** rjsf's props without their catch-all index signature, so that reading a prop rjsf does not pass fails to compile. */
type Declared<Props> = {
  [Key in keyof Props as string extends Key ? never : number extends Key ? never : Key]: Props[Key];
};

/** What rjsf adds to a value widget's options beside the flow's: the field's choices and its `autocomplete`. */
export interface FieldOptions {
  enumOptions?: EnumOptionsType<RJSFSchema>[];
  autocomplete?: HTMLInputElement['autocomplete'];
}

/**
 * Props of a value widget: rjsf's WidgetProps, with the widget's options and the engine's form context typed, and the
 * field's value `unknown` (rjsf declares it `any`): a widget checks what it holds before using it.
 */
export type ValueWidgetProps<Options> = Omit<
  Declared<WidgetProps<unknown, RJSFSchema, FormContext>>,
  'options' | 'value'
> & {
  value: unknown;
  options: Options & FieldOptions;
};

/** Props of an object widget: rjsf's FieldProps over the step's answers, with the widget's options typed. */
export type ObjectWidgetProps<Options> = Declared<FieldProps<FormRecord, RJSFSchema, FormContext>> & {
  options: Options;
};

/**
 * The step controls a display widget gets: the form context, and what only a display step's content can report. The
 * engine adds the step to what is reported, so a widget names only its own part (and never an answer).
 */
export interface DisplayContext extends FormContext {
  /** The visitor opened the offer with this id (the flow file's, e.g. "personal-loans"), e.g. a partner's link. */
  reportOffer(offerId: string): void;
}

/** Props of a display widget: its options from the flow file and the engine's step controls. */
export interface DisplayProps<Options> {
  options: Options;
  context: DisplayContext;
}

/** The props each kind of widget is rendered with. */
export interface PropsByKind<Options> {
  value: ValueWidgetProps<Options>;
  object: ObjectWidgetProps<Options>;
  display: DisplayProps<Options>;
}

/**
 * What the page holds of a widget: all it needs to render one. `<name>.widget.ts` declares it with defineWidget and
 * widgets/index.ts lists it. The widget's description stays apart (WidgetDescription): the page never uses it, and
 * whatever a page module holds ships in the page's scripts (docs/decisions/131-widget-descriptions-apart.md).
 */
export interface PageWidget<Kind extends ServeKind = ServeKind, Component = unknown> {
  /** The name flow files use in `"widget"`. */
  name: string;
  serves: Serves & { kind: Kind };
  /**
   * Rendered with the props of its kind (a `deferredComponent` too); describeWidget checks those props against the
   * options schema. As the page's list holds it, its props are no longer known: engine/render/registry.ts is the one
   * place that hands it to rjsf or the step screen, by its `serves.kind`.
   */
  component: Component;
}

/** What only the tools, the flow studio and the server know of a widget; the page never imports it. */
export interface WidgetDescription<Options> {
  /** One sentence for the marketer guide's widget table. */
  summary: string;
  /** JSON Schema of the widget's `options` in a flow file. */
  options: TypedOptionsSchema<Options>;
  /** Options to show the widget with in the contract suite and the guide; required where `{}` is not valid. */
  example?: NoInfer<Options>;
  /**
   * The string options that are not words (a field name, a mask, a URL), as paths of keys joined by "/" with "*" for
   * any key or index: a language keeps them as written. Every other string option is translated.
   */
  verbatim?: readonly string[];
}

/**
 * A widget as widgets/info.ts lists it for the tools: its page part and its description together, with every kind and
 * options type erased.
 */
export interface ListedWidget extends PageWidget {
  summary: string;
  options: OptionsSchema;
  example?: unknown;
  verbatim?: readonly string[];
}

/**
 * Declares what the page renders a widget with; listing it in widgets/index.ts (and its description in
 * widgets/info.ts) is what makes it available to flows.
 */
export function defineWidget<Kind extends ServeKind, Component>(
  widget: PageWidget<Kind, Component>,
): PageWidget<Kind, Component> {
  return widget;
}

/**
 * Describes a widget for the tools, in `<name>.info.ts`. The options schema and the widget's serve kind set the props
 * its component must take: a component written for other options does not compile here, and an example that is not
 * valid options neither. What it gives back is the widget as the tools' list holds it.
 */
export function describeWidget<Options, Kind extends ServeKind>(
  widget: PageWidget<Kind, NoInfer<ComponentType<PropsByKind<Options>[Kind]>>>,
  description: WidgetDescription<Options>,
): ListedWidget {
  return { ...widget, ...description };
}

/**
 * The attributes that tie a widget's control to the shared error template: `aria-invalid` while the field shows an
 * error, and `aria-describedby` pointing at the error text (only then, so nothing points at an empty element).
 */
export function errorAttributes(id: string, rawErrors: readonly string[] = []) {
  const invalid = rawErrors.length > 0;
  return { 'aria-invalid': invalid || undefined, 'aria-describedby': invalid ? errorId(id) : undefined };
}
