/**
 * Google's legacy Places Autocomplete replaced by the stand-in in fake-places.js, installed on the jsdom window by
 * importing this module.
 */
import './fake-places.js';

export interface FakeAutocomplete {
  input: HTMLInputElement;
  options: Record<string, unknown>;
}

/** The Autocomplete instances created so far, oldest first. */
export function fakeAutocompletes(): readonly FakeAutocomplete[] {
  const places = (
    window as unknown as { google: { maps: { places: { Autocomplete: { instances: FakeAutocomplete[] } } } } }
  ).google.maps.places;
  return places.Autocomplete.instances;
}
