import type { ValueWidgetProps } from '../../engine/widget-contract.ts';
import { enumOptionsIndexForValue, enumOptionsValueForIndex } from '@rjsf/utils';
import { PlaceholderSelect } from '../shared/field-parts.tsx';
import type { SelectOptions } from './options.ts';

/**
 * A native select of the field's choices whose placeholder stays visible but cannot be chosen again; with
 * `alphabetical`, in the order of their labels in the page's language.
 */
export function Select(props: ValueWidgetProps<SelectOptions>) {
  const enumOptions = props.options.enumOptions ?? [];
  const selected = enumOptionsIndexForValue(props.value, enumOptions);
  // Options are keyed by index: the choices' values may be numbers, and a select's values are text.
  const listed = enumOptions.map((option, index) => ({ value: String(index), label: option.label }));
  // Sorted by the words shown, in the page's language: a list alphabetical in English is not once translated.
  const collator = props.options.alphabetical ? new Intl.Collator(props.registry.formContext.locale) : undefined;
  const choices = collator === undefined ? listed : listed.sort((a, b) => collator.compare(a.label, b.label));
  return (
    <PlaceholderSelect
      props={props}
      choices={choices}
      current={typeof selected === 'string' ? selected : ''}
      onPick={(index) => props.onChange(enumOptionsValueForIndex(index, enumOptions))}
    />
  );
}
