import type { WidgetProps } from '@rjsf/utils';
import { errorAttributes } from '../../engine/widget-contract.ts';
import { enumOptionsIndexForValue, enumOptionsValueForIndex } from '@rjsf/utils';

/** A native select whose placeholder stays visible but cannot be chosen again. */
export function Select(props: WidgetProps) {
  const { id, options, value, disabled, readonly, label, hideLabel, required, placeholder, rawErrors, onChange, onBlur, onFocus } = props;
  const enumOptions = options.enumOptions ?? [];
  const selected = enumOptionsIndexForValue(value, enumOptions);
  const current = typeof selected === 'string' ? selected : '';

  return (
    <div className="select">
      <label htmlFor={id} className={hideLabel ? 'visually-hidden' : 'field-label'}>
        {label}
      </label>
      <select
        id={id}
        name={id}
        value={current}
        required={required}
        disabled={disabled || readonly}
        {...errorAttributes(id, rawErrors)}
        onChange={(event) => onChange(enumOptionsValueForIndex(event.target.value, enumOptions))}
        onBlur={() => onBlur(id, value)}
        onFocus={() => onFocus(id, value)}
      >
        <option value="" disabled>
          {placeholder ?? ''}
        </option>
        {enumOptions.map((option, index) => (
          <option key={index} value={String(index)}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
