import type { ValueWidgetProps } from '../../engine/widget-contract.ts';
import { groupDigits } from '../../engine/display/currency.ts';
import type { CurrencyOptions } from './options.ts';
import { FieldLabel, inputAttributes } from '../shared/field-parts.tsx';

type Props = ValueWidgetProps<CurrencyOptions>;

/** Digits in, a number out: what the visitor sees is formatted, what the form keeps is the amount. */
export function Currency(props: Props) {
  const { id, options, value, label, hideLabel, placeholder, onChange, onBlur, onFocus } = props;
  const { locale } = props.registry.formContext;
  const { prefix = '$', maxLength } = options;
  const shown = typeof value !== 'number' ? '' : value > 0 ? `${prefix}${groupDigits(value, locale)}` : String(value);

  const change = (text: string) => {
    const digits = text.replace(/\D/g, '');
    onChange(digits === '' ? undefined : Number(digits));
  };

  return (
    <div className="currency">
      <FieldLabel id={id} label={label} hidden={hideLabel} />
      <input
        type="text"
        inputMode="numeric"
        value={shown}
        maxLength={maxLength}
        placeholder={placeholder}
        {...inputAttributes(props)}
        onChange={(event) => change(event.target.value)}
        onBlur={() => onBlur(id, value)}
        onFocus={() => onFocus(id, value)}
      />
    </div>
  );
}
