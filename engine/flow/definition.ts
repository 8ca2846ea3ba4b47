/**
 * The flow definition, i.e. what a flow file holds: the one source of its TypeScript types and of its JSON Schema.
 * `flows/flow.schema.json` is generated from these definitions plus each registered widget's options schema
 * (tools/flow-schema.ts), so what an editor checks and what the engine expects cannot drift apart.
 */
import Type from 'typebox';

const Text = (description: string) => Type.String({ minLength: 1, description });

/** Error texts keyed by validation keyword (required, minLength, pattern, maximum, ...). */
export const MessagesSchema = Type.Record(Type.String({ pattern: '^[A-Za-z]+$' }), Type.String({ minLength: 1 }), {
  description:
    'Error texts keyed by validation keyword, e.g. "required" or "minLength". "{limit}", "{pattern}" and the other ' +
    "validator parameters are replaced by the field's own values.",
});

/** A JSON Schema object; its keywords are checked by ajv in strict mode, not here. */
const JsonSchemaObject = (description: string) => Type.Object({}, { additionalProperties: true, description });

export const StepFieldsSchema = Type.Object(
  {
    type: Type.Literal('object'),
    properties: Type.Record(Type.String({ pattern: '^[a-z][a-z0-9_]*$' }), JsonSchemaObject('One field of the step.'), {
      description: 'The fields of the step by their record key (lower case letters, digits and "_").',
    }),
    required: Type.Optional(
      Type.Array(Type.String(), { uniqueItems: true, description: 'Fields that must be filled.' }),
    ),
  },
  {
    additionalProperties: false,
    description:
      'Pure JSON Schema of the fields this step collects. The server validates leads with these same schemas, so ' +
      'the rules here hold in the browser and on the server alike.',
  },
);

export const UiFieldSchema = Type.Object(
  {
    widget: Type.String({ description: 'The widget that shows this field (see the widget table in flows/README.md).' }),
    options: Type.Optional(Type.Object({}, { additionalProperties: true, description: "The widget's own settings." })),
    placeholder: Type.Optional(Type.String({ description: 'Text shown inside an empty input.' })),
    autocomplete: Type.Optional(Type.String({ description: 'The HTML autocomplete token, e.g. "given-name".' })),
    hideLabel: Type.Optional(
      Type.Boolean({
        description: "Keep the field's title for screen readers only (the step heading says it already).",
      }),
    ),
  },
  { additionalProperties: false, description: 'How one field is shown.' },
);

export const DisplaySchema = Type.Object(
  {
    widget: Type.String({ description: 'A display widget: it shows content and collects nothing.' }),
    options: Type.Optional(Type.Object({}, { additionalProperties: true, description: "The widget's own settings." })),
  },
  { additionalProperties: false, description: 'What a step without fields shows.' },
);

export const LayoutSchema = Type.Object(
  {
    widget: Type.String({ description: "An object widget that shows all of the step's fields together." }),
    options: Type.Optional(Type.Object({}, { additionalProperties: true, description: "The widget's own settings." })),
  },
  {
    additionalProperties: false,
    description: 'One widget laying out every field of the step (instead of one widget per field).',
  },
);

export const ConsentSchema = Type.Object(
  {
    version: Type.String({
      minLength: 1,
      description: 'A label that changes whenever the text changes, e.g. "2026-11-01".',
    }),
    text: Text(
      'The marketing consent text shown under the steps marked "showConsent"; {product} and {lenders} name the product ' +
        'and the participating lenders (site/content/lenders.json). Each lead stores the text, its version and SHA-256.',
    ),
  },
  { additionalProperties: false, description: 'The consent the visitor gives by submitting the form.' },
);

export const BranchSchema = Type.Object(
  {
    when: Type.Optional(
      JsonSchemaObject(
        'A JSON Schema over the answers so far; the first branch whose "when" matches is taken. Leave it out on the ' +
          'last branch to catch every other case.',
      ),
    ),
    goto: Type.String({ description: 'The step id to go to.' }),
  },
  { additionalProperties: false },
);

export const NextSchema = Type.Union(
  [Type.String({ description: 'The step id to go to.' }), Type.Array(BranchSchema, { minItems: 1 })],
  {
    description: 'Where Next leads: a step id, or an ordered list of branches.',
  },
);

export const ButtonsSchema = Type.Object(
  {
    next: Type.Optional(
      Type.Union([Type.String({ minLength: 1 }), Type.Literal(false)], {
        description: "Label of the Next button, or false when the step's layout widget shows its own.",
      }),
    ),
    previous: Type.Optional(
      Type.Union([Type.String({ minLength: 1 }), Type.Literal(false)], {
        description: 'Label of the Previous button, or false to hide it.',
      }),
    ),
  },
  { additionalProperties: false, description: 'Button labels.' },
);

export const StepSchema = Type.Object(
  {
    route: Type.String({
      pattern: '^([a-z0-9]+(-[a-z0-9]+)*)?$',
      description:
        'The path segment after the flow\'s basePath: "" for the start, otherwise lower case words joined by "-".',
    }),
    progress: Type.Integer({ minimum: 0, maximum: 100, description: 'Percent shown by the progress bar.' }),
    hideProgress: Type.Optional(Type.Boolean({ description: 'Hide the progress bar on this step.' })),
    showConsent: Type.Optional(
      Type.Boolean({
        description: "Show the flow's consent text under this step (the steps that collect contact details).",
      }),
    ),
    heading: Text('The question or title of the step.'),
    title: Type.Optional(Text('The page title, when it should differ from the heading.')),
    subheading: Type.Optional(Text('A line under the heading.')),
    help: Type.Optional(Text('A note under the fields.')),
    standalone: Type.Optional(
      Type.Boolean({ description: 'A step reached by its own link rather than by another step\'s "next".' }),
    ),
    schema: Type.Optional(StepFieldsSchema),
    ui: Type.Optional(
      Type.Record(Type.String(), UiFieldSchema, { description: 'How each field is shown, by field key.' }),
    ),
    errors: Type.Optional(
      Type.Record(Type.String(), MessagesSchema, {
        description: 'Error texts for one field, by field key then keyword; they win over the flow-wide messages.',
      }),
    ),
    display: Type.Optional(DisplaySchema),
    layout: Type.Optional(LayoutSchema),
    backToStart: Type.Optional(
      Type.Boolean({
        description:
          "The browser's Back button starts over: the answers are cleared and it leads to the version's first step (e.g. after the lead is sent).",
      }),
    ),
    end: Type.Optional(
      Type.Boolean({
        description:
          'The last step: the answers are read on arrival and then cleared from the browser; Back leads to the first step.',
      }),
    ),
    next: Type.Optional(NextSchema),
    action: Type.Optional(Type.String({ description: 'A named engine action run when the step is submitted.' })),
    buttons: Type.Optional(ButtonsSchema),
  },
  { additionalProperties: false },
);

export const FlowSchema = Type.Object(
  {
    $schema: Type.Optional(Type.String({ description: 'Lets an editor check this file: "./flow.schema.json".' })),
    id: Type.String({ pattern: '^[a-z][a-z0-9-]*$', description: 'The product flow this file is a version of.' }),
    version: Type.String({
      pattern: '^[a-z][a-z0-9-]{1,39}$',
      description:
        'The version label, e.g. "v2"; a version published from the console is named as its address, e.g. "spring-promo".',
    }),
    basePath: Type.String({
      pattern: '^(/[a-z0-9-]+)?$',
      description: 'The URL prefix of this version: "" for the main version, otherwise e.g. "/v2".',
    }),
    start: Type.String({ description: 'The id of the first step.' }),
    storageKey: Type.String({
      pattern: '^[A-Za-z0-9_.-]+$',
      description: "The browser storage key of this version's answers.",
    }),
    formHeading: Text('The heading over every step; the "header" query parameter overrides it.'),
    buttons: Type.Optional(ButtonsSchema),
    query: Type.Optional(
      Type.Record(Type.String({ pattern: '^[A-Za-z0-9_]+$' }), Type.String({ pattern: '^[a-z][a-z0-9_]*$' }), {
        description: 'Query parameters stored into the answers on arrival: parameter name to record key.',
      }),
    ),
    messages: MessagesSchema,
    consent: Type.Optional(ConsentSchema),
    section: Type.Optional(
      Type.String({
        pattern: '^[a-z0-9-]+$',
        description:
          'The marketing section this version serves, e.g. "auto": "auto" and "lp3" show the \'Providers Include\' strip. ' +
          'The "section" query parameter overrides it.',
      }),
    ),
    steps: Type.Record(Type.String({ pattern: '^[a-z][a-z0-9-]*$' }), StepSchema, {
      description: 'The steps by id (lower case words joined by "-").',
    }),
  },
  { additionalProperties: false },
);

/**
 * The key of a version written as changes to another file (engine/flow/overlay.ts). Such a file states only what
 * differs: every other key of the flow and of its steps is optional there, and `null` removes an optional one.
 */
export const ExtendsSchema = Type.String({
  pattern: '^[^/\\\\]+\\.json$',
  description:
    'The flow file (in this folder) this version is written as changes to, e.g. "business-funding.json": only what ' +
    'differs is stated here (see "Versions that extend another" in flows/README.md).',
});

export type Messages = Type.Static<typeof MessagesSchema>;
export type StepFields = Type.Static<typeof StepFieldsSchema>;
export type UiField = Type.Static<typeof UiFieldSchema>;
export type Layout = Type.Static<typeof LayoutSchema>;
export type Consent = Type.Static<typeof ConsentSchema>;
export type Display = Type.Static<typeof DisplaySchema>;
export type Branch = Type.Static<typeof BranchSchema>;
export type Next = Type.Static<typeof NextSchema>;
export type Buttons = Type.Static<typeof ButtonsSchema>;
export type Step = Type.Static<typeof StepSchema>;
export type Flow = Type.Static<typeof FlowSchema>;
