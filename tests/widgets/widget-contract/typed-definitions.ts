/**
 * Compiled by `npm run typecheck`, never run: defineWidget types a component's props from the widget's options schema
 * and serve kind, so a component written against other options, or reading an option the schema lacks, fails to
 * compile. Each `@ts-expect-error` fails the typecheck if the line below it compiles.
 */
import { defineWidget, type DisplayProps, type ValueWidgetProps } from '../../../engine/widget-contract.ts';
import { yearSelectOptions, type YearSelectOptions } from '../../../widgets/year-select/options.ts';

const YEAR = {
  name: 'typed-year',
  summary: 'A year.',
  serves: { kind: 'value' as const, types: ['string' as const] },
  options: yearSelectOptions,
};

/** Typed against the schema's options: accepted, and its form context is the engine's. */
function RightOptions({ options, registry }: ValueWidgetProps<YearSelectOptions>) {
  registry.formContext.setBusy(false);
  return options.from > 0 ? null : null;
}
export const accepted = defineWidget({ ...YEAR, component: RightOptions });

/** Written for `from` as text, where the schema makes it a number. */
function WrongOptions({ options }: ValueWidgetProps<{ from: string }>) {
  return options.from.length > 0 ? null : null;
}
export const wrongOptions = defineWidget({
  ...YEAR,
  // @ts-expect-error: the component's options are not the schema's.
  component: WrongOptions,
});

export const unknownOption = defineWidget({
  ...YEAR,
  component: ({ options }) => {
    // @ts-expect-error: year-select's schema has no `to`.
    return options.to === undefined ? null : null;
  },
});

/** A display component where the schema serves a value: the props of the kind do not match. */
function Display({ options }: DisplayProps<YearSelectOptions>) {
  return options.from > 0 ? null : null;
}
export const wrongKind = defineWidget({
  ...YEAR,
  // @ts-expect-error: a value widget is rendered with rjsf's widget props, not a display's.
  component: Display,
});

export const wrongExample = defineWidget({
  ...YEAR,
  // @ts-expect-error: the example must be valid options.
  example: { from: 'last year' },
  component: RightOptions,
});
