/** The periods a buyer's caps count in: its day and its month, in its own time zone (buyer_cap_usage.period_key). */
import type { RoutedBuyer } from '../buyer.ts';
import type { CapSlot } from './route-store.ts';
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

/** The buyer's caps with the periods they count in at `now`: what reserving it takes a slot of. */
export function capSlot(buyer: Pick<RoutedBuyer, 'timeZone' | 'caps'>, now: Date): CapSlot {
  return { perDay: buyer.caps.perDay, perMonth: buyer.caps.perMonth, ...capPeriods(buyer.timeZone, now) };
}
