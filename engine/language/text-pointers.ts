/**
 * Which strings of a source file are words a visitor reads, and so must exist in every language: the rest (ids,
 * routes, field names, widget names, patterns, stored values, URLs) stays as written in English. A language file is
 * checked against these pointers, and translating a file replaces exactly these strings.
 */
import type { WidgetInfo } from '../flow/schema.ts';

/** A string a visitor reads, at its JSON pointer in the source file. */
export interface SourceText {
  pointer: string;
  text: string;
}

/** How a source file's words are found: a flow file by its format, any other content file by its keys. */
export type SourceKind = 'flow' | 'content' | 'table';

const escape = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

/** Every string leaf with its pointer and its path (the keys and indexes leading to it). */
function* leaves(value: unknown, pointer = '', path: readonly string[] = []): Generator<[string, string, string[]]> {
  if (typeof value === 'string') {
    yield [pointer, value, [...path]];
  } else if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) yield* leaves(item, `${pointer}/${index}`, [...path, String(index)]);
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) yield* leaves(item, `${pointer}/${escape(key)}`, [...path, key]);
  }
}

/** `*` matches any one key or index; a pattern matches a path that starts with it. */
const matches = (pattern: readonly string[], path: readonly string[]) =>
  pattern.length <= path.length && pattern.every((part, index) => part === '*' || part === path[index]);

const pattern = (text: string) => text.split('/');

/** The words of a flow file, by the flow format: the rest of a flow is structure. */
const FLOW_TEXTS = [
  'formHeading',
  'buttons/*',
  'messages/*',
  'consent/text',
  'steps/*/heading',
  'steps/*/subheading',
  'steps/*/help',
  'steps/*/title',
  'steps/*/buttons/*',
  'steps/*/errors/*/*',
  'steps/*/ui/*/placeholder',
].map(pattern);

/** Where a step names a widget and gives it options: the options are words except those the widget keeps. */
const WIDGET_PLACES = ['steps/*/ui/*', 'steps/*/display', 'steps/*/layout'].map(pattern);

/** In a step's schema, the labels: a `title` or `description` of any schema object in it. */
function isSchemaLabel(path: readonly string[]): boolean {
  if (path[0] !== 'steps' || path[2] !== 'schema') return false;
  const key = path.at(-1);
  if (key !== 'title' && key !== 'description') return false;
  // A property named "title" holds a schema, not a string; the parent of a label is a schema, never `properties`.
  return path.at(-2) !== 'properties';
}

function widgetText(flow: unknown, path: readonly string[], widgets: readonly WidgetInfo[]): boolean {
  for (const place of WIDGET_PLACES) {
    if (!matches(place, path) || path[place.length] !== 'options') continue;
    const holder = place.reduce<unknown>(
      (value, _part, index) => (value as Record<string, unknown> | undefined)?.[path[index]!],
      flow,
    ) as { widget?: unknown } | undefined;
    const widget = widgets.find(({ name }) => name === holder?.widget);
    const option = path.slice(place.length + 1);
    return !(widget?.verbatim ?? []).some((kept) => matches(pattern(kept), option));
  }
  return false;
}

/** Keys of content files that hold names, links and settings rather than words (a person's or a brand's name). */
const CONTENT_KEPT = new Set(['$schema', 'page', 'logo', 'id', 'date', 'author', 'name']);
/** Content settings whose strings are all settings (the business hours' days and times). */
const CONTENT_KEPT_TREES = ['specify_business_hours'];

/** The strings of `source` that a language must translate, in the file's order. */
export function sourceTexts(kind: SourceKind, source: unknown, widgets: readonly WidgetInfo[] = []): SourceText[] {
  const texts: SourceText[] = [];
  for (const [pointer, text, path] of leaves(source)) {
    const wanted =
      kind === 'table'
        ? true
        : kind === 'flow'
          ? FLOW_TEXTS.some((each) => each.length === path.length && matches(each, path)) ||
            isSchemaLabel(path) ||
            widgetText(source, path, widgets)
          : !CONTENT_KEPT.has(path.at(-1) ?? '') && !CONTENT_KEPT_TREES.includes(path[0] ?? '');
    if (wanted) texts.push({ pointer, text });
  }
  return texts;
}
