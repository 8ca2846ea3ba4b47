/**
 * The address a visitor picks from suggestions, in the step's own terms: whichever places service made the suggestion
 * hands the widget this, so a different service only needs a different input.
 */
export interface PickedAddress {
  street_address: string;
  city: string;
  /** The two-letter state abbreviation. */
  state: string;
  zipcode: string;
}

/** The parts of a legacy Places `PlaceResult` the widget reads (the fields it asks the Autocomplete for). */
export interface PlaceResult {
  address_components?: readonly { long_name: string; short_name: string; types: readonly string[] }[];
  formatted_address?: string;
}

/** The parts of a Places API (New) `Place` the widget reads (the fields it fetches for a chosen suggestion). */
export interface NewPlace {
  addressComponents?: readonly { longText: string | null; shortText: string | null; types: readonly string[] }[] | null;
}

/**
 * The address of a chosen place; undefined when the place has no address parts, as when the visitor presses Enter
 * without choosing a suggestion and Google reports only the typed text.
 */
export function addressFromPlace(place: PlaceResult): PickedAddress | undefined {
  return addressFromComponents(place.address_components ?? []);
}

/** The address of a place chosen from Places API (New) suggestions: the same parts, under the new API's names. */
export function addressFromNewPlace(place: NewPlace): PickedAddress | undefined {
  return addressFromComponents(
    (place.addressComponents ?? []).map((component) => ({
      long_name: component.longText ?? '',
      short_name: component.shortText ?? '',
      types: component.types,
    })),
  );
}

function addressFromComponents(components: NonNullable<PlaceResult['address_components']>): PickedAddress | undefined {
  if (components.length === 0) return undefined;
  const part = (type: string) => components.find((component) => component.types.includes(type));
  return {
    // The route's short name ("Amphitheatre Pkwy") is how the suggestion showed it and how postal addresses write it.
    street_address: [part('street_number')?.long_name, part('route')?.short_name].filter(Boolean).join(' '),
    // Neighbourhoods of large cities (e.g. Brooklyn) come without a locality.
    city: (part('locality') ?? part('sublocality'))?.long_name ?? '',
    state: part('administrative_area_level_1')?.short_name ?? '',
    zipcode: part('postal_code')?.long_name ?? '',
  };
}
