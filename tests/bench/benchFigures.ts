import type { Sample } from '@halo/shared/metrics';
import { readFileSync } from 'node:fs';
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

/** A process's resident memory now and its peak so far (VmRSS, VmHWM), in MB, from /proc. */
export function processMemoryMB(pid: number): { readonly resident: number; readonly peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? Number.NaN) / 1024;
  return { resident: field('VmRSS'), peak: field('VmHWM') };
}

/** A histogram's cumulative buckets (upper bound `le` to count) as a /metrics answer holds them. */
export function histogramBuckets(samples: readonly Sample[], name: string): Map<number, number> {
  const buckets = new Map<number, number>();
  for (const sample of samples)
    if (sample.name === `${name}_bucket` && sample.labels.le !== undefined)
      buckets.set(sample.labels.le === '+Inf' ? Number.POSITIVE_INFINITY : Number(sample.labels.le), sample.value);
  return buckets;
}

/**
 * The q-quantile of what a histogram counted between two readings of its buckets, as
 * Prometheus' histogram_quantile reads an increase: linear within the bucket it falls in (the
 * last finite bound when it falls in +Inf). NaN when nothing was counted.
 */
export function quantileBetween(before: Map<number, number>, after: Map<number, number>, q: number): number {
  const bounds = [...after.keys()].sort((a, b) => a - b);
  const counted = (bound: number) => (after.get(bound) ?? 0) - (before.get(bound) ?? 0);
  const total = counted(Number.POSITIVE_INFINITY);
  if (!(total > 0)) return Number.NaN;
  const rank = q * total;
  let lower = 0;
  let below = 0;
  for (const bound of bounds) {
    const cumulative = counted(bound);
    if (cumulative >= rank) {
      if (bound === Number.POSITIVE_INFINITY) return lower;
      return lower + ((bound - lower) * (rank - below)) / Math.max(1, cumulative - below);
    }
    lower = bound;
    below = cumulative;
  }
  return lower;
}
