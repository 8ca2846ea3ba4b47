/** What routing reads of a stored lead, whoever sent it: numbers or numeric text, month numbers or names. */
import { describe, expect, it } from 'vitest';
import { routableLead } from '../../../../server/buyers/routing/routable-lead.ts';

const receivedAt = new Date('2026-03-15T17:00:00Z');

describe('routableLead', () => {
  it("reads our page's lead", () => {
    const payload = {
      state: 'CA',
      amount: 50000,
      credit_score: 'Good (680-719)',
      loan_purpose: 'EQUIPMENTPURCHASE',
      business_start_month: '01',
      business_start_year: '2025',
    };
    expect(routableLead(payload, 'v2', receivedAt)).toEqual({
      state: 'CA',
      amount: 50000,
      creditScore: 'Good (680-719)',
      loanPurpose: 'EQUIPMENTPURCHASE',
      flowVersion: 'v2',
      monthsInBusiness: 14,
      receivedAt,
    });
  });

  it('leaves out what the lead does not say', () => {
    expect(routableLead({}, 'v1', receivedAt)).toEqual({
      state: undefined,
      amount: undefined,
      creditScore: undefined,
      loanPurpose: undefined,
      flowVersion: 'v1',
      monthsInBusiness: undefined,
      receivedAt,
    });
  });

  it.each([
    [50000, 50000],
    ['50000', 50000],
    [' 75000 ', 75000],
    ['50,000', 50000],
    ['$1,000,000', 1000000],
    ['12500.50', 12500.5],
    [0, 0],
    ['', undefined],
    ['fifty thousand', undefined],
    ['-5000', undefined],
    [-5000, undefined],
    [Number.NaN, undefined],
    [null, undefined],
    [true, undefined],
  ])('amount %j reads as %j', (amount, expected) => {
    expect(routableLead({ amount }, 'v1', receivedAt).amount).toBe(expected);
  });

  it.each([
    // month, year, months in business on 2026-03-15
    ['01', '2025', 14],
    ['03', '2026', 0],
    ['02', '2026', 1],
    [3, 2025, 12],
    ['3', '2025', 12],
    ['March', '2025', 12],
    ['december', 2025, 3],
    ['Sep', '2020', 66],
    ['04', '2026', 0],
    ['01', '2030', 0],
    ['13', '2025', undefined],
    ['Smarch', '2025', undefined],
    ['01', '25', undefined],
    ['01', '', undefined],
    [undefined, '2025', undefined],
    ['01', undefined, undefined],
  ])('started month %j of %j: %j months', (month, year, expected) => {
    const payload = { business_start_month: month, business_start_year: year };
    expect(routableLead(payload, 'v1', receivedAt).monthsInBusiness).toBe(expected);
  });

  it('counts months to the month the lead arrived in, in UTC', () => {
    const payload = { business_start_month: '02', business_start_year: '2026' };
    expect(routableLead(payload, 'v1', new Date('2026-02-28T23:59:59Z')).monthsInBusiness).toBe(0);
    expect(routableLead(payload, 'v1', new Date('2026-03-01T00:00:00Z')).monthsInBusiness).toBe(1);
  });

  it.each([
    ['CA', 'CA'],
    [' ny ', 'NY'],
    ['', undefined],
    [42, undefined],
  ])('state %j reads as %j', (state, expected) => {
    expect(routableLead({ state }, 'v1', receivedAt).state).toBe(expected);
  });
});
