import { describe, expect, it } from 'vitest';
import { max, median, percentile, ratio } from '../../bench/stats.ts';
import { statusField } from '../../bench/rss.ts';

describe('median', () => {
  it('is the middle value of an odd count, whatever the order', () => {
    expect(median([5, 1, 3])).toBe(3);
  });

  it('is the mean of the middle two of an even count', () => {
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  it('ignores NaN and is undefined for no values', () => {
    expect(median([Number.NaN, 7])).toBe(7);
    expect(median([])).toBeUndefined();
  });
});

describe('percentile (nearest rank)', () => {
  const hundred = Array.from({ length: 100 }, (_, i) => 100 - i); // 100..1, unsorted on purpose

  it('p50 and p99 of 1..100 are 50 and 99', () => {
    expect(percentile(hundred, 50)).toBe(50);
    expect(percentile(hundred, 99)).toBe(99);
  });

  it('p99 of 1..1000 is the 990th value; p100 is the maximum, p0 the minimum', () => {
    const thousand = Array.from({ length: 1000 }, (_, i) => i + 1);
    expect(percentile(thousand, 99)).toBe(990);
    expect(percentile(thousand, 100)).toBe(1000);
    expect(percentile(thousand, 0)).toBe(1);
  });

  it('p99 of few values is the largest one', () => {
    expect(percentile([3, 1, 2], 99)).toBe(3);
  });

  it('refuses a percentile outside 0..100 and answers undefined for no values', () => {
    expect(() => percentile([1], 101)).toThrow(RangeError);
    expect(percentile([], 50)).toBeUndefined();
  });
});

describe('max and ratio', () => {
  it('max is the largest value', () => {
    expect(max([2, 9, 4])).toBe(9);
  });

  it('ratio is undefined without a positive base', () => {
    expect(ratio(3, 2)).toBe(1.5);
    expect(ratio(3, 0)).toBeUndefined();
    expect(ratio(undefined, 2)).toBeUndefined();
  });
});

describe('statusField', () => {
  const status = 'Name:\tnode\nVmPeak:\t 2000000 kB\nVmHWM:\t  250000 kB\nVmRSS:\t  200000 kB\n';

  it('reads VmHWM and VmRSS in bytes', () => {
    expect(statusField(status, 'VmHWM')).toBe(250_000 * 1024);
    expect(statusField(status, 'VmRSS')).toBe(200_000 * 1024);
  });

  it('is undefined when the field is missing', () => {
    expect(statusField('Name:\tnode\n', 'VmHWM')).toBeUndefined();
  });
});
