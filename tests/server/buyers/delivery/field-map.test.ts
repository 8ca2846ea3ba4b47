/** A buyer's field map renames fields and nothing else. */
import { describe, expect, it } from 'vitest';
import { MAPPABLE_FIELDS, mapFields } from '../../../../server/buyers/delivery/field-map.ts';

const body = { flow: 'business-funding', name: 'Maria Rivera', email: 'maria@example.com', time_stamp: 'T' };

describe('mapFields', () => {
  it.each([
    ['no map', undefined, body],
    ['an empty map', {}, body],
    [
      'one field',
      { email: 'contact_email' },
      { flow: 'business-funding', name: 'Maria Rivera', contact_email: 'maria@example.com', time_stamp: 'T' },
    ],
    [
      'two fields swapped',
      { name: 'email', email: 'name' },
      { flow: 'business-funding', email: 'Maria Rivera', name: 'maria@example.com', time_stamp: 'T' },
    ],
    ['a field the body lacks', { phone: 'phone_number' }, body],
    // Never the case with a checked BUYERS_FILE; the renamed value is kept.
    ['onto a field kept', { email: 'name' }, { flow: 'business-funding', name: 'maria@example.com', time_stamp: 'T' }],
  ])('%s', (_case, map: Record<string, string> | undefined, expected) => {
    const mapped = mapFields(body, map);
    expect(mapped).toEqual(expected);
    expect(Object.keys(mapped)).toEqual(Object.keys(expected));
  });
});

describe('MAPPABLE_FIELDS', () => {
  it("lets a buyer rename the opt-out preference signal, the visitor's time zone and language, which every lead carries", () => {
    expect(MAPPABLE_FIELDS).toEqual(
      expect.arrayContaining(['gpc', 'time_zone', 'language', 'time_stamp', 'flow_version']),
    );
  });
});
