/** US dollar amounts as the form shows them: "$1,250,000". */
let dollars: Intl.NumberFormat | undefined;

export function formatDollars(amount: number): string {
  // Made on first use, not when the page's script starts: the first Intl formatter loads the locale data, a long task
  // on a slow phone, and the start screen shows no amount.
  dollars ??= new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
  return dollars.format(amount);
}

/** Thousands separators without a symbol: "1,250,000". */
export function groupDigits(amount: number): string {
  return amount.toLocaleString('en-US', { maximumFractionDigits: 0 });
}
