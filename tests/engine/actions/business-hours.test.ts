import { describe, expect, it } from 'vitest';
import { isWithinBusinessHours } from '../../../engine/actions/business-hours.ts';

// Los Angeles is UTC-8 in winter (PST) and UTC-7 in summer (PDT).
const winter = (utc: string) => new Date(`2026-01-15T${utc}Z`);
const summer = (utc: string) => new Date(`2026-07-15T${utc}Z`);

describe('business hours, read on the Los Angeles clock', () => {
  it('includes the first minute of the window', () => {
    expect(isWithinBusinessHours(winter('16:00:00'), '08:00', '17:00')).toBe(true); // 08:00 PST
  });

  it('includes the whole last minute of the window', () => {
    expect(isWithinBusinessHours(winter('01:00:00'), '08:00', '17:00')).toBe(true); // 17:00 PST
    expect(isWithinBusinessHours(winter('01:00:59'), '08:00', '17:00')).toBe(true); // 17:00:59 PST
  });

  it('excludes the minute before and the minute after', () => {
    expect(isWithinBusinessHours(winter('15:59:00'), '08:00', '17:00')).toBe(false); // 07:59 PST
    expect(isWithinBusinessHours(winter('01:01:00'), '08:00', '17:00')).toBe(false); // 17:01 PST
  });

  it('follows daylight saving: the same UTC moment is in hours in summer and out of hours in winter', () => {
    // 15:30 UTC is 08:30 PDT but 07:30 PST.
    expect(isWithinBusinessHours(summer('15:30:00'), '08:00', '17:00')).toBe(true);
    expect(isWithinBusinessHours(winter('15:30:00'), '08:00', '17:00')).toBe(false);
  });

  it('switches on the night daylight saving starts (8 March 2026, 02:00 becomes 03:00)', () => {
    expect(isWithinBusinessHours(new Date('2026-03-08T09:59:00Z'), '01:00', '01:59')).toBe(true); // 01:59 PST
    expect(isWithinBusinessHours(new Date('2026-03-08T10:00:00Z'), '03:00', '03:00')).toBe(true); // 03:00 PDT
  });
});
