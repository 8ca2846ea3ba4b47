/**
 * The reference part of the marketer guide (flows/README.md): every flow-file setting, widget, message key and action,
 * written from the same definitions flow.schema.json is generated from (definition.ts, the widget registry, the engine's
 * messages and actions), so the guide cannot describe a key the checks would refuse or miss one they accept.
 */
import {
  BranchSchema,
  ButtonsSchema,
  ConsentSchema,
  ExtendsSchema,
  FlowSchema,
  StepSchema,
  UiFieldSchema,
} from './definition.ts';
import type { JsonObject } from './schema.ts';
import type { ListedWidget } from '../widget-contract.ts';
import { KEYWORD_PARAMS } from './checks.ts';
import { ENGINE_MESSAGES, SITUATION_MESSAGES } from '../messages.ts';

/** What the guide says of a widget. */
type WidgetInfo = Pick<ListedWidget, 'name' | 'summary' | 'serves' | 'options'>;

/** A plain JSON copy of a TypeBox schema (its own markers are non-enumerable symbols). */
function plain(schema: unknown): JsonObject {
  return JSON.parse(JSON.stringify(schema)) as JsonObject;
}

/** A table cell: one line, pipes escaped. */
function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ');
}

function table(head: readonly string[], rows: readonly (readonly string[])[]): string {
  return [
    `| ${head.join(' | ')} |`,
    `|${head.map(() => '---').join('|')}|`,
    ...rows.map((row) => `| ${row.map(cell).join(' | ')} |`),
  ].join('\n');
}

/** What kind of value a key takes, in words: "text", "whole number 0 to 100", "yes/no", "text or false"... */
export function valueKind(schema: JsonObject): string {
  if (Array.isArray(schema.anyOf)) return (schema.anyOf as JsonObject[]).map(valueKind).join(' or ');
  if ('const' in schema) return JSON.stringify(schema.const);
  if (Array.isArray(schema.enum))
    return `one of ${(schema.enum as unknown[]).map((value) => `\`${JSON.stringify(value)}\``).join(', ')}`;
  switch (schema.type) {
    case 'string':
      return 'text';
    case 'boolean':
      return '`true` or `false`';
    case 'integer':
    case 'number': {
      const noun = schema.type === 'integer' ? 'whole number' : 'number';
      const { minimum, maximum } = schema;
      if (typeof minimum === 'number' && typeof maximum === 'number') return `${noun} ${minimum} to ${maximum}`;
      if (typeof minimum === 'number') return `${noun} from ${minimum}`;
      if (typeof maximum === 'number') return `${noun} up to ${maximum}`;
      return noun;
    }
    case 'array':
      return 'list';
    case 'object':
      return 'object';
    default:
      return 'any';
  }
}

/** One row per key of an object schema: key, required or not, kind of value, description. */
function keyTable(schema: JsonObject): string {
  const required = new Set((schema.required as string[] | undefined) ?? []);
  const properties = (schema.properties ?? {}) as Record<string, JsonObject>;
  return table(
    ['Key', 'Required', 'Value', 'What it does'],
    Object.entries(properties).map(([key, property]) => [
      `\`${key}\``,
      required.has(key) ? 'yes' : 'no',
      valueKind(property),
      typeof property.description === 'string' ? property.description : '',
    ]),
  );
}

function servesText(widget: WidgetInfo): string {
  switch (widget.serves.kind) {
    case 'value':
      return `a field (\`ui.<field>.widget\`) of type ${widget.serves.types.map((type) => `\`${type}\``).join(', ')}`;
    case 'object':
      return "all of a step's fields together (`layout.widget`), or one object field (`ui.<field>.widget`)";
    case 'display':
      return 'a step without fields (`display.widget`)';
  }
}

function widgetSection(widget: WidgetInfo): string {
  const options = plain(widget.options);
  const properties = (options.properties ?? {}) as JsonObject;
  const lines = [`### \`${widget.name}\``, '', widget.summary, '', `Shows ${servesText(widget)}.`, ''];
  lines.push(Object.keys(properties).length === 0 ? 'No options.' : `Options (\`options\`):\n\n${keyTable(options)}`);
  return lines.join('\n');
}

function messagesTable(): string {
  return table(
    ['Key', 'Used when', 'Placeholders', "The engine's own text (when the flow has none)"],
    Object.entries(ENGINE_MESSAGES).map(([key, text]) => {
      const situation = SITUATION_MESSAGES.includes(key);
      const params = KEYWORD_PARAMS[key] ?? [];
      return [
        `\`${key}\``,
        situation ? 'not a field rule: see the text' : `a field breaks its \`${key}\` rule`,
        params.map((param) => `\`{${param}}\``).join(' ') || 'none',
        text,
      ];
    }),
  );
}

function actionsTable(actionNames: readonly string[], summaries: Readonly<Record<string, string>>): string {
  return table(
    ['Action', 'What it does'],
    actionNames.map((name) => {
      const summary = summaries[name];
      if (summary === undefined)
        throw new Error(`engine/actions/summaries.ts: add a sentence for the action "${name}"`);
      return [`\`${name}\``, summary];
    }),
  );
}

/** The settings of a flow file: the whole flow's, and `extends` of a version written as changes to another. */
function flowSettings(): JsonObject {
  const flow = plain(FlowSchema);
  return { ...flow, properties: { ...(flow.properties as JsonObject), extends: plain(ExtendsSchema) } };
}

/** The generated reference, in Markdown, for these widgets and actions (every action needs a summary). */
export function flowReference(
  widgets: readonly WidgetInfo[],
  actionNames: readonly string[],
  actionSummaries: Readonly<Record<string, string>>,
): string {
  const sorted = [...widgets].sort((a, b) => a.name.localeCompare(b.name));
  return [
    '## Reference',
    '',
    '### Flow file settings',
    '',
    keyTable(flowSettings()),
    '',
    '### `consent`',
    '',
    keyTable(plain(ConsentSchema)),
    '',
    '### `buttons` (of the flow, or of one step)',
    '',
    keyTable(plain(ButtonsSchema)),
    '',
    '### Step settings (`steps.<step id>`)',
    '',
    keyTable(plain(StepSchema)),
    '',
    '### Field display settings (`ui.<field>`)',
    '',
    keyTable(plain(UiFieldSchema)),
    '',
    '### Branches (`next` as a list)',
    '',
    keyTable(plain(BranchSchema)),
    '',
    '## Widgets',
    '',
    table(
      ['Widget', 'What it shows'],
      sorted.map((widget) => [`[\`${widget.name}\`](#${widget.name})`, widget.summary]),
    ),
    '',
    ...sorted.flatMap((widget) => [widgetSection(widget), '']),
    '## Message keys',
    '',
    'Keys of `messages` (the whole flow) and of `errors.<field>` (one field of one step, which wins). A placeholder is ' +
      "replaced by the field's own value, e.g. `{limit}` by the `minLength` of the field.",
    '',
    messagesTable(),
    '',
    '## Actions',
    '',
    'Named in a step\'s `"action"`; they run when the step is submitted, before the visitor moves on.',
    '',
    actionsTable(actionNames, actionSummaries),
  ].join('\n');
}
