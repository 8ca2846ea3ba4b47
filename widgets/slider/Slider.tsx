import { errorAttributes, type ValueWidgetProps } from '../../engine/widget-contract.ts';
import { rangeSpec } from '@rjsf/utils';
import { formatDollars } from '../../engine/display/currency.ts';
import type { SliderOptions } from './options.ts';
import { FieldLabel } from '../shared/field-parts.tsx';

type Props = ValueWidgetProps<SliderOptions>;

/** A native range input with the amount written out above it and the ends of the range below. */
export function Slider(props: Props) {
  const { id, schema, options, value, disabled, readonly, label, hideLabel, rawErrors, onChange, onBlur, onFocus } =
    props;
  const { locale } = props.registry.formContext;
  const { min = 0, max = 100, step = 1 } = rangeSpec(schema);
  const amount = typeof value === 'number' ? value : min;
  const labelFor = (n: number) => (n >= max && options.maxLabel ? options.maxLabel : formatDollars(n, locale));

  return (
    <div className="slider">
      <FieldLabel id={id} label={label} hidden={hideLabel} />
      <output htmlFor={id} className="slider__value" aria-hidden="true">
        {labelFor(amount)}
      </output>
      <input
        type="range"
        id={id}
        name={id}
        min={min}
        max={max}
        step={step}
        value={amount}
        disabled={disabled || readonly}
        aria-valuetext={labelFor(amount)}
        {...errorAttributes(id, rawErrors)}
        onChange={(event) => onChange(Number(event.target.value))}
        onBlur={() => onBlur(id, amount)}
        onFocus={() => onFocus(id, amount)}
      />
      <div className="slider__ends" aria-hidden="true">
        <span>{formatDollars(min, locale)}</span>
        <span>{labelFor(max)}</span>
      </div>
    </div>
  );
}
