import type { WidgetProps } from '@rjsf/utils';
import { errorAttributes } from '../../engine/widget-contract.ts';
import type { YearSelectOptions } from './options.ts';

type Props = WidgetProps & { options: YearSelectOptions };

/** The years from this one back to `from`, newest first; read when rendered so the list moves on with the calendar. */
function yearsBackTo(from: number): string[] {
  const years: string[] = [];
  for (let year = new Date().getFullYear(); year >= from; year -= 1) years.push(String(year));
  return years;
}

/** A native select of years whose placeholder stays visible but cannot be chosen again. */
export function YearSelect(props: Props) {
  const { id, options, value, disabled, readonly, label, hideLabel, required, placeholder, rawErrors, onChange, onBlur, onFocus } = props;
  const years = yearsBackTo(options.from);
  // A saved year outside the list (e.g. from an older flow) shows the placeholder, so the visitor picks again.
  const current = typeof value === 'string' && years.includes(value) ? value : '';

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
        onChange={(event) => onChange(event.target.value === '' ? undefined : event.target.value)}
        onBlur={() => onBlur(id, value)}
        onFocus={() => onFocus(id, value)}
      >
        <option value="" disabled>
          {placeholder ?? ''}
        </option>
        {years.map((year) => (
          <option key={year} value={year}>
            {year}
          </option>
        ))}
      </select>
    </div>
  );
}
