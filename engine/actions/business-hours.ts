/** Whether a moment falls in the advisors' working hours, read on the wall clock of their time zone. */

export const BUSINESS_TIME_ZONE = 'America/Los_Angeles';

/** Minutes since midnight of "HH:MM". */
function minutesOf(clock: string): number {
  const [hours = 0, minutes = 0] = clock.split(':').map(Number);
  return hours * 60 + minutes;
}

/** Minutes since midnight of the moment on the zone's wall clock (daylight saving included). */
function wallClockMinutes(moment: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(moment);
  const part = (type: string) => Number(parts.find((entry) => entry.type === type)?.value ?? 0);
  return part('hour') * 60 + part('minute');
}

/**
 * True when the moment's time in `timeZone` lies between start and end, both inclusive to the minute ("17:00"
 * includes 17:00:59). The content check (server/content/check.ts) refuses an end before the start: that is nearly
 * always 5 pm written as "05:00", so a working day never runs over midnight.
 */
export function isWithinBusinessHours(
  moment: Date,
  start: string,
  end: string,
  timeZone = BUSINESS_TIME_ZONE,
): boolean {
  const now = wallClockMinutes(moment, timeZone);
  const from = minutesOf(start);
  const to = minutesOf(end);
  return now >= from && now <= to;
}
