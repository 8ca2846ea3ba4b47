/** The rate limits' counters (fixed windows, bounded memory) and the key a client address is counted under. */
import { describe, expect, it } from 'vitest';
import { addressKey } from '../../../../../server/platform/http/rate-limit/client-address.ts';
import { fixedWindowLimiter } from '../../../../../server/platform/http/rate-limit/fixed-window-limiter.ts';

/** 2026-11-22 09:00:00 UTC: a whole minute and a whole hour. */
const NINE = Date.UTC(2026, 10, 22, 9);

function limiter(limit: number, windowMs: number, maxKeys?: number) {
  const clock = { at: NINE };
  const counter = fixedWindowLimiter({
    limit,
    windowMs,
    now: () => clock.at,
    ...(maxKeys === undefined ? {} : { maxKeys }),
  });
  return { clock, counter };
}

describe('fixedWindowLimiter', () => {
  it('lets each key make its limit of requests in a window, then says how many whole seconds are left', () => {
    const { clock, counter } = limiter(2, 60_000);
    clock.at = NINE + 15_500;
    expect([counter.hit('a'), counter.hit('a'), counter.hit('b')]).toEqual([undefined, undefined, undefined]);
    expect(counter.hit('a')).toBe(45);
    clock.at = NINE + 59_999;
    expect(counter.hit('a')).toBe(1);
    clock.at = NINE + 60_000;
    expect(counter.hit('a')).toBeUndefined();
  });

  it('windows start at whole multiples of their length, whenever the first request came', () => {
    const { clock, counter } = limiter(1, 3_600_000);
    clock.at = NINE + 3_599_000;
    expect(counter.hit('a')).toBeUndefined();
    clock.at = NINE + 3_600_000;
    expect(counter.hit('a')).toBeUndefined();
    expect(counter.hit('a')).toBe(3600);
  });

  it('keeps at most maxKeys counters however many keys arrive, forgetting the oldest', () => {
    const { counter } = limiter(1, 60_000, 100);
    expect(counter.hit('first')).toBeUndefined();
    expect(counter.hit('first')).toBe(60);
    for (let key = 0; key < 1000; key += 1) counter.hit(`flood ${key}`);
    expect(counter.size).toBe(100);
    // Forgotten: its next request passes rather than a flood of strangers getting anyone refused.
    expect(counter.hit('first')).toBeUndefined();
    expect(counter.hit('flood 999')).toBe(60);
  });

  it('forgets every count when a new window starts', () => {
    const { clock, counter } = limiter(1, 60_000);
    for (let key = 0; key < 50; key += 1) counter.hit(`key ${key}`);
    clock.at += 60_000;
    counter.hit('new');
    expect(counter.size).toBe(1);
  });
});

describe('addressKey', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['2001:db8:85a3:8d3:1319:8a2e:370:7348', '2001:db8:85a3:8d3::/64'],
    ['2001:db8:85a3:08d3::1', '2001:db8:85a3:8d3::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['64:ff9b::203.0.113.7', '64:ff9b:0:0::/64'],
  ])('counts %s as %s', (ip, key) => {
    expect(addressKey(ip)).toBe(key);
  });

  it('counts every address of one IPv6 /64 together, and other networks apart', () => {
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe(addressKey('2001:db8:1:2:bbbb:cccc:dddd:eeee'));
    expect(addressKey('2001:db8:1:2::1')).not.toBe(addressKey('2001:db8:1:3::1'));
  });
});
