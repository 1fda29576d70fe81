/** What the benchmarks print with: percentiles and a two-column table. */

/** The p-th percentile (0-100) of the values, NaN when there are none. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

export const ms = (value: number) => (Number.isFinite(value) ? `${value.toFixed(1)} ms` : 'n/a');

/** Median, p95 and max, each written by `format`. */
export const spread = (values: readonly number[], format: (value: number) => string = ms) =>
  values.length === 0
    ? 'n/a'
    : `median ${format(percentile(values, 50))}, p95 ${format(percentile(values, 95))}, max ${format(Math.max(...values))}`;

/** A titled table of name/value rows, the names padded to one width. */
export function figureTable(title: string, rows: readonly (readonly [string, string])[]): string {
  const width = Math.max(...rows.map(([name]) => name.length));
  return `\n${title}\n${rows.map(([name, value]) => `  ${name.padEnd(width)}  ${value}`).join('\n')}\n`;
}
