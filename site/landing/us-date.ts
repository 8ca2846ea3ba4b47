/** An ISO calendar date (yyyy-mm-dd) as US readers write it: "2025-03-14" → "March 14, 2025". */
const FORMAT = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

export function formatUsDate(isoDate: string): string {
  // Read and written in UTC, so the visitor's time zone cannot shift the day.
  return FORMAT.format(new Date(`${isoDate}T00:00:00Z`));
}
