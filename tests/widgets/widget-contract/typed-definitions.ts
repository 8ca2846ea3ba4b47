/**
 * Compiled by `npm run typecheck`, never run: describeWidget types a component's props from the widget's options
 * schema and serve kind, so a component written against other options, or reading an option the schema lacks, fails to
 * compile. Each `@ts-expect-error` fails the typecheck if the line below it compiles.
 */
import {
  defineWidget,
  describeWidget,
  type DisplayProps,
  type ValueWidgetProps,
} from '../../../engine/widget-contract.ts';
import { yearSelectOptions, type YearSelectOptions } from '../../../widgets/year-select/options.ts';

const YEAR = { name: 'typed-year', serves: { kind: 'value' as const, types: ['string' as const] } };

const DESCRIPTION = { summary: 'A year.', options: yearSelectOptions };

/** Typed against the schema's options: accepted, and its form context is the engine's. */
function RightOptions({ options, registry }: ValueWidgetProps<YearSelectOptions>) {
  registry.formContext.setBusy(false);
  return options.from > 0 ? null : null;
}
const right = defineWidget({ ...YEAR, component: RightOptions });
export const accepted = describeWidget(right, DESCRIPTION);

/** Written for `from` as text, where the schema makes it a number. */
function WrongOptions({ options }: ValueWidgetProps<{ from: string }>) {
  return options.from.length > 0 ? null : null;
}
const wrong = defineWidget({ ...YEAR, component: WrongOptions });
// @ts-expect-error: the component's options are not the schema's.
export const wrongOptions = describeWidget(wrong, DESCRIPTION);

/** Reads an option the schema does not have. */
function UnknownOption({ options }: ValueWidgetProps<YearSelectOptions>) {
  // @ts-expect-error: year-select's schema has no `to`.
  return options.to === undefined ? null : null;
}
export const unknownOption = describeWidget(defineWidget({ ...YEAR, component: UnknownOption }), DESCRIPTION);

/** A display component where the schema serves a value: the props of the kind do not match. */
function Display({ options }: DisplayProps<YearSelectOptions>) {
  return options.from > 0 ? null : null;
}
const display = defineWidget({ ...YEAR, component: Display });
// @ts-expect-error: a value widget is rendered with rjsf's widget props, not a display's.
export const wrongKind = describeWidget(display, DESCRIPTION);

export const wrongExample = describeWidget(right, {
  ...DESCRIPTION,
  // @ts-expect-error: the example must be valid options.
  example: { from: 'last year' },
});
