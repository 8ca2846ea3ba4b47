/**
 * A paid phone lookup spent only where it can tell something (docs/decisions/041-rate-limits-and-phone-costs.md):
 * - the offline check answers first, and a number the number plan rules out never reaches the provider;
 * - the provider's answer for a number is reused for a configured time, and asked once however many requests for
 *   the number arrive while it is being looked up;
 * - at most a daily number of calls per UTC day, counted in the database for every server on it; past it the offline
 *   check answers until midnight UTC, and the server logs once that the cap was reached. When the count cannot be
 *   taken, nothing is spent and the offline check answers;
 * - a provider failure (timeout, HTTP error, an answer without a status) is answered by the offline check too.
 * Nothing logged holds the number.
 */
import { hash, randomBytes } from 'node:crypto';
import type { DailyLookupCalls } from './daily-lookup-calls.ts';
import type { PhoneLookup } from './http-phone-check.ts';
import { offlinePhoneCheck, type PhoneCheck } from './phone-check.ts';

/** Numbers whose answers are kept at once: about 200 bytes each. */
const MAX_CACHED_NUMBERS = 10_000;

export interface PaidPhoneCheckOptions {
  lookup: PhoneLookup;
  /** How long an answer is reused; 0 reuses none. */
  cacheMs: number;
  /** Calls to the provider per UTC day; 0 sets no cap (and counts none). */
  dailyCap: number;
  /** Where the day's calls are counted. */
  calls: DailyLookupCalls;
  now: () => number;
  /** Told why the offline check answered; the message never holds the number. */
  warn: (message: string) => void;
  /** The most numbers whose answers are kept at once; default MAX_CACHED_NUMBERS. */
  maxNumbers?: number;
}

interface Cached {
  /** The provider's status, or undefined when it failed or the cap was reached (and the offline check answers). */
  status: Promise<string | undefined>;
  expires: number;
}

export function paidPhoneCheck(options: PaidPhoneCheckOptions): PhoneCheck {
  const { lookup, cacheMs, dailyCap, calls, now, warn, maxNumbers = MAX_CACHED_NUMBERS } = options;
  // Numbers are kept by a salted hash: a plain hash of a ten-digit number is undone by trying every number, and with
  // a salt that lives only in this process a heap snapshot lists no numbers.
  const salt = randomBytes(32).toString('base64');
  const keyOf = (phone: string) => hash('sha256', salt + phone, 'base64url');
  const cache = new Map<string, Cached>();
  let capReportedFor: string | undefined;

  /** Whether one more provider call fits today's cap (and counts it); says once a day when it no longer does. */
  async function withinCap(at: number): Promise<boolean> {
    if (dailyCap === 0) return true;
    const day = new Date(at).toISOString().slice(0, 10);
    try {
      if (await calls.take(day, dailyCap)) return true;
    } catch (error) {
      warn(`phone lookup daily count not taken (${(error as Error).message}): the offline check answered`);
      return false;
    }
    if (capReportedFor !== day) {
      capReportedFor = day;
      warn(`phone lookup daily cap of ${dailyCap} calls reached: the offline check answers until midnight UTC`);
    }
    return false;
  }

  async function lookUpWithinCap(phone: string, at: number): Promise<string | undefined> {
    return (await withinCap(at)) ? lookup(phone) : undefined;
  }

  /**
   * Looks the number up and keeps the answer, even before it arrives (and before the cap is checked), so requests
   * meanwhile wait for this one. No answer (past the cap, or a failure) is kept.
   */
  function ask(phone: string, key: string, at: number): Promise<string | undefined> {
    const forget = () => {
      if (cache.get(key)?.status === status) cache.delete(key);
    };
    const status: Promise<string | undefined> = lookUpWithinCap(phone, at).then(
      (answer) => {
        if (answer === undefined) forget();
        return answer;
      },
      (error: unknown) => {
        forget();
        warn(`phone lookup failed (${(error as Error).message}): the offline check answered`);
        return undefined;
      },
    );
    // Every entry lives equally long and is inserted last (a Map keeps insertion order), so the oldest expires
    // first: expired entries are dropped from the front, and when the cache is full the oldest goes.
    cache.delete(key);
    for (const [oldKey, old] of cache) {
      if (old.expires > at && cache.size < maxNumbers) break;
      cache.delete(oldKey);
    }
    cache.set(key, { status, expires: at + cacheMs });
    return status;
  }

  return {
    async status(phone) {
      const offline = await offlinePhoneCheck.status(phone);
      if (offline === 'invalid') return offline;
      const at = now();
      const key = keyOf(phone);
      const cached = cache.get(key);
      if (cached !== undefined && cached.expires > at) return (await cached.status) ?? offline;
      return (await ask(phone, key, at)) ?? offline;
    },
  };
}
