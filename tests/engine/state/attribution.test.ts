import { describe, expect, it } from 'vitest';
import { attributionOf, keptAttribution, withAttribution } from '../../../engine/state/attribution.ts';
import type { Attribution } from '../../../contracts/attribution.ts';

const SITE = 'https://funding.example.com';

describe('the attribution of an arrival', () => {
  it('takes every click parameter, the address without its fragment, and the referrer', () => {
    const href =
      `${SITE}/?utm_source=google&utm_medium=cpc&utm_campaign=spring&utm_term=loans&utm_content=b` +
      '&gclid=g&gbraid=gb&wbraid=wb&fbclid=f&msclkid=m&ttclid=t&zip=90210#top';
    expect(attributionOf({ href, referrer: 'https://www.google.com/' })).toEqual({
      utm_source: 'google',
      utm_medium: 'cpc',
      utm_campaign: 'spring',
      utm_term: 'loans',
      utm_content: 'b',
      gclid: 'g',
      gbraid: 'gb',
      wbraid: 'wb',
      fbclid: 'f',
      msclkid: 'm',
      ttclid: 't',
      landing_url: href.replace('#top', ''),
      referrer: 'https://www.google.com/',
    });
  });

  it('leaves out empty parameters and an empty referrer', () => {
    expect(attributionOf({ href: `${SITE}/?utm_source=&gclid=abc`, referrer: '' })).toEqual({
      gclid: 'abc',
      landing_url: `${SITE}/?utm_source=&gclid=abc`,
    });
  });

  it('cuts values to what the server accepts: 256 characters a parameter, 2048 an address', () => {
    const href = `${SITE}/?utm_campaign=${'c'.repeat(300)}&pad=${'p'.repeat(2100)}`;
    const attribution = attributionOf({ href, referrer: `${SITE}/${'r'.repeat(3000)}` });
    expect(attribution.utm_campaign).toHaveLength(256);
    expect(attribution.landing_url).toHaveLength(2048);
    expect(attribution.referrer).toHaveLength(2048);
  });
});

describe('the attribution kept in the record', () => {
  const first: Attribution = {
    utm_source: 'google',
    gclid: 'abc',
    landing_url: `${SITE}/?utm_source=google&gclid=abc`,
  };
  const plain: Attribution = { landing_url: `${SITE}/`, referrer: 'https://bing.com/' };

  it("is the first arrival's when the record has none", () => {
    expect(keptAttribution(undefined, plain)).toBe(plain);
  });

  it('stays when the visitor comes back without parameters', () => {
    expect(keptAttribution(first, plain)).toBe(first);
  });

  it('stays, with its first page, when the same click arrives again (a reload, a later step)', () => {
    const again = { ...first, landing_url: `${SITE}/amount?utm_source=google&gclid=abc` };
    expect(keptAttribution(first, again)).toBe(first);
  });

  it('is replaced whole by a new click: the last click wins', () => {
    const next: Attribution = { utm_source: 'facebook', fbclid: 'f', landing_url: `${SITE}/?fbclid=f` };
    expect(keptAttribution(first, next)).toBe(next);
    expect(keptAttribution(plain, next)).toBe(next);
  });

  it('is added to the answers, leaving the record itself untouched when nothing changes', () => {
    const record = { amount: 50000, attribution: first };
    expect(withAttribution(record, plain)).toBe(record);
    expect(withAttribution({ amount: 50000 }, plain)).toEqual({ amount: 50000, attribution: plain });
    expect(withAttribution(null, first)).toEqual({ attribution: first });
  });
});
