import { MetricsRegistry } from '@halo/shared/metrics';

const GATEWAY_PREFIX = 'halo_gateway_';

/** The gateway's own routes beside the /api/v1 proxy, named as they are in latency labels. */
const GATEWAY_OWN_ROUTES = ['/healthz', '/readyz', '/metrics'];

/** The gateway's own metrics. */
export function createGatewayMetrics() {
  const registry = new MetricsRegistry();
  // The process's own: CPU, memory, event loop delay, handles (halo_gateway_process_*, halo_gateway_nodejs_*).
  registry.processMetrics(GATEWAY_PREFIX);
  return {
    registry,
    /** Express middleware: per-route latency of the gateway's own routes and of its /api/v1 proxy. */
    httpRequests: registry.httpRequests(GATEWAY_PREFIX, GATEWAY_OWN_ROUTES),
    /** Labels: `source` (proxy, session, clock, probe, devices_state, device_status, system_logs, access). */
    upstreamRequests: registry.counter('halo_gateway_upstream_requests_total', 'Requests the gateway sent upstream.', [
      'source',
    ]),
    /** Labels: `source`, `reason` (network, timeout, status). */
    upstreamFailures: registry.counter(
      'halo_gateway_upstream_failures_total',
      'Upstream requests that failed (no answer, time-out or an unexpected status).',
      ['source', 'reason'],
    ),
    /** Labels: `result` (valid, ended, error). */
    sessionChecks: registry.counter('halo_gateway_session_checks_total', 'Session checks made with the upstream.', [
      'result',
    ]),
    /** Labels: `limiter` (auth, api). */
    rateLimited: registry.counter('halo_gateway_rate_limited_total', 'Requests refused with 429.', ['limiter']),
    /** Labels: `source` as upstreamRequests (the gateway's own polling calls). */
    upstreamLatency: registry.histogram(
      'halo_gateway_upstream_request_duration_seconds',
      "Time to an answer of the gateway's own upstream calls made by the pollers.",
      [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      ['source'],
    ),
    /** Labels: `kind` (incremental, full). */
    pollDuration: registry.histogram(
      'halo_gateway_poll_duration_seconds',
      'Duration of one poll cycle of an environment, upstream calls included.',
      [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      ['kind'],
    ),
    /** Labels: `result` (ok, failed). */
    polls: registry.counter('halo_gateway_polls_total', 'Poll cycles run by this gateway.', ['result']),
    deltaBytes: registry.histogram(
      'halo_gateway_delta_bytes',
      'Size of one devices.delta in JSON, as published.',
      [256, 1024, 4096, 16_384, 65_536, 262_144, 1_048_576, 4_194_304],
    ),
    /** From a delta's arrival at this gateway's feed to its last socket write being queued. */
    fanoutDuration: registry.histogram(
      'halo_gateway_fanout_duration_seconds',
      'Time to hand one delta to every subscribed socket of this gateway.',
      [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.15, 0.25, 0.5, 1, 2.5, 5],
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
    snapshotsSent: registry.counter('halo_gateway_snapshots_sent_total', 'devices.snapshot payloads sent.', ['reason']),
    replays: registry.counter('halo_gateway_replays_total', 'Subscriptions resumed by replaying missed deltas.'),
    /** Labels: `audience` (plain, alerts). One per emit, to a room or to a new follower. */
    summaryMessages: registry.counter('halo_gateway_summary_messages_total', 'fleet.summary messages emitted.', [
      'audience',
    ]),
    summaryBytes: registry.counter(
      'halo_gateway_summary_bytes_total',
      'Bytes of fleet.summary messages emitted, in JSON (once per emit, whatever the sockets).',
      ['audience'],
    ),
    alarmChangeMessages: registry.counter(
      'halo_gateway_alarm_change_messages_total',
      'alarms.changed messages emitted (one per room emit, whatever the sockets).',
    ),
    alarmChanges: registry.counter('halo_gateway_alarm_changes_total', 'Alarms carried by alarms.changed messages.'),
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
