/** The small rules behind caching and compression choices. */
import { describe, expect, it } from 'vitest';
import { preferredEncoding } from '../../server/platform/http/encoding.ts';
import { isHashedAsset } from '../../server/page/pages.ts';

describe('hashed file names (cached for a year)', () => {
  it.each([
    ['main.1a2b3c4d.js', true],
    ['index.5e6f7a8b.css', true],
    ['main.1a2b3c4d.js.br', true],
    ['index.5e6f7a8b.css.gz', true],
    ['assets/logo.0badf00d.svg', true],
    ['font.a1B2c3D4e5.woff2', true],
    ['index.html', false],
    ['robots.txt', false],
    ['settings.template.json', false],
    ['main.1a2b3c.js', false],
    ['main.1a2b3c4d.js.map', false],
  ])('%s → %s', (name, hashed) => {
    expect(isHashedAsset(name)).toBe(hashed);
  });
});

describe('Accept-Encoding', () => {
  it.each([
    [undefined, undefined],
    ['', undefined],
    ['identity', undefined],
    ['gzip, deflate, br', 'br'],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=1, br;q=0.5', 'gzip'],
    ['*', 'br'],
    ['*;q=0', undefined],
    ['GZIP', 'gzip'],
  ])('%s → %s', (header, encoding) => {
    expect(preferredEncoding(header)).toBe(encoding);
  });
});
