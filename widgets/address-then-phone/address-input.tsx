/**
 * The street address input, behind one small interface so the suggestion service can change: today Google's legacy
 * Places Autocomplete (GooglePlacesInput); a Places (New) input only has to keep `AddressInputProps`.
 */
import { useState } from 'react';
import type { AddressInputProps } from './address-input-props.ts';
import { GooglePlacesInput } from './GooglePlacesInput.tsx';
import { usePlacesStatus } from './places-script.ts';

/** Without a places service the visitor types the address, and the browser's own address autofill may help. */
export function PlainAddressInput({ input }: AddressInputProps) {
  return <input type="text" autoComplete="street-address" {...input} />;
}

/**
 * Suggests addresses once Places has loaded for the page's Maps key; before that, without a key, or when Places
 * cannot load, the plain input.
 */
export function AddressInput({ apiKey, ...props }: AddressInputProps & { apiKey: string | undefined }) {
  const status = usePlacesStatus(apiKey);
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
