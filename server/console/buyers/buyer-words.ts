/**
 * A buyer's rules as an operator reads them on the Lenders page: each filter a short phrase, its hours a line. The
 * wording follows routing's own reasons ("outside its hours (mon-fri 08:00-18:00 America/New_York)").
 */
import {
  type BuyerFilters,
  type BuyerRules,
  type BuyerSchedule,
  dayList,
  type Weekday,
  WEEKDAYS,
} from '../../buyers/index.ts';

const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

function range(
  bounds: { min?: number; max?: number },
  write: (value: number) => string,
  unit = '',
): string | undefined {
  const { min, max } = bounds;
  if (min !== undefined && max !== undefined) return `${write(min)} to ${write(max)}${unit}`;
  if (min !== undefined) return `${write(min)}${unit} or more`;
  if (max !== undefined) return `up to ${write(max)}${unit}`;
  return undefined;
}

function filterWords(filters: BuyerFilters): string[] {
  const words: string[] = [];
  const list = (label: string, values: readonly string[] | undefined) => {
    if (values !== undefined) words.push(`${label} ${values.join(', ')}`);
  };
  list('states', filters.states);
  const amount = filters.amount === undefined ? undefined : range(filters.amount, (value) => dollars.format(value));
  if (amount !== undefined) words.push(`amount ${amount}`);
  list('credit scores', filters.creditScores);
  const months =
    filters.monthsInBusiness === undefined ? undefined : range(filters.monthsInBusiness, String, ' months');
  if (months !== undefined) words.push(`in business ${months}`);
  list('loan purposes', filters.loanPurposes);
  list('flow versions', filters.flowVersions);
  return words;
}

/** Each filter in words, then the dedupe window; "every lead" when nothing narrows what it takes. */
export function rulesInWords(buyer: Pick<BuyerRules, 'filters' | 'dedupeDays'>): string[] {
  const words = filterWords(buyer.filters);
  if (buyer.dedupeDays !== undefined) {
    words.push(`no email or phone it received in the last ${buyer.dedupeDays} days`);
  }
  return words.length === 0 ? ['every lead'] : words;
}

/** Days in week order, runs of three or more joined: "mon-fri", "mon, wed, fri", "sat-sun". */
function daysInWords(days: readonly Weekday[]): string {
  return WEEKDAYS.every((day) => days.includes(day)) ? 'every day' : dayList(days);
}

/** Its hours, "mon-fri 08:00-18:00", or "any day, any time" without a schedule. */
export function scheduleInWords(schedule: BuyerSchedule | undefined): string {
  if (schedule === undefined) return 'any day, any time';
  return `${daysInWords(schedule.days)} ${schedule.from}-${schedule.to}`;
}
