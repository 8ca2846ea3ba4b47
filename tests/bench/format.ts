/** How the bench prints numbers and its tables (Markdown, so the output pastes into docs/performance.md as is). */

export type Unit = 'score' | 'ms' | 'cls' | 'bytes' | 'count' | 'per-second' | 'megabytes';

const NUMBER = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** A value in its unit: "1,234 ms", "88.4 KB", "0.012", "n/a" when missing. KB here is 1,000 bytes. */
export function formatValue(value: number | undefined, unit: Unit): string {
  if (value === undefined || Number.isNaN(value)) return 'n/a';
  switch (unit) {
    case 'score':
      return value.toFixed(0);
    case 'ms':
      return value < 10 ? `${value.toFixed(1)} ms` : `${NUMBER.format(value)} ms`;
    case 'cls':
      return value.toFixed(3);
    case 'bytes':
      return value >= 1_000_000 ? `${(value / 1_000_000).toFixed(2)} MB` : `${(value / 1000).toFixed(1)} KB`;
    case 'count':
      return NUMBER.format(value);
    case 'per-second':
      return `${NUMBER.format(value)}/s`;
    case 'megabytes':
      return `${NUMBER.format(value)} MB`;
  }
}

/** A ratio as "1.23×" ("—" when missing); fewer decimals for large ones. */
export function formatRatio(value: number | undefined): string {
  if (value === undefined || Number.isNaN(value)) return '—';
  if (value >= 100) return `${value.toFixed(0)}×`;
  if (value >= 10) return `${value.toFixed(1)}×`;
  return `${value.toFixed(2)}×`;
}

/**
 * A Markdown table with padded columns. `numeric` columns are right-aligned (the separator gets a colon on the
 * right), the others left-aligned. Pipes inside cells are escaped.
 */
export function formatTable(
  headers: readonly string[],
  rows: readonly (readonly string[])[],
  numeric: readonly boolean[] = [],
): string {
  const escape = (cell: string) => cell.replaceAll('|', '\\|');
  const body = rows.map((row) => headers.map((_, column) => escape(row[column] ?? '')));
  const head = headers.map(escape);
  const widths = head.map((header, column) => Math.max(3, header.length, ...body.map((row) => row[column]!.length)));
  const line = (cells: readonly string[]) =>
    `| ${cells.map((cell, column) => (numeric[column] ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!))).join(' | ')} |`;
  const separator = `|${widths.map((width, column) => (numeric[column] ? `${'-'.repeat(width + 1)}:` : '-'.repeat(width + 2))).join('|')}|`;
  return [line(head), separator, ...body.map(line)].join('\n');
}
