/**
 * A buyer's current cap periods: the day and the month `now` falls in, in its time zone, as buyer_cap_usage keys
 * them ('YYYY-MM-DD', 'YYYY-MM'). The Lenders page reads a buyer's use of its caps under these keys.
 */
export interface CapPeriods {
  day: string;
  month: string;
}

const formats = new Map<string, Intl.DateTimeFormat>();

/** One formatter per zone: making one is the costly part. Throws RangeError for a zone Intl does not know. */
function formatIn(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (format === undefined) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      calendar: 'gregory',
      numberingSystem: 'latn',
    });
    formats.set(timeZone, format);
  }
  return format;
}

export function capPeriods(timeZone: string, now: Date): CapPeriods {
  const parts = Object.fromEntries(
    formatIn(timeZone)
      .formatToParts(now)
      .map((part) => [part.type, part.value]),
  );
  const month = `${parts.year}-${parts.month}`;
  return { day: `${month}-${parts.day}`, month };
}
