import { describe, expect, it } from 'vitest';
import { translate } from '../../../engine/language/language-file.ts';

describe('translating a source', () => {
  const source = {
    heading: 'How much do you need?',
    route: 'amount',
    schema: { properties: { amount: { title: 'Amount needed' } } },
    'a/b': { '~c': 'Escaped keys' },
    options: ['Yes', 'No'],
  };

  it('replaces the strings at the given pointers and no other', () => {
    expect(
      translate(source, {
        '/heading': '¿Cuánto necesita?',
        '/schema/properties/amount/title': 'Monto que necesita',
        '/options/1': 'No, gracias',
      }),
    ).toEqual({
      heading: '¿Cuánto necesita?',
      route: 'amount',
      schema: { properties: { amount: { title: 'Monto que necesita' } } },
      'a/b': { '~c': 'Escaped keys' },
      options: ['Yes', 'No, gracias'],
    });
  });

  it('reads escaped keys in a pointer (~1 for "/", ~0 for "~")', () => {
    expect(translate(source, { '/a~1b/~0c': 'Claves escapadas' })['a/b']).toEqual({ '~c': 'Claves escapadas' });
  });

  it('puts no text where the source has none, nor in place of an object', () => {
    const translated = translate(source, { '/schema/properties': 'Propiedades', '/subheading': 'Nuevo', '/x/y': 'z' });
    expect(translated).toEqual(source);
    expect(translated).not.toHaveProperty('subheading');
  });

  it('leaves the source as it was', () => {
    const before = structuredClone(source);
    translate(source, { '/heading': '¿Cuánto necesita?', '/schema/properties/amount/title': 'Monto' });
    expect(source).toEqual(before);
  });

  it('gives a copy of the source when there is nothing to translate', () => {
    const copy = translate(source);
    expect(copy).toEqual(source);
    expect(copy).not.toBe(source);
  });
});
