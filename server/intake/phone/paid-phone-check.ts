/**
 * A paid phone lookup spent only where it can tell something (docs/decisions/041-rate-limits-and-phone-costs.md,
 * docs/decisions/090-limits-across-servers.md):
 * - the offline check answers first, and a number the number plan rules out never reaches the provider;
 * - the provider's answer for a number is reused for a configured time (phone-answers.ts: on PostgreSQL by every
 *   server on the database), and asked once however many requests for the number arrive at this server while it is
 *   being looked up;
 * - at most a daily number of calls per UTC day, counted in the database for every server on it; past it the offline
 *   check answers until midnight UTC, and the server logs once that the cap was reached. When the count cannot be
 *   taken, nothing is spent and the offline check answers;
 * - a provider failure (timeout, HTTP error, an answer without a status) is answered by the offline check too.
 * Nothing logged holds the number.
 */
import { hash, randomBytes } from 'node:crypto';
import type { DailyLookupCalls } from './daily-lookup-calls.ts';
import type { PhoneLookup } from './http-phone-check.ts';
import { processPhoneAnswers, type PhoneAnswers } from './phone-answers.ts';
import { offlinePhoneCheck, type PhoneCheck } from './phone-check.ts';

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
  /** Where answers are kept; default: this process's memory. */
  answers?: PhoneAnswers;
}

export function paidPhoneCheck(options: PaidPhoneCheckOptions): PhoneCheck {
  const { lookup, cacheMs, dailyCap, calls, now, warn, answers = processPhoneAnswers() } = options;
  // The numbers being looked up, by a hash salted in this process (a heap snapshot lists no numbers): requests for
  // one wait for its lookup rather than start another.
  const salt = randomBytes(32).toString('base64');
  const keyOf = (phone: string) => hash('sha256', salt + phone, 'base64url');
  const asking = new Map<string, Promise<string | undefined>>();
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

  /** The answer kept for the number; none when it cannot be read, and the lookup goes on within the cap. */
  async function keptAnswer(phone: string, at: number): Promise<string | undefined> {
    if (cacheMs === 0) return undefined;
    try {
      return await answers.find(phone, at);
    } catch (error) {
      warn(`phone lookup answers not read (${(error as Error).message}): the number is looked up`);
      return undefined;
    }
  }

  /** The kept answer, else the provider's within the cap, kept; undefined when the offline check must answer. */
  async function answer(phone: string, at: number): Promise<string | undefined> {
    const kept = await keptAnswer(phone, at);
    if (kept !== undefined) return kept;
    let status: string;
    try {
      if (!(await withinCap(at))) return undefined;
      status = await lookup(phone);
    } catch (error) {
      // A failure is not kept: the number is looked up again next time.
      warn(`phone lookup failed (${(error as Error).message}): the offline check answered`);
      return undefined;
    }
    if (cacheMs > 0) {
      await answers.keep(phone, status, at, at + cacheMs).catch((error: unknown) => {
        warn(`phone lookup answer not kept (${(error as Error).message}): the number may be looked up again`);
      });
    }
    return status;
  }

  return {
    async status(phone) {
      const offline = await offlinePhoneCheck.status(phone);
      if (offline === 'invalid') return offline;
      const key = keyOf(phone);
      let asked = asking.get(key);
      if (asked === undefined) {
        asked = answer(phone, now()).finally(() => asking.delete(key));
        asking.set(key, asked);
      }
      return (await asked) ?? offline;
    },
  };
}
