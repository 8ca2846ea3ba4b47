/** The periods a buyer's caps count in: its day and its month, in its own time zone (buyer_cap_usage.period_key). */
import { zonedTime } from './zoned-time.ts';

export interface CapPeriods {
  /** YYYY-MM-DD */
  day: string;
  /** YYYY-MM */
  month: string;
}

export function capPeriods(timeZone: string, now: Date): CapPeriods {
  const { year, month, day } = zonedTime(timeZone, now);
  return { day: `${year}-${month}-${day}`, month: `${year}-${month}` };
}
