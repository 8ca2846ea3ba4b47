/** Address suggestions from Google's legacy Places Autocomplete, through react-google-autocomplete. */
import { useCallback, useRef } from 'react';
import { usePlacesWidget } from 'react-google-autocomplete';
import { useLatest } from '../../engine/render/use-latest.ts';
import type { AddressInputProps } from './address-input-props.ts';
import { addressFromPlace, type PlaceResult } from './place.ts';

// A module constant: the library re-applies options whenever their identity changes. Without `types` it would suggest
// cities, not addresses.
const PLACES_OPTIONS = {
  types: ['address'],
  componentRestrictions: { country: 'us' },
  fields: ['address_components', 'formatted_address'],
};

export function GooglePlacesInput({ input, onPick }: AddressInputProps) {
  const latestOnPick = useLatest(onPick);
  const lastPlace = useRef<PlaceResult>(undefined);

  // Stable (its one dependency is useLatest's ref), so the library does not add a listener per render; it still
  // registers `place_changed` twice when Google is already loaded, and both calls hand over the same place object,
  // which is used once.
  const placeChanged = useCallback(
    (place: PlaceResult) => {
      if (place === lastPlace.current) return;
      lastPlace.current = place;
      const address = addressFromPlace(place);
      if (address) latestOnPick.current(address);
    },
    [latestOnPick],
  );

  const { ref } = usePlacesWidget<HTMLInputElement>({
    onPlaceSelected: placeChanged,
    options: PLACES_OPTIONS,
    // Google marks the input autocomplete="off" itself; the library would otherwise set "new-password", inviting
    // password managers into an address field.
    inputAutocompleteValue: 'off',
  });

  return <input ref={ref} type="text" {...input} />;
}
