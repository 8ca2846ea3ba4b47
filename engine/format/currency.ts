/** US dollar amounts as the form shows them: "$1,250,000". */
const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

export function formatDollars(amount: number): string {
  return dollars.format(amount);
}

/** Thousands separators without a symbol: "1,250,000". */
export function groupDigits(amount: number): string {
  return amount.toLocaleString('en-US', { maximumFractionDigits: 0 });
}
