import { describe, expect, it } from 'vitest';
import { consentText, listOfNames } from '../../../engine/flow/consent.ts';

describe('the consent text', () => {
  it('names the product and every participating lender', () => {
    const consent = { version: '1', text: 'I agree to be contacted by {product} and its lenders ({lenders}).' };
    expect(consentText(consent, { product: 'Fundflow', lenders: ['North Bank', 'East Capital', 'West Credit'] })).toBe(
      'I agree to be contacted by Fundflow and its lenders (North Bank, East Capital, and West Credit).',
    );
  });

  it('writes short lists as people do', () => {
    expect(listOfNames(['A'])).toBe('A');
    expect(listOfNames(['A', 'B'])).toBe('A and B');
  });

  it('writes the lenders in the language of the page, "y" before the last in US Spanish', () => {
    const consent = { version: '1', text: 'Acepto que {product} y sus prestamistas ({lenders}) me contacten.' };
    const names = { product: 'Fundflow', lenders: ['North Bank', 'East Capital', 'West Credit'] };
    expect(consentText(consent, names, 'es-US')).toBe(
      'Acepto que Fundflow y sus prestamistas (North Bank, East Capital y West Credit) me contacten.',
    );
    expect(listOfNames(['A', 'B'], 'es-US')).toBe('A y B');
  });
});
