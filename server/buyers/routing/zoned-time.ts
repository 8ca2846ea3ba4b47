/**
 * The wall-clock date and time at an instant in an IANA time zone, from Intl (the runtime's time zone data), so a
 * buyer's hours and its caps' days follow its zone through both changes of daylight saving time.
 */
import type { Weekday } from '../buyer.ts';

export interface ZonedTime {
  year: string;
  month: string;
  day: string;
  weekday: Weekday;
  /** "HH:MM", 00:00 to 23:59. */
  time: string;
}

const formats = new Map<string, Intl.DateTimeFormat>();

function formatIn(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (format === undefined) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formats.set(timeZone, format);
  }
  return format;
}

/** Whether the runtime knows `timeZone` (an IANA name such as America/New_York). */
export function isTimeZone(timeZone: string): boolean {
  try {
    formatIn(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The date and time at `at` in `timeZone`; throws a RangeError for a zone the runtime does not know. */
export function zonedTime(timeZone: string, at: Date): ZonedTime {
  const parts: Record<string, string> = {};
  for (const { type, value } of formatIn(timeZone).formatToParts(at)) parts[type] = value;
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    weekday: parts.weekday!.toLowerCase() as Weekday,
    time: `${parts.hour!}:${parts.minute!}`,
  };
}
