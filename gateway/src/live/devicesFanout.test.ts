import { Encoder } from 'socket.io-parser';
import { describe, expect, it, vi } from 'vitest';
import { type UpstreamStatusEvent } from '@halo/shared';
import { LOGS_VIEW, TOKENS, useLiveHarness } from '../testing/liveHarness.js';

const { MANAGER, COLLEAGUE } = TOKENS;
const live = useLiveHarness();
const { gatewayWith, open, subscribe, sameAsUpstream } = live;

describe('visibility', () => {
  it('cuts off a socket whose re-validated session lost the devices view permission', async () => {
    const { gateway } = await gatewayWith();
    const keeps = await open(MANAGER);
    const loses = await open(COLLEAGUE);
    await subscribe(keeps.client, { environmentId: 10 });
    await subscribe(loses.client, { environmentId: 10 });
    await sameAsUpstream(loses.view);
    const gone = new Promise<string>((resolve) => loses.client.once('disconnect', resolve));
    live.upstream.sessions.set(COLLEAGUE, { userId: 2, environmentId: 10, verified: true, permissions: [LOGS_VIEW] });
    await gateway.live.sessions.checkAll();
    live.upstream.fleet.put(10, 1, { name: 'not for the colleague any more' });
    await sameAsUpstream(keeps.view);
    expect(await gone).toBe('transport close');
    expect(loses.view.devices.get(1)?.name).not.toBe('not for the colleague any more');
  });
});

describe('central polling', () => {
  async function requestsPerPoll(sockets: number): Promise<{ perPoll: number; polls: number }> {
    const { gateway } = await gatewayWith();
    const clients = await Promise.all(
      Array.from({ length: sockets }, (_, index) => open(index % 2 ? MANAGER : COLLEAGUE)),
    );
    await Promise.all(clients.map(({ client }) => subscribe(client, { environmentId: 10 })));
    await Promise.all(clients.map(({ view }) => sameAsUpstream(view)));
    const polls = () => gateway.metrics.polls.get({ result: 'ok' });
    // Each delta is encoded once for all its sockets (one frame written to each).
    const encode = vi.spyOn(Encoder.prototype, 'encode');
    const deltaEncodings = () =>
      encode.mock.calls.filter(([packet]) => (packet as { data?: unknown[] }).data?.[0] === 'devices.delta').length;
    const pollsBefore = await polls();
    const requestsBefore = live.upstream.count('/config/10/');
    for (let round = 1; round <= 10; round += 1) {
      const name = `${sockets} sockets, round ${round}`;
      live.upstream.fleet.put(10, round, { name });
      await expect.poll(() => clients.every(({ view }) => view.devices.get(round)?.name === name)).toBe(true);
    }
    const cycles = (await polls()) - pollsBefore;
    const perPoll = (live.upstream.count('/config/10/') - requestsBefore) / cycles;
    expect(deltaEncodings()).toBe(10);
    encode.mockRestore();
    await live.stopGateway();
    return { perPoll, polls: cycles };
  }

  it('sends the same upstream requests per poll cycle for 1 socket and for 50', async () => {
    const one = await requestsPerPoll(1);
    const fifty = await requestsPerPoll(50);
    // devices_state and system_logs every cycle, device_status when something changed. The counts are
    // read while the next cycle may already have sent its requests, so one cycle's worth (3) may be
    // counted without its completion: at most 3 per cycle plus 3.
    for (const { perPoll, polls } of [one, fifty]) {
      expect(perPoll).toBeGreaterThanOrEqual(2);
      expect(perPoll * polls).toBeLessThanOrEqual(3 * polls + 3);
    }
    expect(Math.abs(fifty.perPoll - one.perPoll)).toBeLessThan(0.5);
    // Fifty handshakes on a loaded machine take a while; the figure, not the time, is under test.
  }, 20_000);
});

describe('upstream faults', () => {
  it('goes degraded then down while the upstream fails, backs off, and recovers by itself in the same epoch', async () => {
    const { gateway } = await gatewayWith({ pollBackoffMaxMs: 400, pollTimeoutMs: 300 });
    const { client, view } = await open(MANAGER);
    await subscribe(client, { environmentId: 10 });
    await sameAsUpstream(view);
    const epoch = view.epoch;
    const statuses: UpstreamStatusEvent[] = [];
    client.on('upstream.status', (status) => statuses.push(status));

    live.upstream.fleet.fault = 'hang';
    await expect.poll(() => statuses.at(-1)?.state, { timeout: 4000 }).toBe('down');
    const states = statuses.map((status) => status.state);
    expect(states.lastIndexOf('degraded')).toBe(states.length - 2);
    expect(statuses.at(-1)?.lastGoodAt).toBeTruthy();
    expect(await gateway.metrics.upstreamFailures.get({ source: 'devices_state', reason: 'timeout' })).toBeGreaterThan(
      0,
    );

    live.upstream.fleet.fault = 'status500';
    const before = live.upstream.count('/devices_state');
    await new Promise((resolve) => setTimeout(resolve, 800));
    // Backed off: far fewer than one request per 50 ms interval.
    expect(live.upstream.count('/devices_state') - before).toBeLessThan(6);

    live.upstream.fleet.fault = 'none';
    live.upstream.fleet.put(10, 3, { name: 'after the outage' });
    await expect.poll(() => statuses.at(-1)?.state, { timeout: 3000 }).toBe('ok');
    await sameAsUpstream(view);
    expect(view.epoch).toBe(epoch);
    expect(view.gaps).toBe(0);
  });
});

describe('metrics', () => {
  it('exposes pollers, upstream latency, poll durations, delta sizes and slow-consumer drops', async () => {
    const { gateway, url } = await gatewayWith();
    const { client, view } = await open(MANAGER);
    await subscribe(client, { environmentId: 10 });
    await expect.poll(() => view.snapshots).toBe(1);
    live.upstream.fleet.put(10, 1, { name: 'measured' });
    await sameAsUpstream(view);
    const text = await (await fetch(`${url}/metrics`)).text();
    expect(text).toMatch(/^halo_gateway_pollers_running 1$/m);
    expect(text).toMatch(/^halo_gateway_connected_sockets 1$/m);
    expect(text).toMatch(/^# TYPE halo_gateway_upstream_request_duration_seconds histogram$/m);
    expect(text).toMatch(/^halo_gateway_upstream_request_duration_seconds_count\{source="devices_state"\} \d+$/m);
    // Label order is the exposition library's (Prometheus reads them as a set).
    expect(text).toMatch(
      /^halo_gateway_poll_duration_seconds_bucket\{(le="\+Inf",kind="full"|kind="full",le="\+Inf")\} \d+$/m,
    );
    expect(text).toMatch(/^halo_gateway_delta_bytes_count [1-9]\d*$/m);
    expect(text).toMatch(/^halo_gateway_slow_consumer_drops_total 0$/m);
    expect(await gateway.metrics.deltaDevices.count()).toBeGreaterThan(0);
  });
});
