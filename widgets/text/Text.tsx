import type { WidgetProps } from '@rjsf/utils';
import { errorAttributes } from '../../engine/widget-contract.ts';
import type { TextOptions } from './options.ts';

type Props = WidgetProps & { options: TextOptions };

/** A one-line input; an emptied input gives back no answer rather than an empty string. */
export function Text(props: Props) {
  const { id, options, value, disabled, readonly, label, hideLabel, required, placeholder, rawErrors, onChange, onBlur, onFocus } = props;
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
      <label htmlFor={id} className={hideLabel ? 'visually-hidden' : 'field-label'}>
        {label}
      </label>
      <input
        type={inputType}
        inputMode={inputType}
        id={id}
        name={id}
        value={shown}
        autoComplete={autocomplete}
        placeholder={placeholder || undefined}
        required={required}
        disabled={disabled}
        readOnly={readonly}
        {...errorAttributes(id, rawErrors)}
        onChange={(event) => onChange(answer(event.target.value))}
        onBlur={blurred}
        onFocus={() => onFocus(id, value)}
      />
    </div>
  );
}
