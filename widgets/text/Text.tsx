import type { ValueWidgetProps } from '../../engine/widget-contract.ts';
import type { TextOptions } from './options.ts';
import { FieldLabel, inputAttributes } from '../shared/field-parts.tsx';

type Props = ValueWidgetProps<TextOptions>;

/** A one-line input; an emptied input gives back no answer rather than an empty string. */
export function Text(props: Props) {
  const { id, options, value, label, hideLabel, placeholder, onChange, onBlur, onFocus } = props;
  const { trim = false, inputType = 'text', autocomplete } = options;
  const shown = typeof value === 'string' ? value : '';

  const answer = (text: string) => (text === '' ? undefined : text);

  const blurred = () => {
    const kept = trim ? shown.trim() : shown;
    if (kept !== shown) onChange(answer(kept));
    onBlur(id, answer(kept));
  };

  return (
    <div className="text">
      <FieldLabel id={id} label={label} hidden={hideLabel} />
      <input
        type={inputType}
        inputMode={inputType}
        value={shown}
        autoComplete={autocomplete}
        placeholder={placeholder || undefined}
        {...inputAttributes(props)}
        onChange={(event) => onChange(answer(event.target.value))}
        onBlur={blurred}
        onFocus={() => onFocus(id, value)}
      />
    </div>
  );
}
