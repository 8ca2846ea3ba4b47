/** Whether a moment falls in the advisors' working hours, read on the wall clock and calendar of their time zone. */
import type { ThankYouSettings } from '../../contracts/api.ts';

/** The zone of the spec's hours, and of any settings that name none. */
export const BUSINESS_TIME_ZONE = 'America/Los_Angeles';

export type BusinessHours = ThankYouSettings['specify_business_hours'];

/** Minutes since midnight of "HH:MM". */
function minutesOf(clock: string): number {
  const [hours = 0, minutes = 0] = clock.split(':').map(Number);
  return hours * 60 + minutes;
}

interface WallClock {
  /** YYYY-MM-DD. */
  date: string;
  /** "monday"... */
  weekday: string;
  /** Minutes since midnight. */
  minutes: number;
}

/** The moment's date, weekday and time of day in the zone (daylight saving included). */
function wallClock(moment: Date, timeZone: string): WallClock {
  // Read in 'en-US' whatever the page's language: nothing here is shown, and the weekday must come out as the
  // settings' English day names ("monday").
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    weekday: 'long',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(moment);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((entry) => entry.type === type)?.value ?? '';
  return {
    date: `${part('year')}-${part('month')}-${part('day')}`,
    weekday: part('weekday').toLowerCase(),
    minutes: Number(part('hour')) * 60 + Number(part('minute')),
  };
}

/**
 * True when the moment, on the wall clock of the hours' time zone (Los Angeles without one), is on a working day (any
 * day without `business_days`), not a holiday, and between start and end, both inclusive to the minute ("17:00"
 * includes 17:00:59). The content check (server/page/content/check.ts) refuses an end before the start: that is nearly
 * always 5 pm written as "05:00", so a working day never runs over midnight.
 */
export function isWithinBusinessHours(moment: Date, hours: BusinessHours): boolean {
  const now = wallClock(moment, hours.time_zone ?? BUSINESS_TIME_ZONE);
  if (hours.business_days !== undefined && !hours.business_days.some((day) => day === now.weekday)) return false;
  if (hours.holidays?.includes(now.date)) return false;
  return now.minutes >= minutesOf(hours.start_time) && now.minutes <= minutesOf(hours.end_time);
}
