import type { WidgetProps } from '@rjsf/utils';
import { errorAttributes } from '../../engine/widget-contract.ts';
import { groupDigits } from '../../engine/format/currency.ts';
import type { CurrencyOptions } from './options.ts';

type Props = WidgetProps & { options: CurrencyOptions };

/** Digits in, a number out: what the visitor sees is formatted, what the form keeps is the amount. */
export function Currency(props: Props) {
  const { id, options, value, disabled, readonly, label, hideLabel, required, placeholder, rawErrors, onChange, onBlur, onFocus } = props;
  const { prefix = '$', maxLength } = options;
  const shown = typeof value !== 'number' ? '' : value > 0 ? `${prefix}${groupDigits(value)}` : String(value);

  const change = (text: string) => {
    const digits = text.replace(/\D/g, '');
    onChange(digits === '' ? undefined : Number(digits));
  };

  return (
    <div className="currency">
      <label htmlFor={id} className={hideLabel ? 'visually-hidden' : 'field-label'}>
        {label}
      </label>
      <input
        type="text"
        inputMode="numeric"
        id={id}
        name={id}
        value={shown}
        maxLength={maxLength}
        placeholder={placeholder}
        required={required}
        disabled={disabled}
        readOnly={readonly}
        {...errorAttributes(id, rawErrors)}
        onChange={(event) => change(event.target.value)}
        onBlur={() => onBlur(id, value)}
        onFocus={() => onFocus(id, value)}
      />
    </div>
  );
}
