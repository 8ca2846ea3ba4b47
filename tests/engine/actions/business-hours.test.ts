import { describe, expect, it } from 'vitest';
import { isWithinBusinessHours, type BusinessHours } from '../../../engine/actions/business-hours.ts';

const EIGHT_TO_FIVE = { start_time: '08:00', end_time: '17:00' } as const;
const WEEKDAYS_ONLY = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'] as const;

interface Row {
  /** What the row shows. */
  case: string;
  /** The moment, in UTC. */
  at: string;
  hours: BusinessHours;
  within: boolean;
}

// Los Angeles is UTC-8 in winter (PST) and UTC-7 in summer (PDT); New York is UTC-5 (EST) and UTC-4 (EDT). In 2026
// daylight saving starts on Sunday 8 March (02:00 becomes 03:00) and ends on Sunday 1 November (02:00 becomes 01:00).
const table = (rows: Row[]) =>
  it.each(rows)('$case', ({ at, hours, within }) => {
    expect(isWithinBusinessHours(new Date(at), hours)).toBe(within);
  });

describe('settings with hours only, as the spec has them: every day, on the Los Angeles clock', () => {
  table([
    { case: 'includes the first minute (08:00 PST)', at: '2026-01-15T16:00:00Z', hours: EIGHT_TO_FIVE, within: true },
    { case: 'includes the last minute (17:00 PST)', at: '2026-01-16T01:00:00Z', hours: EIGHT_TO_FIVE, within: true },
    { case: 'includes 17:00:59 PST', at: '2026-01-16T01:00:59Z', hours: EIGHT_TO_FIVE, within: true },
    { case: 'excludes the minute before (07:59 PST)', at: '2026-01-15T15:59:00Z', hours: EIGHT_TO_FIVE, within: false },
    { case: 'excludes the minute after (17:01 PST)', at: '2026-01-16T01:01:00Z', hours: EIGHT_TO_FIVE, within: false },
    {
      case: 'follows summer time (15:30 UTC is 08:30 PDT)',
      at: '2026-07-15T15:30:00Z',
      hours: EIGHT_TO_FIVE,
      within: true,
    },
    {
      case: 'and winter time (15:30 UTC is 07:30 PST)',
      at: '2026-01-15T15:30:00Z',
      hours: EIGHT_TO_FIVE,
      within: false,
    },
    {
      case: 'switches the night summer time starts: 01:59 PST',
      at: '2026-03-08T09:59:00Z',
      hours: { start_time: '01:00', end_time: '01:59' },
      within: true,
    },
    {
      case: 'switches the night summer time starts: then 03:00 PDT',
      at: '2026-03-08T10:00:00Z',
      hours: { start_time: '03:00', end_time: '03:00' },
      within: true,
    },
    {
      case: 'counts a Saturday as any day (10:00 PST)',
      at: '2026-01-17T18:00:00Z',
      hours: EIGHT_TO_FIVE,
      within: true,
    },
    { case: 'and a Sunday (10:00 PDT)', at: '2026-07-19T17:00:00Z', hours: EIGHT_TO_FIVE, within: true },
  ]);
});

describe('working days and holidays', () => {
  const weekdays = { ...EIGHT_TO_FIVE, business_days: [...WEEKDAYS_ONLY] };
  table([
    { case: 'a Friday at 10:00 is in', at: '2026-01-16T18:00:00Z', hours: weekdays, within: true },
    { case: 'a Saturday at 10:00 is out', at: '2026-01-17T18:00:00Z', hours: weekdays, within: false },
    { case: 'a Sunday at 10:00 is out', at: '2026-01-18T18:00:00Z', hours: weekdays, within: false },
    { case: 'a Monday at 10:00 is in', at: '2026-01-19T18:00:00Z', hours: weekdays, within: true },
    {
      // 01:00 UTC on Saturday is still Friday 17:00 in Los Angeles.
      case: "the day is the zone's, not UTC's: Friday 17:00 PST is Saturday in UTC",
      at: '2026-01-17T01:00:00Z',
      hours: weekdays,
      within: true,
    },
    {
      case: 'a named Saturday is a working day',
      at: '2026-01-17T18:00:00Z',
      hours: { ...EIGHT_TO_FIVE, business_days: ['saturday'] },
      within: true,
    },
    {
      case: 'a holiday on a working day is out all day (Friday 25 December, 10:00 PST)',
      at: '2026-12-25T18:00:00Z',
      hours: { ...weekdays, holidays: ['2026-12-25'] },
      within: false,
    },
    {
      case: 'the day before the holiday is in',
      at: '2026-12-24T18:00:00Z',
      hours: { ...weekdays, holidays: ['2026-12-25'] },
      within: true,
    },
    {
      // 25 December 01:00 UTC is 24 December 17:00 in Los Angeles.
      case: "the holiday's date is the zone's: 24 December 17:00 PST is already the 25th in UTC",
      at: '2026-12-25T01:00:00Z',
      hours: { ...weekdays, holidays: ['2026-12-25'] },
      within: true,
    },
  ]);
});

describe('hours in another time zone (New York)', () => {
  const newYork = { ...EIGHT_TO_FIVE, time_zone: 'America/New_York', business_days: [...WEEKDAYS_ONLY] };
  table([
    { case: '08:00 EST is in', at: '2026-01-15T13:00:00Z', hours: newYork, within: true },
    {
      case: 'the same moment is 05:00 in Los Angeles, out of the same hours there',
      at: '2026-01-15T13:00:00Z',
      hours: EIGHT_TO_FIVE,
      within: false,
    },
    { case: 'Friday 17:00 EST is in', at: '2026-01-16T22:00:00Z', hours: newYork, within: true },
    { case: 'Friday 19:00 EST is out', at: '2026-01-17T00:00:00Z', hours: newYork, within: false },
    {
      case: 'Friday 23:30 EST, all-day hours: still Friday',
      at: '2026-01-17T04:30:00Z',
      hours: { ...newYork, start_time: '00:00', end_time: '23:59' },
      within: true,
    },
    {
      case: 'Saturday 00:30 EST, all-day hours: Saturday',
      at: '2026-01-17T05:30:00Z',
      hours: { ...newYork, start_time: '00:00', end_time: '23:59' },
      within: false,
    },
    {
      case: 'Monday after summer time starts: 12:00 UTC is 08:00 EDT',
      at: '2026-03-09T12:00:00Z',
      hours: newYork,
      within: true,
    },
    { case: 'Friday before it: 12:00 UTC is 07:00 EST', at: '2026-03-06T12:00:00Z', hours: newYork, within: false },
    {
      case: 'the hour repeated when summer time ends counts both times: 01:30 EDT',
      at: '2026-11-01T05:30:00Z',
      hours: { start_time: '01:00', end_time: '01:59', time_zone: 'America/New_York' },
      within: true,
    },
    {
      case: 'the hour repeated when summer time ends counts both times: 01:30 EST',
      at: '2026-11-01T06:30:00Z',
      hours: { start_time: '01:00', end_time: '01:59', time_zone: 'America/New_York' },
      within: true,
    },
    {
      case: 'and then 02:00 EST is out',
      at: '2026-11-01T07:00:00Z',
      hours: { start_time: '01:00', end_time: '01:59', time_zone: 'America/New_York' },
      within: false,
    },
  ]);
});
