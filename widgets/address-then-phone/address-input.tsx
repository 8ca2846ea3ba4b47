/**
 * The street address input, behind one small interface so the suggestion service can change: Places API (New) in the
 * form's own combobox (PlacesNewInput), or Google's legacy Places Autocomplete widget (GooglePlacesInput) for keys
 * whose projects still have it.
 */
import { useState } from 'react';
import type { PlacesApi } from '../../contracts/public-config.ts';
import type { FormContext } from '../../engine/widget-contract.ts';
import type { AddressInputProps } from './address-input-props.ts';
import { GooglePlacesInput } from './GooglePlacesInput.tsx';
import { usePlacesStatus, type PlacesStatus } from './places-script.ts';
import { PlacesNewInput } from './PlacesNewInput.tsx';

/** Without a places service the visitor types the address, and the browser's own address autofill may help. */
export function PlainAddressInput({ input }: AddressInputProps) {
  return <input type="text" autoComplete="street-address" {...input} />;
}

/**
 * Suggests addresses once Places has loaded for the page's Maps key; before that, without a key, or when Places
 * cannot load, the plain input.
 */
export function AddressInput({
  apiKey,
  placesApi = 'new',
  message,
  locale,
  ...props
}: AddressInputProps & {
  apiKey: string | undefined;
  placesApi?: PlacesApi | undefined;
  /** The engine's words in the page's language, for the suggestions the form's own combobox shows. */
  message: FormContext['message'];
  /** The page's locale: Google's suggestions come in its language. */
  locale: string;
}) {
  const status = usePlacesStatus(apiKey);
  if (placesApi === 'legacy') return <LegacyAddressInput status={status} {...props} />;
  return <PlacesNewInput {...props} message={message} locale={locale} ready={status === 'ready'} />;
}

function LegacyAddressInput({ status, ...props }: AddressInputProps & { status: PlacesStatus | undefined }) {
  const [focused, setFocused] = useState(false);
  const [suggesting, setSuggesting] = useState(status === 'ready');
  // Switching implementations replaces the input element, so it waits until the visitor is not typing in it.
  if (!suggesting && status === 'ready' && !focused) setSuggesting(true);
  const Input = suggesting && status !== 'failed' ? GooglePlacesInput : PlainAddressInput;
  const input: AddressInputProps['input'] = {
    ...props.input,
    onFocus: (event) => {
      setFocused(true);
      props.input.onFocus?.(event);
    },
    onBlur: (event) => {
      setFocused(false);
      props.input.onBlur?.(event);
    },
  };
  return <Input input={input} onPick={props.onPick} />;
}
