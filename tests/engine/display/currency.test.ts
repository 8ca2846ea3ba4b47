import { describe, expect, it } from 'vitest';
import { formatDollars, groupDigits } from '../../../engine/display/currency.ts';

describe('amounts', () => {
  it('are written in US English as before', () => {
    expect(formatDollars(1_250_000, 'en-US')).toBe('$1,250,000');
    expect(groupDigits(1_250_000, 'en-US')).toBe('1,250,000');
  });

  it('are written in US Spanish with the dollar sign and the same separators', () => {
    expect(formatDollars(1_250_000, 'es-US')).toBe('$1,250,000');
    expect(formatDollars(5_000.4, 'es-US')).toBe('$5,000');
    expect(groupDigits(1_250_000, 'es-US')).toBe('1,250,000');
  });

  it('follow the locale they are given: a locale of other conventions writes other separators', () => {
    expect(groupDigits(1_250_000, 'es-ES')).toBe('1.250.000');
    expect(formatDollars(1_250_000, 'es-ES')).toBe('1.250.000\u00a0US$');
  });
});
