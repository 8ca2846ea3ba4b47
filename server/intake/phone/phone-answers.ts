/**
 * The phone lookup provider's answers kept per number, so a number is paid for once in PHONE_LOOKUP_CACHE_SECONDS:
 * in this process's memory on the embedded database (one server), in the database on PostgreSQL, for every server on
 * it (database-phone-answers.ts). Numbers are kept by a salted hash, never in clear: a plain hash of a ten-digit
 * number is undone by trying every number.
 */
import { hash, randomBytes } from 'node:crypto';

/** Numbers whose answers are kept at once in memory: about 200 bytes each. */
const MAX_CACHED_NUMBERS = 10_000;

export interface PhoneAnswers {
  /** The status kept for `phone` that is still fresh at `at`, if any. */
  find(phone: string, at: number): Promise<string | undefined>;
  /** Keeps `status`, answered at `at` for `phone`, until `expires`. */
  keep(phone: string, status: string, at: number, expires: number): Promise<void>;
}

interface Kept {
  status: string;
  expires: number;
}

/**
 * In memory, at most `maxNumbers` numbers, the oldest dropped first. The salt lives only in this process, so a heap
 * snapshot lists no numbers.
 */
export function processPhoneAnswers(maxNumbers = MAX_CACHED_NUMBERS): PhoneAnswers {
  const salt = randomBytes(32).toString('base64');
  const keyOf = (phone: string) => hash('sha256', salt + phone, 'base64url');
  const kept = new Map<string, Kept>();
  return {
    async find(phone, at) {
      const entry = kept.get(keyOf(phone));
      return entry !== undefined && entry.expires > at ? entry.status : undefined;
    },
    async keep(phone, status, at, expires) {
      const key = keyOf(phone);
      // Every entry lives equally long and is inserted last (a Map keeps insertion order), so the oldest expires
      // first: expired entries are dropped from the front, and when the cache is full the oldest goes.
      kept.delete(key);
      for (const [oldKey, old] of kept) {
        if (old.expires > at && kept.size < maxNumbers) break;
        kept.delete(oldKey);
      }
      kept.set(key, { status, expires });
    },
  };
}
