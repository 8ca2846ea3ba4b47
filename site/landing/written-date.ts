/**
 * An ISO calendar date (yyyy-mm-dd) written as the page's language writes it, from its words: with
 * "{month} {day}, {year}" and the English months, "2025-03-14" → "March 14, 2025"; with "{day} de {month} de {year}"
 * and the Spanish ones, "14 de marzo de 2025". Written out rather than with Intl.DateTimeFormat: the page's first Intl
 * formatter loads the locale data, a long task on a slow phone, and the words are in the content already. The content
 * check (site/content/check.ts) has made sure each is a real date.
 */
import { fillPlaceholders } from '../../engine/display/text.ts';

export interface DateWords {
  /** "{month} {day}, {year}". */
  dateFormat: string;
  /** The twelve months, January first. */
  months: readonly string[];
}

export function formatDate(isoDate: string, words: DateWords): string {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  return fillPlaceholders(words.dateFormat, {
    month: words.months[month - 1],
    day: String(day),
    year: String(year),
  });
}
