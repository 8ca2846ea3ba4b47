/** A buyer's rules in the words the Lenders page shows. */
import { describe, expect, it } from 'vitest';
import { rulesInWords, scheduleInWords } from '../../../../server/console/buyers/buyer-words.ts';

describe("a buyer's rules in words", () => {
  it('says "every lead" when nothing narrows what it takes', () => {
    expect(rulesInWords({ filters: {} })).toEqual(['every lead']);
  });

  it('writes each filter as a phrase, then the dedupe window', () => {
    expect(
      rulesInWords({
        filters: {
          states: ['CA', 'NY'],
          amount: { min: 10000, max: 250000 },
          creditScores: ['Excellent (720+)', 'Good (680-719)'],
          monthsInBusiness: { min: 6 },
          loanPurposes: ['EQUIPMENTPURCHASE'],
          flowVersions: ['v1', 'v2'],
        },
        dedupeDays: 30,
      }),
    ).toEqual([
      'states CA, NY',
      'amount $10,000 to $250,000',
      'credit scores Excellent (720+), Good (680-719)',
      'in business 6 months or more',
      'loan purposes EQUIPMENTPURCHASE',
      'flow versions v1, v2',
      'no email or phone it received in the last 30 days',
    ]);
  });

  it.each([
    [{ min: 5000 }, 'amount $5,000 or more'],
    [{ max: 50000 }, 'amount up to $50,000'],
  ])('amount %o', (amount, words) => {
    expect(rulesInWords({ filters: { amount } })).toEqual([words]);
  });

  it.each([
    [{ max: 24 }, 'in business up to 24 months'],
    [{ min: 6, max: 24 }, 'in business 6 to 24 months'],
  ])('months in business %o', (monthsInBusiness, words) => {
    expect(rulesInWords({ filters: { monthsInBusiness } })).toEqual([words]);
  });
});

describe("a buyer's hours in words", () => {
  it.each([
    [undefined, 'any day, any time'],
    [{ days: ['mon', 'tue', 'wed', 'thu', 'fri'] as const, from: '08:00', to: '18:00' }, 'mon-fri 08:00-18:00'],
    [{ days: ['fri', 'mon', 'wed'] as const, from: '09:00', to: '17:00' }, 'mon, wed, fri 09:00-17:00'],
    [{ days: ['sat', 'sun'] as const, from: '10:00', to: '14:00' }, 'sat, sun 10:00-14:00'],
    [
      { days: ['mon', 'tue', 'wed', 'fri', 'sat', 'sun'] as const, from: '00:00', to: '23:59' },
      'mon-wed, fri-sun 00:00-23:59',
    ],
    [
      { days: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const, from: '07:00', to: '21:00' },
      'every day 07:00-21:00',
    ],
  ])('%o', (schedule, words) => {
    expect(scheduleInWords(schedule)).toBe(words);
  });
});
