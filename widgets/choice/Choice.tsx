import './choice.css';
import { useEffect, useEffectEvent, useRef } from 'react';
import { enumOptionsIndexForValue, enumOptionsValueForIndex } from '@rjsf/utils';
import { takeEarlySubmit } from '../../engine/render/early-submit.ts';
import { errorAttributes, type ValueWidgetProps } from '../../engine/widget-contract.ts';
import type { ChoiceOptions } from './options.ts';

type Props = ValueWidgetProps<ChoiceOptions>;

/** Native radios in one labelled group; optionally submits the step as soon as a choice is picked. */
export function Choice(props: Props) {
  const { id, options, value, disabled, readonly, label, hideLabel, required, rawErrors, onChange, onBlur, onFocus } =
    props;
  const enumOptions = options.enumOptions ?? [];
  const selected = enumOptionsIndexForValue(value, enumOptions);
  const context = props.registry.formContext;

  const valueAt = (index: number): unknown => enumOptionsValueForIndex(String(index), enumOptions);
  // A pointer click (detail > 0) on a choice answers the step; arrow keys also fire click events, with detail 0,
  // and must only move the selection.
  const clicked = (index: number, detail: number) => {
    if (!options.advanceOnSelect || detail === 0) return;
    onChange(valueAt(index));
    context.advance();
  };

  // On a start screen the server drew, a visitor may pick a choice before the page's script has taken the screen
  // over: the browser checks the radio, but nothing answered. Once mounted, the pick counts as it would have: a tap
  // (which the page's loader marked, engine/render/early-submit.ts) answers the step, the keyboard's pick is kept.
  const group = useRef<HTMLFieldSetElement>(null);
  const adoptEarlyPick = useEffectEvent(() => {
    const picked = group.current?.querySelector<HTMLInputElement>('input[type="radio"]:checked');
    if (picked == null || picked.value === selected) return;
    onChange(valueAt(Number(picked.value)));
    if (takeEarlySubmit(picked) && options.advanceOnSelect) context.advance();
  });
  // Once, on mount: only what the visitor did before this widget existed; later picks go through the handlers.
  useEffect(() => adoptEarlyPick(), []);

  return (
    // A radiogroup rather than a fieldset's plain group: only a radiogroup may say it is required.
    <fieldset
      ref={group}
      className="choice"
      role="radiogroup"
      id={id}
      {...errorAttributes(id, rawErrors)}
      aria-required={required || undefined}
    >
      <legend className={hideLabel ? 'visually-hidden' : 'field-label'}>{label}</legend>
      {enumOptions.map((option, index) => (
        <label key={index} className="choice__option">
          <input
            type="radio"
            id={`${id}-${index}`}
            name={id}
            value={String(index)}
            checked={selected === String(index)}
            disabled={disabled || readonly}
            onChange={() => onChange(valueAt(index))}
            onClick={(event) => clicked(index, event.detail)}
            onBlur={() => onBlur(id, value)}
            onFocus={() => onFocus(id, value)}
          />
          <span>{option.label}</span>
        </label>
      ))}
    </fieldset>
  );
}
