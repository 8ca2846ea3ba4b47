/** Amounts as the form shows them, in the page's locale: "$1,250,000" in "en-US" and in "es-US" alike. */
const dollars = new Map<string, Intl.NumberFormat>();

export function formatDollars(amount: number, locale: string): string {
  // Made on first use, not when the page's script starts: the first Intl formatter loads the locale data, a long task
  // on a slow phone, and the start screen shows no amount.
  let format = dollars.get(locale);
  if (format === undefined) {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
    dollars.set(locale, format);
  }
  return format.format(amount);
}

/** Thousands separators without a symbol, in the page's locale: "1,250,000". */
export function groupDigits(amount: number, locale: string): string {
  return amount.toLocaleString(locale, { maximumFractionDigits: 0 });
}
