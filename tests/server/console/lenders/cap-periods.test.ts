/** A buyer's day and month are its time zone's: the keys its cap use is read under. */
import { describe, expect, it } from 'vitest';
import { capPeriods } from '../../../../server/console/lenders/cap-periods.ts';

describe('capPeriods', () => {
  it.each([
    // 04:30 UTC on the 1st is still the last day of the month before in the Americas, already the 1st in Europe.
    ['America/New_York', '2026-12-01T04:30:00Z', { day: '2026-11-30', month: '2026-11' }],
    ['America/Los_Angeles', '2026-12-01T07:59:59Z', { day: '2026-11-30', month: '2026-11' }],
    ['America/Los_Angeles', '2026-12-01T08:00:00Z', { day: '2026-12-01', month: '2026-12' }],
    ['Europe/Berlin', '2026-11-30T23:30:00Z', { day: '2026-12-01', month: '2026-12' }],
    ['UTC', '2027-01-01T00:00:00Z', { day: '2027-01-01', month: '2027-01' }],
    ['Pacific/Honolulu', '2027-01-01T09:59:00Z', { day: '2026-12-31', month: '2026-12' }],
    // Daylight saving time: New York's midnight is 04:00 UTC in summer, 05:00 UTC in winter.
    ['America/New_York', '2026-03-09T03:59:00Z', { day: '2026-03-08', month: '2026-03' }],
    ['America/New_York', '2026-03-09T04:00:00Z', { day: '2026-03-09', month: '2026-03' }],
    ['America/New_York', '2026-11-02T04:59:00Z', { day: '2026-11-01', month: '2026-11' }],
    ['America/New_York', '2026-11-02T05:00:00Z', { day: '2026-11-02', month: '2026-11' }],
  ])('%s at %s', (zone, at, expected) => {
    expect(capPeriods(zone, new Date(at))).toEqual(expected);
  });

  it('refuses a time zone it does not know', () => {
    expect(() => capPeriods('Mars/Olympus_Mons', new Date())).toThrow(RangeError);
  });
});
