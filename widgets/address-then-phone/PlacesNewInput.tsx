/**
 * Address suggestions from Places API (New) in the form's own combobox. Until Places is ready, and for the rest of the
 * page once Google fails in any way, it is the plain input, the same element: the visitor keeps what they typed and
 * the focus, and sees no error.
 */
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useLatest } from '../../engine/render/use-latest.ts';
import { fillPlaceholders } from '../../engine/display/text.ts';
import type { FormContext } from '../../engine/widget-contract.ts';
import type { AddressInputProps } from './address-input-props.ts';
import { addressSuggester, type AddressSuggester, type Suggestion } from './places-new.ts';
import { useCombobox } from './use-combobox.ts';

/** Typing pauses this long before suggestions are asked for: one request per pause, not per key. */
export const SUGGEST_DELAY_MS = 200;

/** Fewer characters than this suggest too little to be worth a request. */
const MIN_INPUT_LENGTH = 3;

/** Logged (never shown) once, when Google fails and the page stops asking it. */
export const SUGGESTIONS_OFF = 'Address suggestions are off for this page: Places API (New) failed';

/** Set for good once Google has failed: a later address step starts as the plain input. */
let failed = false;

function giveUp(error: unknown) {
  if (!failed) console.warn(SUGGESTIONS_OFF, error);
  failed = true;
}

export function PlacesNewInput({
  input,
  onPick,
  ready,
  message,
  locale,
}: AddressInputProps & { ready: boolean; message: FormContext['message']; locale: string }) {
  const [off, setOff] = useState(failed);
  const suggesting = ready && !off;
  const latestOnPick = useLatest(onPick);
  const suggester = useRef<Promise<AddressSuggester>>(undefined);
  // The number of the latest request: an answer to an earlier one is stale and dropped.
  const asked = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const fail = (error: unknown) => {
    giveUp(error);
    setOff(true);
  };
  const session = () => (suggester.current ??= addressSuggester(locale));

  const choose = async (suggestion: Suggestion) => {
    const request = ++asked.current;
    try {
      const address = await (await session()).choose(suggestion);
      if (address && request === asked.current) latestOnPick.current(address);
    } catch (error) {
      fail(error);
    }
  };
  const combobox = useCombobox((suggestion: Suggestion) => void choose(suggestion));

  const suggest = async (text: string) => {
    const request = ++asked.current;
    try {
      const suggestions = await (await session()).suggest(text);
      if (request === asked.current) combobox.show(suggestions);
    } catch (error) {
      fail(error);
    }
  };

  useEffect(
    () => () => {
      clearTimeout(timer.current);
      asked.current++;
    },
    [],
  );

  const change = (event: ChangeEvent<HTMLInputElement>) => {
    input.onChange?.(event);
    if (!suggesting) return;
    clearTimeout(timer.current);
    asked.current++;
    const text = event.target.value.trim();
    if (text.length < MIN_INPUT_LENGTH) return combobox.show([]);
    timer.current = setTimeout(() => void suggest(text), SUGGEST_DELAY_MS);
  };

  if (!suggesting) {
    return (
      <div className="places">
        <input type="text" autoComplete="street-address" {...input} onChange={change} />
      </div>
    );
  }
  const count = combobox.open ? combobox.options.length : 0;
  return (
    <div className="places">
      <input type="text" autoComplete="off" {...input} {...combobox.inputProps(input)} onChange={change} />
      <div className="places__popup" hidden={!combobox.open}>
        <ul className="places__list" id={combobox.listId} role="listbox" aria-label={message('addressSuggestions')}>
          {combobox.options.map((suggestion, index) => (
            <li key={suggestion.text} className="places__option" {...combobox.optionProps(index)}>
              <span className="places__main">{suggestion.main}</span>{' '}
              <span className="places__secondary">{suggestion.secondary}</span>
            </li>
          ))}
        </ul>
        {/* Google's policies ask for this mark wherever its suggestions are shown without a Google map. */}
        <p className="places__attribution">Powered by Google</p>
      </div>
      <div className="places__hidden" aria-live="polite">
        {count === 0
          ? ''
          : count === 1
            ? message('oneAddressSuggestion')
            : fillPlaceholders(message('addressSuggestionCount'), { count: String(count) })}
      </div>
    </div>
  );
}
