/**
 * The buyer's Retry-After header (RFC 9110 section 10.2.3): a number of seconds, or an HTTP date. Anything else is
 * ignored, as if the header were absent.
 */

const SECONDS = /^\d+$/;
/** Every HTTP date form (IMF-fixdate, RFC 850, asctime) starts with the day's name. */
const HTTP_DATE = /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun)[a-z]*[, ]/;

/** Seconds to wait from `now`, 0 for a date already past, undefined for an absent or unreadable header. */
export function retryAfterSeconds(header: string | null, now: Date): number | undefined {
  const value = header?.trim() ?? '';
  if (value === '') return undefined;
  if (SECONDS.test(value)) return Number(value);
  // Date.parse alone takes far more than HTTP dates (a bare "2", say, as a year).
  if (!HTTP_DATE.test(value)) return undefined;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now.getTime()) / 1000));
}
