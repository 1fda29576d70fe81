import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  collectDefaultMetrics,
  Counter as PromCounter,
  Gauge,
  Histogram as PromHistogram,
  Registry,
} from 'prom-client';
import { routeTemplateMatcher } from '../api/routeTemplate.js';

/**
 * The Node services' Prometheus metrics (gateway, provider), kept and exposed by prom-client.
 * The small classes below only fix each metric's label names where it is declared and read a
 * value back (tests). Node only: not part of the shared index the web bundles.
 */
type Labels = Readonly<Record<string, string>>;

/** How often the event loop's delay is sampled (ms): fine enough for a 50 ms target's p99. */
const EVENT_LOOP_RESOLUTION_MS = 5;

/**
 * How late the event loop ran a timer: from a millisecond to a stall. A 50 ms target (issue 25)
 * is a bucket bound, so a p99 read from the buckets says exactly whether it holds.
 */
const EVENT_LOOP_DELAY_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** The delay probe's period (ms): one observation per period, and one per stall, however long. */
const EVENT_LOOP_PROBE_MS = 10;

/** REST answers: from a few ms (a list) to a minute (a proxy's time-out). */
const HTTP_DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

/** Methods kept as they are in labels; anything else is `OTHER`. */
const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

const sameLabels = (found: Readonly<Record<string, unknown>>, wanted: Labels) =>
  Object.keys(found).length === Object.keys(wanted).length &&
  Object.entries(wanted).every(([name, value]) => found[name] === value);

export class Counter {
  constructor(private readonly metric: PromCounter) {}

  inc(labels: Labels = {}, amount = 1): void {
    this.metric.inc(labels, amount);
  }

  /** The count so far for exactly these labels. */
  async get(labels: Labels = {}): Promise<number> {
    const { values } = await this.metric.get();
    return values.find((value) => sameLabels(value.labels, labels))?.value ?? 0;
  }
}

export class Histogram {
  constructor(private readonly metric: PromHistogram) {}

  observe(value: number, labels: Labels = {}): void {
    this.metric.observe(labels, value);
  }

  /** Observations so far for exactly these labels. */
  async count(labels: Labels = {}): Promise<number> {
    const { values } = await this.metric.get();
    return values.find((value) => value.metricName?.endsWith('_count') && sameLabels(value.labels, labels))?.value ?? 0;
  }
}

export class MetricsRegistry {
  readonly registry = new Registry();

  counter(name: string, help: string, labelNames: readonly string[] = []): Counter {
    return new Counter(new PromCounter({ name, help, labelNames, registers: [this.registry] }));
  }

  /** A histogram with cumulative buckets `le` (upper bounds, ascending). */
  histogram(name: string, help: string, buckets: readonly number[], labelNames: readonly string[] = []): Histogram {
    return new Histogram(
      new PromHistogram({ name, help, buckets: [...buckets], labelNames, registers: [this.registry] }),
    );
  }

  /** A gauge read when the metrics are scraped. */
  gauge(name: string, help: string, read: () => number): void {
    new Gauge({
      name,
      help,
      registers: [this.registry],
      collect() {
        this.set(read());
      },
    });
  }

  /**
   * The process's own series under `prefix`: CPU, resident memory and heap
   * (`process_resident_memory_bytes`, `nodejs_heap_size_used_bytes`), handles, and the event
   * loop's delay from perf_hooks.monitorEventLoopDelay (`nodejs_eventloop_lag_p50_seconds`,
   * `_p99_`, `_max_`: over the time since the previous scrape, which resets them); and
   * `${prefix}event_loop_delay_seconds`, a histogram of how late a 10 ms timer fired, which
   * never resets, so a p99 over any window (a benchmark's phase, Grafana's rate interval) is
   * read from its buckets' increase.
   */
  processMetrics(prefix: string): void {
    collectDefaultMetrics({
      register: this.registry,
      prefix,
      eventLoopMonitoringPrecision: EVENT_LOOP_RESOLUTION_MS,
    });
    const delay = this.histogram(
      `${prefix}event_loop_delay_seconds`,
      `How late the event loop ran a timer set every ${EVENT_LOOP_PROBE_MS} ms (one observation per run, a stall counts once whatever its length).`,
      EVENT_LOOP_DELAY_BUCKETS,
    );
    let due = performance.now() + EVENT_LOOP_PROBE_MS;
    const probe = () => {
      const now = performance.now();
      delay.observe(Math.max(0, now - due) / 1000);
      due = now + EVENT_LOOP_PROBE_MS;
      setTimeout(probe, EVENT_LOOP_PROBE_MS).unref();
    };
    setTimeout(probe, EVENT_LOOP_PROBE_MS).unref();
  }

  /**
   * Times every request into `${prefix}http_request_duration_seconds`, labelled by `method`, the
   * declared `route` template it took (routeTemplate.ts: never the raw URL, so the series stay
   * few whatever paths callers send) and `status_class` (2xx..5xx). Mounted first, as Express
   * middleware.
   *
   * @param own the process's own fixed paths beside the API (`/healthz`, `/metrics`).
   */
  httpRequests(prefix: string, own: readonly string[]) {
    const duration = this.histogram(
      `${prefix}http_request_duration_seconds`,
      'Time from a request to the end of its answer, by method, declared route template and status class.',
      HTTP_DURATION_BUCKETS,
      ['method', 'route', 'status_class'],
    );
    const routeOf = routeTemplateMatcher(own);
    return (request: IncomingMessage, response: ServerResponse, next: () => void): void => {
      const started = process.hrtime.bigint();
      const method = KNOWN_METHODS.has(request.method ?? '') ? (request.method as string) : 'OTHER';
      // Read before routers rewrite request.url for the path below their mount point.
      const route = routeOf(method, request.url ?? '');
      response.once('close', () => {
        // An answer cut off before its head was sent counts as the status it was about to send.
        const statusClass = `${Math.min(5, Math.max(1, Math.floor(response.statusCode / 100)))}xx`;
        duration.observe(Number(process.hrtime.bigint() - started) / 1e9, {
          method,
          route,
          status_class: statusClass,
        });
      });
      next();
    };
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  /** The text exposition format, and its media type. */
  async render(): Promise<{ readonly text: string; readonly contentType: string }> {
    return { text: await this.registry.metrics(), contentType: this.registry.contentType };
  }
}

export { parseExposition, sampleValue, type Sample } from './exposition.js';
