/** A buyer's caps count in its own days and months: the periods at an instant, in several zones and across DST. */
import { describe, expect, it } from 'vitest';
import { capPeriods } from '../../../../server/buyers/routing/cap-periods.ts';

describe('capPeriods', () => {
  it.each([
    // zone, instant, day, month
    ['America/New_York', '2026-03-01T04:59:00Z', '2026-02-28', '2026-02'],
    ['America/New_York', '2026-03-01T05:00:00Z', '2026-03-01', '2026-03'],
    // After the spring change (EDT, UTC-4) the day turns an hour earlier in UTC.
    ['America/New_York', '2026-03-09T03:59:00Z', '2026-03-08', '2026-03'],
    ['America/New_York', '2026-03-09T04:00:00Z', '2026-03-09', '2026-03'],
    // The night of the autumn change: still EDT at midnight, EST at the next.
    ['America/New_York', '2026-11-01T03:59:00Z', '2026-10-31', '2026-10'],
    ['America/New_York', '2026-11-01T04:00:00Z', '2026-11-01', '2026-11'],
    ['America/New_York', '2026-11-02T04:59:00Z', '2026-11-01', '2026-11'],
    ['America/New_York', '2026-11-02T05:00:00Z', '2026-11-02', '2026-11'],
    ['America/Los_Angeles', '2026-01-01T07:59:00Z', '2025-12-31', '2025-12'],
    ['America/Los_Angeles', '2026-01-01T08:00:00Z', '2026-01-01', '2026-01'],
    ['Pacific/Honolulu', '2026-07-01T09:59:00Z', '2026-06-30', '2026-06'],
    ['Pacific/Honolulu', '2026-07-01T10:00:00Z', '2026-07-01', '2026-07'],
    // A zone ahead of UTC, with its summer in January.
    ['Australia/Sydney', '2026-12-31T12:59:00Z', '2026-12-31', '2026-12'],
    ['Australia/Sydney', '2026-12-31T13:00:00Z', '2027-01-01', '2027-01'],
    ['Asia/Kolkata', '2026-06-30T18:29:00Z', '2026-06-30', '2026-06'],
    ['Asia/Kolkata', '2026-06-30T18:30:00Z', '2026-07-01', '2026-07'],
    ['UTC', '2026-02-28T23:59:59Z', '2026-02-28', '2026-02'],
  ])('in %s at %s: day %s, month %s', (zone, instant, day, month) => {
    expect(capPeriods(zone, new Date(instant))).toEqual({ day, month });
  });
});
