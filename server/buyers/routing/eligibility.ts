/**
 * Whether a buyer takes a lead, by its filters and then its hours: undefined when it does, else why not, in one short
 * line an operator reads in the console beside the lead (lead_routes.reason). Reasons name the lead's state, amount,
 * months in business, loan purpose and flow version, which say nothing of who the visitor is, but never its credit
 * score. Caps and the dedupe window need the database: the router checks them after these.
 */
import type { BuyerFilters, BuyerRules, BuyerSchedule, RoutableLead, Weekday } from '../buyer.ts';
import { zonedTime } from './zoned-time.ts';

export const WEEKDAYS: readonly Weekday[] = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];

type Range = { min?: number; max?: number };

/** Why `value` is outside `range`, as "<what> <value> below its minimum <min>", or undefined when inside. */
function outside(range: Range, value: number, what: (value: number) => string): string | undefined {
  if (range.min !== undefined && value < range.min) return `${what(value)} below its minimum ${range.min}`;
  if (range.max !== undefined && value > range.max) return `${what(value)} above its maximum ${range.max}`;
  return undefined;
}

function filterRefusal(filters: BuyerFilters, lead: RoutableLead): string | undefined {
  const { states, amount, creditScores, monthsInBusiness, loanPurposes, flowVersions } = filters;
  if (states !== undefined) {
    if (lead.state === undefined) return 'no state, and it takes only some states';
    if (!states.includes(lead.state)) return `state ${lead.state} not taken`;
  }
  if (amount !== undefined) {
    if (lead.amount === undefined) return 'no amount, and it takes only some amounts';
    const why = outside(amount, lead.amount, (value) => `amount ${value}`);
    if (why !== undefined) return why;
  }
  if (creditScores !== undefined) {
    if (lead.creditScore === undefined) return 'no credit score, and it takes only some';
    if (!creditScores.includes(lead.creditScore)) return 'credit score not taken';
  }
  if (monthsInBusiness !== undefined) {
    if (lead.monthsInBusiness === undefined) return 'no time in business, and it takes only some';
    const why = outside(monthsInBusiness, lead.monthsInBusiness, (value) => `${value} months in business,`);
    if (why !== undefined) return why;
  }
  if (loanPurposes !== undefined) {
    if (lead.loanPurpose === undefined) return 'no loan purpose, and it takes only some';
    if (!loanPurposes.includes(lead.loanPurpose)) return `loan purpose ${lead.loanPurpose} not taken`;
  }
  if (flowVersions !== undefined && !flowVersions.includes(lead.flowVersion)) {
    return `flow version ${lead.flowVersion} not taken`;
  }
  return undefined;
}

/** The days as a person writes them: runs of three or more as "mon-fri", the rest listed ("sat, sun"). */
export function dayList(days: readonly Weekday[]): string {
  const indexes = WEEKDAYS.flatMap((day, index) => (days.includes(day) ? [index] : []));
  const parts: string[] = [];
  let start = 0;
  while (start < indexes.length) {
    let end = start;
    while (end + 1 < indexes.length && indexes[end + 1] === indexes[end]! + 1) end += 1;
    const run = indexes.slice(start, end + 1).map((index) => WEEKDAYS[index]!);
    parts.push(run.length >= 3 ? `${run[0]}-${run[run.length - 1]}` : run.join(', '));
    start = end + 1;
  }
  return parts.join(', ');
}

/** The buyer's hours as the console shows them: "mon-fri 08:00-18:00 America/New_York". */
function hoursText(schedule: BuyerSchedule, timeZone: string): string {
  return `${dayList(schedule.days)} ${schedule.from}-${schedule.to} ${timeZone}`;
}

/** Whether `now` falls in the schedule's hours in `timeZone`: one of its days, from `from` up to (not at) `to`. */
function withinHours(schedule: BuyerSchedule, timeZone: string, now: Date): boolean {
  const { weekday, time } = zonedTime(timeZone, now);
  // "HH:MM" strings of equal length compare as the times they write.
  return schedule.days.includes(weekday) && time >= schedule.from && time < schedule.to;
}

/** Why the buyer does not take the lead now, or undefined when it does (caps and dedupe aside). */
export function whyNotEligible(buyer: BuyerRules, lead: RoutableLead, now: Date): string | undefined {
  const refusal = filterRefusal(buyer.filters, lead);
  if (refusal !== undefined) return refusal;
  if (buyer.schedule !== undefined && !withinHours(buyer.schedule, buyer.timeZone, now)) {
    return `outside its hours (${hoursText(buyer.schedule, buyer.timeZone)})`;
  }
  return undefined;
}
