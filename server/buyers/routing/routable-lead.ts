/**
 * What routing reads of a stored lead: its payload as intake kept it (our page's leads and other clients' alike, so
 * an amount may come as a number or as numeric text, a month as "03", 3 or "March"). A value that is missing or
 * cannot be read is undefined: a buyer filtering on it then refuses the lead with a reason (eligibility.ts).
 */
import type { RoutableLead } from '../buyer.ts';

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
] as const;

function text(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}

/** Dollars, as a number or as text such as "50000", "50,000" or "$50,000.00". */
function dollars(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? value : undefined;
  const written = text(value)?.replace(/^\$/, '').replaceAll(',', '');
  if (written === undefined || !/^\d+(\.\d+)?$/.test(written)) return undefined;
  return Number(written);
}

/** 1 to 12, from 3, "03", "3", "March" or "Mar". */
function monthNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isInteger(value) && value >= 1 && value <= 12 ? value : undefined;
  const written = text(value)?.toLowerCase();
  if (written === undefined) return undefined;
  if (/^\d{1,2}$/.test(written)) return monthNumber(Number(written));
  const index = MONTHS.findIndex((name) => name === written || (written.length >= 3 && name.startsWith(written)));
  return index === -1 ? undefined : index + 1;
}

function yearNumber(value: unknown): number | undefined {
  const year = typeof value === 'number' ? value : /^\d{4}$/.test(text(value) ?? '') ? Number(text(value)) : NaN;
  return Number.isInteger(year) && year >= 1000 && year <= 9999 ? year : undefined;
}

/**
 * Whole months from the start of the business's first month to the lead's arrival (its month in UTC): a business
 * started in January and asking in March has been in business 2 months. A start after the arrival counts as 0.
 */
function monthsInBusiness(payload: Readonly<Record<string, unknown>>, receivedAt: Date): number | undefined {
  const month = monthNumber(payload.business_start_month);
  const year = yearNumber(payload.business_start_year);
  if (month === undefined || year === undefined) return undefined;
  const months = (receivedAt.getUTCFullYear() - year) * 12 + (receivedAt.getUTCMonth() + 1 - month);
  return Math.max(0, months);
}

/** The lead as routing decides on it. */
export function routableLead(
  payload: Readonly<Record<string, unknown>>,
  flowVersion: string,
  receivedAt: Date,
): RoutableLead {
  return {
    state: text(payload.state)?.toUpperCase(),
    amount: dollars(payload.amount),
    creditScore: text(payload.credit_score),
    loanPurpose: text(payload.loan_purpose),
    flowVersion,
    monthsInBusiness: monthsInBusiness(payload, receivedAt),
    receivedAt,
  };
}
