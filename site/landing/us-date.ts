/**
 * An ISO calendar date (yyyy-mm-dd) as US readers write it: "2025-03-14" → "March 14, 2025". Written out rather than
 * with Intl.DateTimeFormat: the page's first Intl formatter loads the locale data, a long task on a slow phone, and
 * these dates need no locale. The content check (site/content/check.ts) has made sure each is a real date.
 */
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

export function formatUsDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  return `${MONTHS[month - 1]} ${day}, ${year}`;
}
