import type { ValueWidgetProps } from '../../engine/widget-contract.ts';
import { enumOptionsIndexForValue, enumOptionsValueForIndex } from '@rjsf/utils';
import { PlaceholderSelect } from '../shared/field-parts.tsx';
import type { SelectOptions } from './options.ts';

/** A native select of the field's choices whose placeholder stays visible but cannot be chosen again. */
export function Select(props: ValueWidgetProps<SelectOptions>) {
  const enumOptions = props.options.enumOptions ?? [];
  const selected = enumOptionsIndexForValue(props.value, enumOptions);
  // Options are keyed by index: the choices' values may be numbers, and a select's values are text.
  const choices = enumOptions.map((option, index) => ({ value: String(index), label: option.label }));
  return (
    <PlaceholderSelect
      props={props}
      choices={choices}
      current={typeof selected === 'string' ? selected : ''}
      onPick={(index) => props.onChange(enumOptionsValueForIndex(index, enumOptions))}
    />
  );
}
