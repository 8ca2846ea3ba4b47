/** The page's stand-in for fast-uri agrees with the library on what @rjsf/utils asks of it. */
import { describe, expect, it } from 'vitest';
import fastUri from 'fast-uri';
import stub from '../../../site/stubs/fast-uri.ts';

const RESOLVE: [string, string][] = [
  ['https://example.com/schemas/step.json', '#/definitions/state'],
  ['https://example.com/schemas/step.json#', '#/properties/zip'],
  ['https://example.com/schemas/step.json', 'other.json'],
  ['https://example.com/schemas/step.json', 'other.json#/definitions/a'],
  ['https://example.com/schemas/', '/root.json'],
  ['https://example.com/a/b/step.json', '../c/d.json'],
  ['https://example.com/schemas/step.json', 'https://example.org/x.json'],
];

const EQUAL: [string, string][] = [
  ['https://example.com/s.json', 'https://example.com/s.json#'],
  ['step_phone', 'step_phone'],
  ['step_phone#', 'step_phone'],
  ['step_phone', 'step_email'],
  ['HTTPS://Example.COM/s.json', 'https://example.com/s.json'],
  ['https://example.com/a/./s.json', 'https://example.com/a/s.json'],
];

describe('the fast-uri stand-in', () => {
  it.each(RESOLVE)('resolves %s + %s as fast-uri does', (base, ref) => {
    expect(stub.resolve(base, ref)).toBe(fastUri.resolve(base, ref));
  });

  it.each(EQUAL)('compares %s and %s as fast-uri does', (a, b) => {
    expect(stub.equal(a, b)).toBe(fastUri.equal(a, b));
  });
});
