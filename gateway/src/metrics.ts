/**
 * A handful of Prometheus counters, gauges and histograms, written out by hand in the text
 * exposition format: not worth a library for this few.
 */
type Labels = Readonly<Record<string, string>>;

interface Metric {
  readonly name: string;
  readonly help: string;
  readonly type: 'counter' | 'gauge' | 'histogram';
  readonly values: Map<string, number>;
  readonly read?: () => number;
  /** Histograms only: upper bounds, and per label set the bucket counts, sum and count. */
  readonly buckets?: readonly number[];
  readonly series?: Map<string, HistogramSeries>;
}

interface HistogramSeries {
  readonly counts: number[];
  sum: number;
  count: number;
}

const labelKey = (labels: Labels) =>
  Object.entries(labels)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, value]) => `${name}="${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`)
    .join(',');

export class Counter {
  constructor(private readonly metric: Metric) {}

  inc(labels: Labels = {}, amount = 1): void {
    const key = labelKey(labels);
    this.metric.values.set(key, (this.metric.values.get(key) ?? 0) + amount);
  }

  get(labels: Labels = {}): number {
    return this.metric.values.get(labelKey(labels)) ?? 0;
  }
}

export class Histogram {
  constructor(private readonly metric: Metric & { buckets: readonly number[]; series: Map<string, HistogramSeries> }) {}

  observe(value: number, labels: Labels = {}): void {
    const key = labelKey(labels);
    let series = this.metric.series.get(key);
    if (!series) {
      series = { counts: this.metric.buckets.map(() => 0), sum: 0, count: 0 };
      this.metric.series.set(key, series);
    }
    const { buckets } = this.metric;
    for (let index = 0; index < buckets.length; index += 1) {
      if (value <= (buckets[index] ?? Infinity)) series.counts[index] = (series.counts[index] ?? 0) + 1;
    }
    series.sum += value;
    series.count += 1;
  }

  /** Observations so far for these labels. */
  count(labels: Labels = {}): number {
    return this.metric.series.get(labelKey(labels))?.count ?? 0;
  }
}

const withLabel = (key: string, extra: string) => (key ? `{${key},${extra}}` : `{${extra}}`);

export class MetricsRegistry {
  private readonly metrics: Metric[] = [];

  counter(name: string, help: string): Counter {
    const metric: Metric = { name, help, type: 'counter', values: new Map() };
    this.metrics.push(metric);
    return new Counter(metric);
  }

  /** A histogram with cumulative buckets `le` (upper bounds, ascending). */
  histogram(name: string, help: string, buckets: readonly number[]): Histogram {
    const metric = { name, help, type: 'histogram' as const, values: new Map(), buckets, series: new Map() };
    this.metrics.push(metric);
    return new Histogram(metric);
  }

  /** A gauge read when the metrics are scraped. */
  gauge(name: string, help: string, read: () => number): void {
    this.metrics.push({ name, help, type: 'gauge', values: new Map(), read });
  }

  render(): string {
    const lines: string[] = [];
    for (const metric of this.metrics) {
      lines.push(`# HELP ${metric.name} ${metric.help}`, `# TYPE ${metric.name} ${metric.type}`);
      if (metric.series && metric.buckets) {
        for (const [key, series] of metric.series) {
          metric.buckets.forEach((bound, index) =>
            lines.push(`${metric.name}_bucket${withLabel(key, `le="${bound}"`)} ${series.counts[index] ?? 0}`),
          );
          lines.push(`${metric.name}_bucket${withLabel(key, 'le="+Inf"')} ${series.count}`);
          lines.push(`${metric.name}_sum${key ? `{${key}}` : ''} ${series.sum}`);
          lines.push(`${metric.name}_count${key ? `{${key}}` : ''} ${series.count}`);
        }
      } else if (metric.read) {
        lines.push(`${metric.name} ${metric.read()}`);
      } else if (metric.values.size === 0) {
        lines.push(`${metric.name} 0`);
      } else {
        for (const [key, value] of metric.values) lines.push(`${metric.name}${key ? `{${key}}` : ''} ${value}`);
      }
    }
    return `${lines.join('\n')}\n`;
  }
}

/** The gateway's own metrics. */
export function createGatewayMetrics() {
  const registry = new MetricsRegistry();
  return {
    registry,
    /** Labels: `source` (proxy, session, clock, probe, devices_state, device_status, system_logs, access). */
    upstreamRequests: registry.counter('halo_gateway_upstream_requests_total', 'Requests the gateway sent upstream.'),
    /** Labels: `source`, `reason` (network, timeout, status). */
    upstreamFailures: registry.counter(
      'halo_gateway_upstream_failures_total',
      'Upstream requests that failed (no answer, time-out or an unexpected status).',
    ),
    /** Labels: `result` (valid, ended, error). */
    sessionChecks: registry.counter('halo_gateway_session_checks_total', 'Session checks made with the upstream.'),
    /** Labels: `limiter` (auth, api). */
    rateLimited: registry.counter('halo_gateway_rate_limited_total', 'Requests refused with 429.'),
    /** Labels: `source` as upstreamRequests (the gateway's own polling calls). */
    upstreamLatency: registry.histogram(
      'halo_gateway_upstream_request_duration_seconds',
      "Time to an answer of the gateway's own upstream calls made by the pollers.",
      [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    ),
    /** Labels: `kind` (incremental, full). */
    pollDuration: registry.histogram(
      'halo_gateway_poll_duration_seconds',
      'Duration of one poll cycle of an environment, upstream calls included.',
      [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    ),
    /** Labels: `result` (ok, failed). */
    polls: registry.counter('halo_gateway_polls_total', 'Poll cycles run by this gateway.'),
    deltaBytes: registry.histogram(
      'halo_gateway_delta_bytes',
      'Size of one devices.delta in JSON, as published.',
      [256, 1024, 4096, 16_384, 65_536, 262_144, 1_048_576, 4_194_304],
    ),
    /** From a delta's arrival at this gateway's feed to its last socket write being queued. */
    fanoutDuration: registry.histogram(
      'halo_gateway_fanout_duration_seconds',
      'Time to hand one delta to every subscribed socket of this gateway.',
      [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25],
    ),
    deltaDevices: registry.histogram(
      'halo_gateway_delta_devices',
      'Devices changed or removed in one devices.delta.',
      [1, 5, 10, 50, 100, 500, 1000, 5000, 20_000],
    ),
    /** Devices found changed or removed by a full re-poll that the incremental polls missed. */
    driftCorrections: registry.counter(
      'halo_gateway_drift_corrections_total',
      'Devices a full re-poll found changed or removed that the incremental polls had missed.',
    ),
    /** Labels: `reason` (subscribe, resync, epoch). */
    snapshotsSent: registry.counter('halo_gateway_snapshots_sent_total', 'devices.snapshot payloads sent.'),
    replays: registry.counter('halo_gateway_replays_total', 'Subscriptions resumed by replaying missed deltas.'),
    slowConsumerDrops: registry.counter(
      'halo_gateway_slow_consumer_drops_total',
      'Sockets taken out of the delta stream because their buffer was full.',
    ),
    slowConsumerDisconnects: registry.counter(
      'halo_gateway_slow_consumer_disconnects_total',
      'Slow sockets closed because they did not catch up in time.',
    ),
  };
}
export type GatewayMetrics = ReturnType<typeof createGatewayMetrics>;
