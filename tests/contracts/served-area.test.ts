import { describe, expect, it } from 'vitest';
import { zipArea } from '../../contracts/served-area.ts';

describe('the served area of a ZIP code', () => {
  it.each([
    ['00501', 'NY', 'served'],
    ['00601', 'PR', 'outside'],
    ['20001', 'DC', 'served'],
    ['96801', 'HI', 'served'],
    ['96960', 'MH', 'outside'],
    ['99501', 'AK', 'served'],
  ])('%s, found in %s, is %s', (zip, state, area) => {
    expect(zipArea(zip, state)).toBe(area);
  });

  it.each([
    ['00901', 'San Juan, PR'],
    ['00802', 'Charlotte Amalie, VI'],
    ['96910', 'Hagatna, GU'],
    ['96950', 'Saipan, MP'],
    ['96799', 'Pago Pago, AS'],
  ])('%s (%s) is outside even where the lookup does not know it', (zip) => {
    expect(zipArea(zip, undefined)).toBe('outside');
  });

  it('is unknown for a ZIP code the lookup does not know in the states, for the ZIP check to say so', () => {
    expect(zipArea('00000', undefined)).toBe('unknown');
    expect(zipArea('96798', undefined)).toBe('unknown');
  });
});
