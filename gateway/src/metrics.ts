/**
 * A handful of Prometheus counters and gauges, written out by hand in the text exposition
 * format: not worth a library for this few.
 */
type Labels = Readonly<Record<string, string>>;

interface Metric {
  readonly name: string;
  readonly help: string;
  readonly type: 'counter' | 'gauge';
  readonly values: Map<string, number>;
  readonly read?: () => number;
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

export class MetricsRegistry {
  private readonly metrics: Metric[] = [];

  counter(name: string, help: string): Counter {
    const metric: Metric = { name, help, type: 'counter', values: new Map() };
    this.metrics.push(metric);
    return new Counter(metric);
  }

  /** A gauge read when the metrics are scraped. */
  gauge(name: string, help: string, read: () => number): void {
    this.metrics.push({ name, help, type: 'gauge', values: new Map(), read });
  }

  render(): string {
    const lines: string[] = [];
    for (const metric of this.metrics) {
      lines.push(`# HELP ${metric.name} ${metric.help}`, `# TYPE ${metric.name} ${metric.type}`);
      if (metric.read) {
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
    /** Labels: `source` (proxy, session, clock, probe). */
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
  };
}
export type GatewayMetrics = ReturnType<typeof createGatewayMetrics>;
