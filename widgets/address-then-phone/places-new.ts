/**
 * Address suggestions from Places API (New), through the Maps JavaScript API's Autocomplete Data API: suggestions for
 * what the visitor typed, and the address of the one they choose. One session token covers an address entry, from its
 * first suggestions to the chosen place's details, so Google bills the entry as one session
 * (docs/decisions/120-places-api-new.md).
 */
import { addressFromNewPlace, type NewPlace, type PickedAddress } from './place.ts';
import { importPlacesLibrary } from './places-script.ts';

/** How long a call to Google may take before suggestions are given up: the visitor types the address instead. */
export const PLACES_TIMEOUT_MS = 3000;

/** US street addresses only, as the legacy widget's `types: ['address']` and country restriction asked. */
const ADDRESS_REQUEST = {
  includedRegionCodes: ['us'],
  includedPrimaryTypes: ['street_address', 'premise', 'subpremise'],
};

/** Place Details Essentials fields only: asking for any other would bill the session at a higher tier. */
const ADDRESS_FIELDS = ['addressComponents', 'formattedAddress'];

interface FormattableText {
  text: string;
}

interface PlacePrediction {
  text: FormattableText;
  mainText: FormattableText | null;
  secondaryText: FormattableText | null;
  toPlace(): NewPlace & { fetchFields(options: { fields: string[] }): Promise<unknown> };
}

/** The parts of `importLibrary('places')` used here. */
interface PlacesLibrary {
  AutocompleteSuggestion: {
    fetchAutocompleteSuggestions(
      request: typeof ADDRESS_REQUEST & { input: string; sessionToken: object; language: string },
    ): Promise<{ suggestions: readonly { placePrediction: PlacePrediction | null }[] }>;
  };
  AutocompleteSessionToken: new () => object;
}

/** One suggested address: its whole text, split as Google splits it for display (street, then the place). */
export interface Suggestion {
  text: string;
  main: string;
  secondary: string;
  prediction: PlacePrediction;
}

/** Suggestions and choices within sessions: a new session starts with the first suggestions after a choice. */
export interface AddressSuggester {
  suggest(input: string): Promise<Suggestion[]>;
  /** The chosen suggestion's address; undefined when Google's place has no address parts. */
  choose(suggestion: Suggestion): Promise<PickedAddress | undefined>;
}

/** Settles as `promise` does, or rejects after PLACES_TIMEOUT_MS: a Google that does not answer is a Google that failed. */
function inTime<T>(promise: Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${PLACES_TIMEOUT_MS} ms`)), PLACES_TIMEOUT_MS);
    promise.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}

/**
 * Loads the Places library of the Maps script already on the page; suggestions come in the language of `locale`. Every promise here rejects on any failure of
 * Google's (a refused key, a quota, a timeout): the caller falls back to plain typing.
 */
export async function addressSuggester(locale: string): Promise<AddressSuggester> {
  // The suggestions' words (street types, "USA") in the page's language: "es-US" asks Google for Spanish.
  const language = locale.split('-')[0]!;
  const places = (await inTime(importPlacesLibrary())) as PlacesLibrary;
  let sessionToken = new places.AutocompleteSessionToken();
  return {
    async suggest(input) {
      const request = { input, sessionToken, language, ...ADDRESS_REQUEST };
      const { suggestions } = await inTime(places.AutocompleteSuggestion.fetchAutocompleteSuggestions(request));
      return suggestions.flatMap(({ placePrediction: prediction }) =>
        prediction
          ? [
              {
                text: prediction.text.text,
                main: prediction.mainText?.text ?? prediction.text.text,
                secondary: prediction.secondaryText?.text ?? '',
                prediction,
              },
            ]
          : [],
      );
    },
    async choose({ prediction }) {
      // The place carries the token of the request that suggested it: fetching its fields ends that session.
      const place = prediction.toPlace();
      sessionToken = new places.AutocompleteSessionToken();
      await inTime(place.fetchFields({ fields: ADDRESS_FIELDS }));
      return addressFromNewPlace(place);
    },
  };
}
