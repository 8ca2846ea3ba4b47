/** How the console writes times and ranges: the reader's own locale and time zone. */
const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const withSeconds = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

export function formatTime(iso: string | null, precise = false): string {
  if (iso === null) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return (precise ? withSeconds : dateTime).format(date);
}

/** A local date as the API's date filters take it: YYYY-MM-DD. */
export function isoDate(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The last `days` days up to today, as the counts and exports start out. */
export function recentRange(days: number, today = new Date()): { from: string; to: string } {
  const start = new Date(today);
  start.setDate(start.getDate() - (days - 1));
  return { from: isoDate(start), to: isoDate(today) };
}

/** A text field's value from a submitted form, trimmed ('' when the form has no such text field). */
export function fieldText(data: FormData, name: string): string {
  const value = data.get(name);
  return typeof value === 'string' ? value.trim() : '';
}

/** A proportion (0 to 1) as a percentage with one decimal: 0.125 is "12.5 %". */
export function formatPercent(rate: number): string {
  return `${(rate * 100).toFixed(1)} %`;
}

/** A duration in seconds, to a tenth; "—" when there is none. */
export function formatSeconds(seconds: number | null): string {
  return seconds === null ? '—' : `${seconds.toFixed(1)} s`;
}

/** US dollars with cents, as buyers pay them: "$1,234.50". */
const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/**
 * An amount of US dollars as the API sends it (exact, "1234.50"), formatted from that text so no float rounds it;
 * "—" when there is none: a sale at no stated price is not a sale at $0.
 */
export function formatUsd(amount: string | null): string {
  return amount === null ? '—' : dollars.format(amount as Intl.StringNumericLiteral);
}
