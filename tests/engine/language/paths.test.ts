import { describe, expect, it } from 'vitest';
import { languageOfPath, pathInLanguage } from '../../../engine/language/paths.ts';

const english = { code: 'en', prefix: '' };
const spanish = { code: 'es', prefix: '/es' };
const languages = [english, spanish];

describe('the language of an address', () => {
  it('is the one whose prefix starts it', () => {
    expect(languageOfPath(languages, '/es')).toBe(spanish);
    expect(languageOfPath(languages, '/es/')).toBe(spanish);
    expect(languageOfPath(languages, '/es/v2/amount')).toBe(spanish);
  });

  it('is the source language for any other address, one that merely begins with the same letters too', () => {
    for (const path of ['/', '/v2', '/amount', '/privacy', '/esp', '/estimate', '/v2/es']) {
      expect(languageOfPath(languages, path), path).toBe(english);
    }
  });
});

describe('the same page in another language', () => {
  it('adds the prefix of the language', () => {
    expect(pathInLanguage('/', english, spanish)).toBe('/es');
    expect(pathInLanguage('/amount', english, spanish)).toBe('/es/amount');
    expect(pathInLanguage('/v2/amount', english, spanish)).toBe('/es/v2/amount');
    expect(pathInLanguage('/privacy', english, spanish)).toBe('/es/privacy');
  });

  it('takes the prefix away for the source language, the start page being /', () => {
    expect(pathInLanguage('/es', spanish, english)).toBe('/');
    expect(pathInLanguage('/es/v2', spanish, english)).toBe('/v2');
    expect(pathInLanguage('/es/v2/amount', spanish, english)).toBe('/v2/amount');
  });

  it('is the page itself in its own language', () => {
    expect(pathInLanguage('/es/v3', spanish, spanish)).toBe('/es/v3');
    expect(pathInLanguage('/v3', english, english)).toBe('/v3');
  });
});
