/**
 * Whether a buyer takes a lead: its filters, then its hours in its own time zone (fixed clocks, several zones, both
 * changes of daylight saving time), with the one-line reason an operator reads in the console.
 */
import { describe, expect, it } from 'vitest';
import type { BuyerFilters, BuyerRules, BuyerSchedule, RoutableLead } from '../../../../server/buyers/buyer.ts';
import { dayList, whyNotEligible } from '../../../../server/buyers/routing/eligibility.ts';

// A Wednesday, 11:00 in New York.
const NOW = new Date('2026-03-11T15:00:00Z');

const lead = (changes: Partial<RoutableLead> = {}): RoutableLead => ({
  state: 'CA',
  amount: 50000,
  creditScore: 'Good (680-719)',
  loanPurpose: 'EQUIPMENTPURCHASE',
  flowVersion: 'v1',
  monthsInBusiness: 24,
  receivedAt: NOW,
  ...changes,
});

const buyer = (filters: BuyerFilters, schedule?: BuyerSchedule, timeZone = 'America/New_York'): BuyerRules => ({
  id: 'quillmont',
  name: 'Quillmont Capital',
  priority: 1,
  timeZone,
  filters,
  caps: {},
  ...(schedule === undefined ? {} : { schedule }),
});

describe('whyNotEligible: filters', () => {
  it.each<[string, BuyerFilters, Partial<RoutableLead>, string | undefined]>([
    ['no filters take any lead', {}, {}, undefined],
    ['no filters take a lead that says nothing', {}, { state: undefined, amount: undefined }, undefined],
    ['a state taken', { states: ['CA', 'NY'] }, {}, undefined],
    ['a state not taken', { states: ['CA', 'NY'] }, { state: 'TX' }, 'state TX not taken'],
    ['no state', { states: ['CA'] }, { state: undefined }, 'no state, and it takes only some states'],
    ['an amount inside', { amount: { min: 10000, max: 250000 } }, {}, undefined],
    ['an amount at the minimum', { amount: { min: 50000 } }, {}, undefined],
    ['an amount at the maximum', { amount: { max: 50000 } }, {}, undefined],
    ['an amount below', { amount: { min: 10000 } }, { amount: 5000 }, 'amount 5000 below its minimum 10000'],
    ['an amount above', { amount: { max: 250000 } }, { amount: 300000 }, 'amount 300000 above its maximum 250000'],
    ['no amount', { amount: { min: 1 } }, { amount: undefined }, 'no amount, and it takes only some amounts'],
    ['a credit score taken', { creditScores: ['Excellent (720+)', 'Good (680-719)'] }, {}, undefined],
    ['a credit score not taken', { creditScores: ['Excellent (720+)'] }, {}, 'credit score not taken'],
    [
      'no credit score',
      { creditScores: ['Excellent (720+)'] },
      { creditScore: undefined },
      'no credit score, and it takes only some',
    ],
    ['months inside', { monthsInBusiness: { min: 6, max: 120 } }, {}, undefined],
    [
      'too few months',
      { monthsInBusiness: { min: 6 } },
      { monthsInBusiness: 5 },
      '5 months in business, below its minimum 6',
    ],
    ['too many months', { monthsInBusiness: { max: 12 } }, {}, '24 months in business, above its maximum 12'],
    ['a new business at minimum 0', { monthsInBusiness: { min: 0 } }, { monthsInBusiness: 0 }, undefined],
    [
      'no months',
      { monthsInBusiness: { min: 6 } },
      { monthsInBusiness: undefined },
      'no time in business, and it takes only some',
    ],
    ['a loan purpose taken', { loanPurposes: ['EQUIPMENTPURCHASE'] }, {}, undefined],
    [
      'a loan purpose not taken',
      { loanPurposes: ['EQUIPMENTPURCHASE'] },
      { loanPurpose: 'PAYROLL' },
      'loan purpose PAYROLL not taken',
    ],
    [
      'no loan purpose',
      { loanPurposes: ['EQUIPMENTPURCHASE'] },
      { loanPurpose: undefined },
      'no loan purpose, and it takes only some',
    ],
    ['a flow version taken', { flowVersions: ['v1', 'v2'] }, {}, undefined],
    ['a flow version not taken', { flowVersions: ['v1', 'v2'] }, { flowVersion: 'v3' }, 'flow version v3 not taken'],
    // The first filter refusing is the one said.
    ['state before amount', { states: ['NY'], amount: { min: 100000 } }, {}, 'state CA not taken'],
    [
      'amount before credit score',
      { amount: { min: 100000 }, creditScores: ['x'] },
      {},
      'amount 50000 below its minimum 100000',
    ],
  ])('%s', (_case, filters, changes, reason) => {
    expect(whyNotEligible(buyer(filters), lead(changes), NOW)).toBe(reason);
  });

  it('never says the credit score it refused', () => {
    const reason = whyNotEligible(buyer({ creditScores: ['Excellent (720+)'] }), lead(), NOW);
    expect(reason).not.toContain('680');
  });

  it('says a filter refusing before the hours', () => {
    const closed = { days: ['sat' as const], from: '08:00', to: '09:00' };
    expect(whyNotEligible(buyer({ states: ['NY'] }, closed), lead(), NOW)).toBe('state CA not taken');
  });
});

const WEEKDAYS_8_TO_6: BuyerSchedule = { days: ['mon', 'tue', 'wed', 'thu', 'fri'], from: '08:00', to: '18:00' };
const NEW_YORK_HOURS = 'outside its hours (mon-fri 08:00-18:00 America/New_York)';

describe('whyNotEligible: hours, in the buyer time zone', () => {
  it.each<[string, string, BuyerSchedule, string, string | undefined]>([
    // Winter, EST (UTC-5).
    ['Friday 07:59 EST', 'America/New_York', WEEKDAYS_8_TO_6, '2026-03-06T12:59:00Z', NEW_YORK_HOURS],
    ['Friday 08:00 EST', 'America/New_York', WEEKDAYS_8_TO_6, '2026-03-06T13:00:00Z', undefined],
    ['Friday 17:59 EST', 'America/New_York', WEEKDAYS_8_TO_6, '2026-03-06T22:59:00Z', undefined],
    ['Friday 18:00 EST, the end excluded', 'America/New_York', WEEKDAYS_8_TO_6, '2026-03-06T23:00:00Z', NEW_YORK_HOURS],
    ['Saturday noon', 'America/New_York', WEEKDAYS_8_TO_6, '2026-03-07T17:00:00Z', NEW_YORK_HOURS],
    // After the spring change (8 March 2026), EDT (UTC-4): the same hours an hour earlier in UTC.
    ['Monday 07:59 EDT', 'America/New_York', WEEKDAYS_8_TO_6, '2026-03-09T11:59:00Z', NEW_YORK_HOURS],
    ['Monday 08:00 EDT', 'America/New_York', WEEKDAYS_8_TO_6, '2026-03-09T12:00:00Z', undefined],
    ['Monday 17:59 EDT', 'America/New_York', WEEKDAYS_8_TO_6, '2026-03-09T21:59:00Z', undefined],
    ['Monday 18:00 EDT', 'America/New_York', WEEKDAYS_8_TO_6, '2026-03-09T22:00:00Z', NEW_YORK_HOURS],
    // After the autumn change (1 November 2026), EST again.
    ['Monday 07:59 EST in November', 'America/New_York', WEEKDAYS_8_TO_6, '2026-11-02T12:59:00Z', NEW_YORK_HOURS],
    ['Monday 08:00 EST in November', 'America/New_York', WEEKDAYS_8_TO_6, '2026-11-02T13:00:00Z', undefined],
    // Los Angeles changes on the same days, three hours behind.
    ['Los Angeles Friday 08:00 PST', 'America/Los_Angeles', WEEKDAYS_8_TO_6, '2026-03-06T16:00:00Z', undefined],
    [
      'Los Angeles Monday 07:00 PDT',
      'America/Los_Angeles',
      WEEKDAYS_8_TO_6,
      '2026-03-09T14:00:00Z',
      'outside its hours (mon-fri 08:00-18:00 America/Los_Angeles)',
    ],
    ['Los Angeles Monday 08:00 PDT', 'America/Los_Angeles', WEEKDAYS_8_TO_6, '2026-03-09T15:00:00Z', undefined],
    // Honolulu keeps no daylight saving time; its Friday starts at 10:00 UTC.
    [
      'Honolulu Thursday 23:59',
      'Pacific/Honolulu',
      { days: ['fri'], from: '00:00', to: '24:00' },
      '2026-03-06T09:59:00Z',
      'outside its hours (fri 00:00-24:00 Pacific/Honolulu)',
    ],
    [
      'Honolulu Friday 00:00',
      'Pacific/Honolulu',
      { days: ['fri'], from: '00:00', to: '24:00' },
      '2026-03-06T10:00:00Z',
      undefined,
    ],
    [
      'Honolulu Friday 23:59, to 24:00',
      'Pacific/Honolulu',
      { days: ['fri'], from: '00:00', to: '24:00' },
      '2026-03-07T09:59:00Z',
      undefined,
    ],
    // Sydney's summer time ends on 5 April 2026 (AEDT UTC+11 to AEST UTC+10).
    [
      'Sydney Monday 09:00 AEDT',
      'Australia/Sydney',
      { days: ['mon'], from: '09:00', to: '17:00' },
      '2026-03-29T22:00:00Z',
      undefined,
    ],
    [
      'Sydney Monday 08:00 AEST',
      'Australia/Sydney',
      { days: ['mon'], from: '09:00', to: '17:00' },
      '2026-04-05T22:00:00Z',
      'outside its hours (mon 09:00-17:00 Australia/Sydney)',
    ],
    [
      'Sydney Monday 09:00 AEST',
      'Australia/Sydney',
      { days: ['mon'], from: '09:00', to: '17:00' },
      '2026-04-05T23:00:00Z',
      undefined,
    ],
  ])('%s', (_case, zone, schedule, instant, reason) => {
    expect(whyNotEligible(buyer({}, schedule, zone), lead(), new Date(instant))).toBe(reason);
  });

  // 8 March 2026 in New York: 02:00 EST becomes 03:00 EDT, so 02:00-02:59 never happens.
  const springGap: BuyerSchedule = { days: ['sun'], from: '02:00', to: '03:00' };
  it.each([
    ['01:59 EST', '2026-03-08T06:59:00Z', false],
    ['03:00 EDT, the instant after', '2026-03-08T07:00:00Z', false],
    ['03:30 EDT', '2026-03-08T07:30:00Z', false],
  ])('the hour the spring change skips is never open: %s', (_case, instant, open) => {
    expect(whyNotEligible(buyer({}, springGap), lead(), new Date(instant)) === undefined).toBe(open);
  });

  // 1 November 2026 in New York: 01:00-01:59 happens twice, in EDT and then in EST; both are within the hours.
  const autumnTwice: BuyerSchedule = { days: ['sun'], from: '01:00', to: '02:00' };
  it.each([
    ['00:59 EDT', '2026-11-01T04:59:00Z', false],
    ['01:30 EDT', '2026-11-01T05:30:00Z', true],
    ['01:30 EST, the same hour again', '2026-11-01T06:30:00Z', true],
    ['02:00 EST', '2026-11-01T07:00:00Z', false],
  ])('the hour the autumn change repeats is open both times: %s', (_case, instant, open) => {
    expect(whyNotEligible(buyer({}, autumnTwice), lead(), new Date(instant)) === undefined).toBe(open);
  });

  it('takes a lead at any time without a schedule', () => {
    expect(whyNotEligible(buyer({}), lead(), new Date('2026-03-08T07:30:00Z'))).toBeUndefined();
  });
});

describe('dayList', () => {
  it.each<[Parameters<typeof dayList>[0], string]>([
    [['mon', 'tue', 'wed', 'thu', 'fri'], 'mon-fri'],
    [['fri', 'mon', 'wed'], 'mon, wed, fri'],
    [['sat', 'sun'], 'sat, sun'],
    [['mon', 'tue', 'wed', 'fri', 'sat', 'sun'], 'mon-wed, fri-sun'],
    [['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'], 'mon-sun'],
    [['thu'], 'thu'],
  ])('%j reads %s', (days, text) => {
    expect(dayList(days)).toBe(text);
  });
});
