/**
 * A request's query string, checked parameter by parameter so that each bad one is named in the 400 (the console's
 * lists, exports and funnel), and the SQL conditions its values become, with their parameters numbered as they are
 * added.
 */

/** A parameter that is not what it must be: the field, the rule it breaks, and a sentence saying what to send. */
export interface FieldProblem {
  field: string;
  keyword: string;
  message: string;
}

export type Query = Record<string, unknown>;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const MAX_TEXT = 200;

/** Days from `from` (00:00 UTC) to the end of `to` (an exclusive end: the next day's start). */
export interface DateRange {
  from?: string;
  to?: string;
}

/** One text parameter (a repeated parameter is refused). */
export function queryText(query: Query, name: string, problems: FieldProblem[]): string | undefined {
  const value = query[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') {
    problems.push({ field: name, keyword: 'type', message: `${name} must be given once` });
    return undefined;
  }
  if (value.length > MAX_TEXT) {
    problems.push({ field: name, keyword: 'maxLength', message: `${name} must be at most ${MAX_TEXT} characters` });
    return undefined;
  }
  return value;
}

function isDay(value: string): boolean {
  if (!DATE.test(value)) return false;
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(value);
}

/** from and to, each a YYYY-MM-DD day, from not after to. */
export function checkDateRange(query: Query, problems: FieldProblem[]): DateRange {
  const range: DateRange = {};
  for (const name of ['from', 'to'] as const) {
    const value = queryText(query, name, problems);
    if (value === undefined || value === '') continue;
    if (isDay(value)) range[name] = value;
    else problems.push({ field: name, keyword: 'format', message: `${name} must be a date as YYYY-MM-DD` });
  }
  if (range.from !== undefined && range.to !== undefined && range.from > range.to) {
    problems.push({ field: 'to', keyword: 'minimum', message: 'to must not be before from' });
  }
  return range;
}

/** SQL conditions (joined with `and`) and their parameters, numbered from $1. */
export class Conditions {
  readonly clauses: string[] = [];
  readonly params: unknown[] = [];

  add(clause: (param: (value: unknown) => string) => string): void {
    this.clauses.push(clause((value) => `$${this.params.push(value)}`));
  }

  get where(): string {
    return this.clauses.length === 0 ? '' : `where ${this.clauses.join(' and ')}`;
  }
}

export const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 24 * 60 * 60 * 1000).toISOString();
