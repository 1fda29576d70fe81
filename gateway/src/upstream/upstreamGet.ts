import type { GatewayMetrics } from '../metrics.js';
import type { UpstreamStatusTracker } from './upstreamStatus.js';

export interface UpstreamGetOptions {
  readonly metrics: GatewayMetrics;
  readonly status: UpstreamStatusTracker;
  /** The metrics' `source` label of this call. */
  readonly source: string;
  readonly headers?: Record<string, string>;
  readonly timeoutMs: number;
  /** Observe the time to an answer (the pollers' calls are timed; the gateway's own checks are not). */
  readonly timed?: boolean;
}

export type UpstreamGetAnswer =
  /** An answer below 500; `body` is its JSON, undefined when it was empty or not JSON. */
  | { readonly ok: true; readonly status: number; readonly body: unknown }
  /** No answer, a time-out or a 5xx: counted as an upstream failure already. */
  | { readonly ok: false; readonly detail: string; readonly status?: number };

/**
 * One GET to the upstream, as every gateway call makes it: JSON accepted, a time-out, the
 * request counted; a network failure, time-out or 5xx counts as an upstream failure here (the
 * status tracker hears of it), any other answer is the caller's to judge.
 */
export async function upstreamGet(url: string, options: UpstreamGetOptions): Promise<UpstreamGetAnswer> {
  const { metrics, status, source } = options;
  metrics.upstreamRequests.inc({ source });
  const started = performance.now();
  try {
    const response = await fetch(url, {
      headers: { accept: 'application/json', ...options.headers },
      signal: AbortSignal.timeout(options.timeoutMs),
    });
    const text = await response.text();
    if (options.timed) metrics.upstreamLatency.observe((performance.now() - started) / 1000, { source });
    if (response.status >= 500) {
      metrics.upstreamFailures.inc({ source, reason: 'status' });
      status.recordFailure();
      return { ok: false, detail: `the upstream answered ${response.status}`, status: response.status };
    }
    return { ok: true, status: response.status, body: parseJson(text) };
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    metrics.upstreamFailures.inc({ source, reason: timedOut ? 'timeout' : 'network' });
    status.recordFailure();
    return { ok: false, detail: error instanceof Error ? error.message : String(error) };
  }
}

/** The JSON of a body; undefined (which JSON never is) for an empty or malformed one. */
function parseJson(text: string): unknown {
  try {
    return text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    return undefined;
  }
}
