/**
 * What every value widget shows the same way: the field's label, the attributes of its one control, and the native
 * select whose placeholder stays visible but cannot be chosen again. Not a widget: widgets import these parts.
 */
import { errorAttributes, type ValueWidgetProps } from '../../engine/widget-contract.ts';

/** The field's title as the control's label; for screen readers only when the step heading already asks it. */
export function FieldLabel({ id, label, hidden }: { id: string; label: string; hidden: boolean | undefined }) {
  return (
    <label htmlFor={id} className={hidden ? 'visually-hidden' : 'field-label'}>
      {label}
    </label>
  );
}

type ControlProps = Pick<ValueWidgetProps<unknown>, 'id' | 'required' | 'disabled' | 'readonly' | 'rawErrors'>;

/** The text input's id and name, required, disabled and read-only state, and its error wiring. */
export function inputAttributes({ id, required, disabled, readonly, rawErrors }: ControlProps) {
  return { id, name: id, required, disabled, readOnly: readonly, ...errorAttributes(id, rawErrors) };
}

export interface Choice {
  value: string;
  label: string;
}

/** A native select of `choices` after the disabled placeholder; `current` "" shows the placeholder. */
export function PlaceholderSelect({
  props,
  choices,
  current,
  onPick,
}: {
  props: ValueWidgetProps<unknown>;
  choices: readonly Choice[];
  current: string;
  onPick: (value: string) => void;
}) {
  const { id, value, disabled, readonly, label, hideLabel, required, placeholder, rawErrors, onBlur, onFocus } = props;
  return (
    <div className="select">
      <FieldLabel id={id} label={label} hidden={hideLabel} />
      <select
        id={id}
        name={id}
        value={current}
        required={required}
        disabled={disabled || readonly}
        {...errorAttributes(id, rawErrors)}
        onChange={(event) => onPick(event.target.value)}
        onBlur={() => onBlur(id, value)}
        onFocus={() => onFocus(id, value)}
      >
        <option value="" disabled>
          {placeholder ?? ''}
        </option>
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    </div>
  );
}
