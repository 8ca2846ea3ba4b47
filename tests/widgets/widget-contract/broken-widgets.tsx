/**
 * Widgets made for the contract checks' own tests, never registered: a well-made one of each kind, and broken ones
 * that each differ from a well-made one in the one way a check must catch.
 */
import type { ComponentType } from 'react';
import { errorId, toFieldPathId } from '@rjsf/utils';
import type { FormRecord } from '../../../engine/state/record.ts';
import {
  describeWidget,
  errorAttributes,
  type ListedWidget,
  type ObjectWidgetProps,
  type OptionsSchema,
  type PageWidget,
  type PropsByKind,
  type ServeKind,
  type TypedOptionsSchema,
  type ValueWidgetProps,
  type WidgetDescription,
} from '../../../engine/widget-contract.ts';
import { FieldLabel, inputAttributes } from '../../../widgets/shared/field-parts.tsx';

type NoOptions = Record<string, never>;

const NO_OPTIONS: TypedOptionsSchema<NoOptions> = { type: 'object', additionalProperties: false };

/** A fixture's page part and description in one object, described as a widget's `<name>.info.ts` describes it. */
function fixture<Options, Kind extends ServeKind>(
  widget: PageWidget<Kind, NoInfer<ComponentType<PropsByKind<Options>[Kind]>>> & WidgetDescription<Options>,
): ListedWidget {
  return describeWidget<Options, Kind>(widget, widget);
}

// --- Value widgets ------------------------------------------------------------------------------------------------

/** A labelled text input with its error wiring that gives back what is typed. */
function GoodText(props: ValueWidgetProps<NoOptions>) {
  const { id, label, hideLabel, value, onChange } = props;
  return (
    <div>
      <FieldLabel id={id} label={label} hidden={hideLabel} />
      <input
        type="text"
        value={typeof value === 'string' ? value : ''}
        {...inputAttributes(props)}
        onChange={(event) => onChange(event.target.value || undefined)}
      />
    </div>
  );
}

/** What the text widgets below share but their component. */
const TEXT = {
  name: 'well-made-text',
  summary: 'A labelled one-line input that gives back its text.',
  serves: { kind: 'value' as const, types: ['string' as const] },
  options: NO_OPTIONS,
};

export const wellMadeText = fixture({ ...TEXT, component: GoodText });

/** The title is written next to the input, but no label ties it to the input: the input has no name. */
function UnlabelledText(props: ValueWidgetProps<NoOptions>) {
  const { label, value, onChange } = props;
  return (
    <div>
      <span>{label}</span>
      <input
        type="text"
        value={typeof value === 'string' ? value : ''}
        {...inputAttributes(props)}
        onChange={(event) => onChange(event.target.value || undefined)}
      />
    </div>
  );
}

export const unlabelledText = fixture({ ...TEXT, name: 'unlabelled-text', component: UnlabelledText });

/** Drops its label when the flow hides it, instead of keeping it for screen readers. */
function LabelOnlyWhenShown(props: ValueWidgetProps<NoOptions>) {
  const { id, label, hideLabel, value, onChange } = props;
  return (
    <div>
      {hideLabel ? null : <FieldLabel id={id} label={label} hidden={false} />}
      <input
        type="text"
        value={typeof value === 'string' ? value : ''}
        {...inputAttributes(props)}
        onChange={(event) => onChange(event.target.value || undefined)}
      />
    </div>
  );
}

export const labelOnlyWhenShown = fixture({
  ...TEXT,
  name: 'label-only-when-shown',
  component: LabelOnlyWhenShown,
});

/** Shows no error state: the input is labelled, but neither aria-invalid nor aria-describedby is ever set. */
function NoErrorWiring(props: ValueWidgetProps<NoOptions>) {
  const { id, label, hideLabel, value, onChange } = props;
  return (
    <div>
      <FieldLabel id={id} label={label} hidden={hideLabel} />
      <input
        type="text"
        id={id}
        name={id}
        value={typeof value === 'string' ? value : ''}
        onChange={(event) => onChange(event.target.value || undefined)}
      />
    </div>
  );
}

export const noErrorWiring = fixture({ ...TEXT, name: 'no-error-wiring', component: NoErrorWiring });

/** Marks itself invalid but does not point at the error text, so a screen reader hears that it is wrong, not why. */
function InvalidWithoutReason(props: ValueWidgetProps<NoOptions>) {
  const { id, label, hideLabel, value, rawErrors = [], onChange } = props;
  return (
    <div>
      <FieldLabel id={id} label={label} hidden={hideLabel} />
      <input
        type="text"
        id={id}
        name={id}
        value={typeof value === 'string' ? value : ''}
        aria-invalid={rawErrors.length > 0 || undefined}
        onChange={(event) => onChange(event.target.value || undefined)}
      />
    </div>
  );
}

export const invalidWithoutReason = fixture({
  ...TEXT,
  name: 'invalid-without-reason',
  component: InvalidWithoutReason,
});

/** An amount input that gives back the digits as typed: a string, where its fields want a number. */
function StringAmount(props: ValueWidgetProps<NoOptions>) {
  const { id, label, hideLabel, value, onChange } = props;
  return (
    <div>
      <FieldLabel id={id} label={label} hidden={hideLabel} />
      <input
        type="text"
        inputMode="numeric"
        value={typeof value === 'string' ? value : ''}
        {...inputAttributes(props)}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}

export const stringAmount = fixture({
  name: 'string-amount',
  summary: 'An amount typed as digits, given back as the text typed.',
  serves: { kind: 'value', types: ['integer', 'number'] },
  options: NO_OPTIONS,
  component: StringAmount,
});

/** Gives back thousands with a fraction (20000 becomes 20.5): a number, but not a whole one. */
function FractionalAmount(props: ValueWidgetProps<NoOptions>) {
  const { id, label, hideLabel, value, onChange } = props;
  return (
    <div>
      <FieldLabel id={id} label={label} hidden={hideLabel} />
      <input
        type="text"
        value={typeof value === 'string' ? value : ''}
        {...inputAttributes(props)}
        onChange={(event) => onChange(Number(event.target.value) / 1000 + 0.5)}
      />
    </div>
  );
}

export const fractionalAmount = fixture({
  name: 'fractional-amount',
  summary: 'An amount in thousands, given back with a half added.',
  serves: { kind: 'value', types: ['integer'] },
  options: NO_OPTIONS,
  component: FractionalAmount,
});

/** Never tells the form about a change. */
function Silent(props: ValueWidgetProps<NoOptions>) {
  const { id, label, hideLabel, value } = props;
  return (
    <div>
      <FieldLabel id={id} label={label} hidden={hideLabel} />
      <input type="text" defaultValue={typeof value === 'string' ? value : ''} {...inputAttributes(props)} />
    </div>
  );
}

export const silent = fixture({ ...TEXT, name: 'silent', component: Silent });

// --- Options schemas ----------------------------------------------------------------------------------------------

/** "minimun" is not a JSON Schema keyword: lenient ajv would skip it and let `maxLength: 0` through. */
export const misspeltOptions: ListedWidget = {
  ...wellMadeText,
  name: 'misspelt-options',
  options: {
    type: 'object',
    properties: { maxLength: { type: 'integer', minimun: 1 } },
    additionalProperties: false,
  } as OptionsSchema,
};

const NOT_FOUND_OPTIONS = {
  type: 'object',
  properties: { notFound: { type: 'string', minLength: 1 }, found: { type: 'string', minLength: 1 } },
  required: ['notFound', 'found'],
  additionalProperties: false,
} as const satisfies OptionsSchema;

/** Its example leaves out an option its schema requires (describeWidget would refuse it: the list holds it as is). */
export const exampleMissingOption: ListedWidget = {
  ...wellMadeText,
  name: 'example-missing-option',
  options: NOT_FOUND_OPTIONS,
  example: { notFound: 'Please enter a valid ZIP code.' },
};

/** Requires options but gives no example, so the checks have nothing valid to render it with. */
export const requiredOptionsNoExample: ListedWidget = {
  ...wellMadeText,
  name: 'required-options-no-example',
  options: NOT_FOUND_OPTIONS,
};

// --- Object widgets -----------------------------------------------------------------------------------------------

type Names = { first_name?: string; last_name?: string };

/** The names among the step's answers. */
function names(formData: FormRecord | undefined): Names {
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  return { first_name: text(formData?.first_name), last_name: text(formData?.last_name) };
}

/** The fields the object fixtures are made for. */
export const NAMES_SAMPLE = {
  where: 'a sample step "names"',
  schema: {
    type: 'object' as const,
    properties: {
      first_name: { type: 'string' as const, title: 'First name' },
      last_name: { type: 'string' as const, title: 'Last name' },
    },
  },
};

interface NamesParts {
  /** Label the field's input (else its title is only written next to it). */
  labelled: (field: keyof Names) => boolean;
  /** What the widget gives back after a change of `field`. */
  next: (data: Names, field: keyof Names, text: string) => Names;
}

function namesWidget({ labelled, next }: NamesParts) {
  return function Names(props: ObjectWidgetProps<NoOptions>) {
    const { formData, schema, errorSchema, fieldPathId, registry, onChange } = props;
    const data = names(formData);
    const fields = ['first_name', 'last_name'] as const;
    return (
      <div>
        {fields.map((field) => {
          const id = toFieldPathId(field, registry.globalFormOptions, fieldPathId).$id;
          const property = schema.properties?.[field];
          const title = (typeof property === 'object' && property.title) || field;
          const errors = errorSchema?.[field]?.__errors ?? [];
          return (
            <div key={field}>
              {labelled(field) ? <label htmlFor={id}>{title}</label> : <span>{title}</span>}
              <input
                id={id}
                type="text"
                value={data[field] ?? ''}
                {...errorAttributes(id, errors)}
                onChange={(event) => onChange(next(data, field, event.target.value), fieldPathId.path, undefined, id)}
              />
              <div id={errorId(id)}>{errors.join(' ')}</div>
            </div>
          );
        })}
      </div>
    );
  };
}

/** What the name widgets below share but their component. */
const NAMES = {
  name: 'well-made-names',
  summary: 'First and last name, each in its own labelled input.',
  serves: { kind: 'object' as const },
  options: NO_OPTIONS,
};

export const wellMadeNames = fixture({
  ...NAMES,
  component: namesWidget({ labelled: () => true, next: (data, field, text) => ({ ...data, [field]: text }) }),
});

/** The last name's title is written next to its input but does not label it. */
export const unlabelledLastName = fixture({
  ...NAMES,
  name: 'unlabelled-last-name',
  component: namesWidget({
    labelled: (field) => field === 'first_name',
    next: (data, field, text) => ({ ...data, [field]: text }),
  }),
});

/** Gives back only the field that changed, so the form loses the other answers. */
export const onlyTheChange = fixture({
  ...NAMES,
  name: 'only-the-change',
  component: namesWidget({ labelled: () => true, next: (_, field, text) => ({ [field]: text }) }),
});

/** Renders its fields without any error wiring. */
export const namesWithoutErrors = fixture({
  ...NAMES,
  name: 'names-without-errors',
  component: function NamesWithoutErrors(props: ObjectWidgetProps<NoOptions>) {
    const { formData, fieldPathId, registry } = props;
    const data = names(formData);
    return (
      <div>
        {(['first_name', 'last_name'] as const).map((field) => {
          const id = toFieldPathId(field, registry.globalFormOptions, fieldPathId).$id;
          return (
            <div key={field}>
              <label htmlFor={id}>{field === 'first_name' ? 'First name' : 'Last name'}</label>
              <input id={id} type="text" defaultValue={data[field] ?? ''} />
            </div>
          );
        })}
      </div>
    );
  },
});

// --- Display widgets ----------------------------------------------------------------------------------------------

/** What the display widgets below share but their component. */
const DISPLAY = {
  name: 'well-made-display',
  summary: 'A short message shown on a step of its own.',
  serves: { kind: 'display' as const },
  options: NO_OPTIONS,
};

export const wellMadeDisplay = fixture({
  ...DISPLAY,
  component: () => <p>Thank you, we will be in touch.</p>,
});

/** Collects an answer on a display step, where nothing is saved. */
export const displayWithInput = fixture({
  ...DISPLAY,
  name: 'display-with-input',
  component: () => (
    <label>
      Your email <input type="text" />
    </label>
  ),
});

/** Shows nothing at all. */
export const emptyDisplay = fixture({ ...DISPLAY, name: 'empty-display', component: () => <div /> });
