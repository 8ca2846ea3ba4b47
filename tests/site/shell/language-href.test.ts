import { describe, expect, it } from 'vitest';
import { languageHref } from '../../../site/shell/language-href.ts';

const at = (address: string) => {
  const url = new URL(address, 'https://fund.example');
  return { pathname: url.pathname, search: url.search };
};

describe('the address of the same page in another language', () => {
  it('adds the Spanish prefix to an English step, keeping the step and the query', () => {
    expect(languageHref(at('/v2/amount?utm_source=x&gclid=abc'), '', '/es')).toBe(
      '/es/v2/amount?utm_source=x&gclid=abc',
    );
  });

  it('takes the Spanish prefix off a Spanish step, keeping the step and the query', () => {
    expect(languageHref(at('/es/v2/amount?utm_source=x&gclid=abc'), '/es', '')).toBe(
      '/v2/amount?utm_source=x&gclid=abc',
    );
  });

  it('goes between the homes: / and /es, with or without a trailing slash', () => {
    expect(languageHref(at('/'), '', '/es')).toBe('/es');
    expect(languageHref(at('/?section=auto'), '', '/es')).toBe('/es?section=auto');
    expect(languageHref(at('/es'), '/es', '')).toBe('/');
    expect(languageHref(at('/es/'), '/es', '')).toBe('/');
  });

  it('goes between the legal pages', () => {
    expect(languageHref(at('/privacy'), '', '/es')).toBe('/es/privacy');
    expect(languageHref(at('/es/do-not-sell'), '/es', '')).toBe('/do-not-sell');
  });

  it('does not take a prefix off a path that only starts with its letters', () => {
    expect(languageHref(at('/estimate'), '/es', '')).toBe('/estimate');
  });
});
