import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { decodeDevicePatch, type DeviceLivePatch, type DeviceLiveState } from '@halo/shared';
import { createGatewayMetrics } from '../metrics.js';
import { fakeDeviceState, startFakeUpstream, type FakeUpstream } from '../testing/fakeUpstream.js';
import { UpstreamStatusTracker } from '../upstream/upstreamStatus.js';
import { DevicesUpstream, type LiveSystemLogEntry, type PollAnswer } from './devicesUpstream.js';
import {
  EnvironmentPoller,
  foldDeviceStatus,
  type PolledChange,
  type PollerSink,
  type TokenSource,
} from './environmentPoller.js';

const TOKEN = 'token-poller-unit-0001';
const SPARE = 'token-poller-unit-0002';

let upstream: FakeUpstream;

class RecordingSink implements PollerSink {
  readonly calls: (
    | { kind: 'reset'; devices: DeviceLiveState[] }
    | { kind: 'change'; changed: DeviceLiveState[]; removed: number[]; patches: DeviceLivePatch[]; changedAt?: number }
    | { kind: 'logs'; entries: LiveSystemLogEntry[] }
  )[] = [];
  reset(devices: DeviceLiveState[]) {
    this.calls.push({ kind: 'reset', devices });
    return Promise.resolve();
  }
  change({ states, removed, patches, changedAt }: PolledChange) {
    this.calls.push({
      kind: 'change',
      changed: [...states],
      removed: [...removed],
      // With the live state's field names, for readable expectations.
      patches: patches.map((patch) => decodeDevicePatch(patch) as DeviceLivePatch),
      ...(changedAt === undefined ? {} : { changedAt }),
    });
    return Promise.resolve();
  }
  logs(entries: LiveSystemLogEntry[]) {
    this.calls.push({ kind: 'logs', entries });
    return Promise.resolve();
  }
}

class FixedTokens implements TokenSource {
  readonly refused: string[] = [];
  constructor(private tokens: string[]) {}
  current() {
    return this.tokens.find((token) => !this.refused.includes(token)) ?? null;
  }
  reject(token: string) {
    this.refused.push(token);
  }
}

function pollerWith(options: { fullPollEvery?: number; tokens?: TokenSource } = {}) {
  const metrics = createGatewayMetrics();
  const status = new UpstreamStatusTracker();
  const sink = new RecordingSink();
  const poller = new EnvironmentPoller({
    environmentId: 10,
    upstream: new DevicesUpstream({ apiBaseUrl: upstream.apiBaseUrl }, { metrics, status, timeoutMs: 5000 }),
    tokens: options.tokens ?? new FixedTokens([TOKEN]),
    sink,
    metrics,
    pollMs: 1000,
    fullPollEvery: options.fullPollEvery ?? 1000,
    backoffMaxMs: 8000,
  });
  return { poller, sink, metrics, status };
}

beforeAll(async () => {
  upstream = await startFakeUpstream();
});

beforeEach(() => {
  const { fleet } = upstream;
  upstream.sessions.clear();
  upstream.sessions.set(TOKEN, { userId: 1, environmentId: 10, verified: true });
  upstream.sessions.set(SPARE, { userId: 2, environmentId: 10, verified: true });
  fleet.devices.clear();
  fleet.removals.length = 0;
  fleet.logs.length = 0;
  fleet.revision = 0;
  fleet.fault = 'none';
  fleet.columns = 'ignored';
  fleet.stateQueries.length = 0;
  fleet.logsAvailable = true;
  fleet.refusedTokens.clear();
  fleet.environments.clear();
  fleet.environments.set(10, null);
  for (let id = 1; id <= 3; id += 1) fleet.put(10, id);
});

afterAll(async () => {
  await upstream.close();
});

describe('EnvironmentPoller', () => {
  it('starts with the full state, then hands on only what changed', async () => {
    const { poller, sink } = pollerWith();
    expect(await poller.pollOnce()).toBe('ok');
    expect(sink.calls).toEqual([{ kind: 'reset', devices: [1, 2, 3].map((id) => fakeDeviceState(id)) }]);
    expect(await poller.pollOnce()).toBe('ok');
    expect(sink.calls).toHaveLength(1);
    upstream.fleet.put(10, 2, { availability: 0 });
    upstream.fleet.remove(3);
    upstream.fleet.put(10, 4);
    await poller.pollOnce();
    expect(sink.calls[1]).toEqual({
      kind: 'change',
      changed: [fakeDeviceState(2, { availability: 0 }), fakeDeviceState(4)],
      // On the wire: the changed field of a known device, the whole state of a new one.
      patches: [{ id: 2, availability: 0 }, fakeDeviceState(4)],
      removed: [3],
    });
  });

  it('keeps the live state compact and tells when the oldest change behind a delta happened', async () => {
    const { poller, sink } = pollerWith();
    await poller.pollOnce();
    const location = {
      coordinate: [34.7812345678, 32.0812345678],
      altitude: null,
      accuracy: 4.25,
      time: '2026-11-23T10:00:01.000Z',
    };
    upstream.fleet.put(10, 1, { updated_at: '2026-11-23T10:00:02.000Z', location });
    upstream.fleet.put(10, 2, { updated_at: '2026-11-23T10:00:01.500Z', main_app_status: null });
    await poller.pollOnce();
    expect(sink.calls[1]).toMatchObject({
      kind: 'change',
      changedAt: Date.parse('2026-11-23T10:00:01.500Z'),
      patches: [
        { id: 1, location: { coordinate: [34.78123, 32.08123], altitude: null, accuracy: 4.3 } },
        { id: 2, main_app_status: null },
      ],
    });
    const states = sink.calls[1]?.kind === 'change' ? sink.calls[1].changed : [];
    for (const state of states) expect(state).not.toHaveProperty('updated_at');
  });

  it('folds device_status into the live state: links online/total per kind and the GNSS lock', () => {
    const folded = foldDeviceStatus(fakeDeviceState(1), {
      device_id: 1,
      halo_data_links_info: {
        cellular: [
          { port: 1, is_online: true },
          { port: 2, is_online: false },
        ],
        eth: [],
        wifi: [{ port: 1, is_online: true }],
        vlan: [],
        vpn: [],
      },
      halo_system_report: { gnss_lock: false },
    });
    expect(folded.links).toEqual({
      cellular: { online: 1, total: 2 },
      eth: { online: 0, total: 0 },
      wifi: { online: 1, total: 1 },
      vlan: { online: 0, total: 0 },
      vpn: { online: 0, total: 0 },
    });
    expect(folded.gnss_lock).toBe(false);
    expect(foldDeviceStatus(fakeDeviceState(1), undefined)).toEqual(fakeDeviceState(1));
  });

  it('re-polls everything every N polls and reports what the incremental polls missed', async () => {
    const { poller, sink, metrics } = pollerWith({ fullPollEvery: 3 });
    // One poll in three is full: the first, then the fourth.
    await poller.pollOnce();
    upstream.fleet.remove(1, { silently: true });
    await poller.pollOnce();
    await poller.pollOnce();
    expect(sink.calls).toHaveLength(1);
    await poller.pollOnce();
    expect(sink.calls[1]).toEqual({ kind: 'change', changed: [], patches: [], removed: [1] });
    expect(await metrics.driftCorrections.get()).toBe(1);
    expect(upstream.requests.filter((line) => line.endsWith('/devices_state')).length).toBeGreaterThan(0);
  });

  it('tells no change time for drift: a full list only knows the oldest change of the whole fleet', async () => {
    const { poller, sink } = pollerWith({ fullPollEvery: 3 });
    await poller.pollOnce();
    // Changed without a new revision: only the full list shows it.
    upstream.fleet.put(10, 2, { name: 'drifted', updated_at: '2026-11-23T09:00:00.000Z' }).revision = 0;
    await poller.pollOnce();
    await poller.pollOnce();
    await poller.pollOnce();
    expect(sink.calls[1]).toEqual({
      kind: 'change',
      changed: [fakeDeviceState(2, { name: 'drifted' })],
      patches: [{ id: 2, name: 'drifted' }],
      removed: [],
    });
  });

  it('does not count ordinary changes as drift on a full re-poll', async () => {
    const { poller, sink, metrics } = pollerWith({ fullPollEvery: 2 });
    await poller.pollOnce();
    upstream.fleet.put(10, 2, { name: 'an ordinary change' });
    await poller.pollOnce();
    expect(sink.calls[1]).toEqual({
      kind: 'change',
      changed: [fakeDeviceState(2, { name: 'an ordinary change' })],
      patches: [{ id: 2, name: 'an ordinary change' }],
      removed: [],
    });
    expect(sink.calls).toHaveLength(2);
    expect(await metrics.driftCorrections.get()).toBe(0);
  });

  it('sends only system log entries newer than when it started', async () => {
    upstream.fleet.addLog(10, { description: 'old' });
    const { poller, sink } = pollerWith();
    await poller.pollOnce();
    upstream.fleet.addLog(10, { description: 'new' });
    await poller.pollOnce();
    await poller.pollOnce();
    const logs = sink.calls.filter((call) => call.kind === 'logs');
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ entries: [{ description: 'new' }] });
  });

  it('takes a missing system log endpoint quietly', async () => {
    upstream.fleet.logsAvailable = false;
    const { poller, sink, status } = pollerWith();
    expect(await poller.pollOnce()).toBe('ok');
    expect(sink.calls.map((call) => call.kind)).toEqual(['reset']);
    expect(status.current).toBe('ok');
  });

  it('asks for another token when the upstream refuses one, and idles without any', async () => {
    const tokens = new FixedTokens([TOKEN, SPARE]);
    const { poller, sink } = pollerWith({ tokens });
    upstream.fleet.refusedTokens.add(TOKEN);
    expect(await poller.pollOnce()).toBe('retry');
    expect(tokens.refused).toEqual([TOKEN]);
    expect(await poller.pollOnce()).toBe('ok');
    expect(sink.calls.map((call) => call.kind)).toEqual(['reset']);
    upstream.fleet.refusedTokens.add(SPARE);
    expect(await poller.pollOnce()).toBe('retry');
    expect(await poller.pollOnce()).toBe('idle');
  });

  it('counts faults towards the upstream status and keeps its place for the retry', async () => {
    const { poller, sink, status } = pollerWith();
    await poller.pollOnce();
    upstream.fleet.fault = 'status500';
    upstream.fleet.put(10, 1, { name: 'during the fault' });
    for (let attempt = 1; attempt <= 3; attempt += 1) expect(await poller.pollOnce()).toBe('failed');
    expect(status.current).toBe('down');
    expect(poller.consecutiveFailures).toBe(3);
    upstream.fleet.fault = 'none';
    expect(await poller.pollOnce()).toBe('ok');
    expect(status.current).toBe('ok');
    expect(sink.calls.at(-1)).toEqual({
      kind: 'change',
      changed: [fakeDeviceState(1, { name: 'during the fault' })],
      patches: [{ id: 1, name: 'during the fault' }],
      removed: [],
    });
  });
});

describe('devices_state as fleet columns (the extension)', () => {
  /** Devices with values the columns hold apart: no links, no location, three coordinates, odd names. */
  function oddFleet() {
    const { fleet } = upstream;
    fleet.put(10, 1, {
      name: 'ünïcödé 名前 "quoted" \\ back',
      updated_at: '2026-11-23T10:00:02.000Z',
      location: { coordinate: [34.7812345678, 32.0812345678], altitude: 12.6, accuracy: 4.25, time: null },
    });
    fleet.put(10, 2, { links: undefined, location: null, main_app_status: null, gnss_lock: undefined });
    fleet.put(10, 3, {
      location: { coordinate: [-0.000001, 89.99999999, 5], accuracy: 0 },
      versions: { firmware: '', 'odd key': 'x' },
      updated_at: '2026-11-23T10:00:01.500Z',
    });
    fleet.put(10, 7, { availability: null, is_server: true, location: undefined });
  }

  async function firstReset() {
    const { poller, sink } = pollerWith();
    expect(await poller.pollOnce()).toBe('ok');
    const call = sink.calls[0];
    if (call?.kind !== 'reset') throw new Error('no snapshot');
    return [...call.devices].sort((a, b) => a.id - b.id);
  }

  it('asks a full list as columns and gets the same live states as from JSON entries', async () => {
    oddFleet();
    const fromEntries = await firstReset();
    upstream.fleet.columns = 'offered';
    const fromColumns = await firstReset();
    expect(fromColumns).toEqual(fromEntries);
    expect(upstream.fleet.stateQueries).toEqual(['format=columns', 'format=columns']);
  });

  it('tells the oldest change of a full list asked as columns, as it does for entries', async () => {
    upstream.fleet.columns = 'offered';
    const { poller, sink } = pollerWith({ fullPollEvery: 1 });
    await poller.pollOnce();
    oddFleet();
    await poller.pollOnce();
    expect(sink.calls[1]).toMatchObject({ kind: 'change', changedAt: Date.parse('2026-11-23T10:00:01.500Z') });
  });

  it('falls back to JSON entries, for good, when the upstream refuses format=columns', async () => {
    upstream.fleet.columns = 'refused';
    const { poller, sink, status } = pollerWith({ fullPollEvery: 1 });
    expect(await poller.pollOnce()).toBe('ok');
    expect(sink.calls[0]).toEqual({ kind: 'reset', devices: [1, 2, 3].map((id) => fakeDeviceState(id)) });
    upstream.fleet.put(10, 2, { name: 'changed' });
    await poller.pollOnce();
    expect(sink.calls[1]).toMatchObject({ kind: 'change', patches: [{ id: 2, name: 'changed' }] });
    expect(status.current).toBe('ok');
    // Refused once, then asked plainly: never again with the parameter.
    expect(upstream.fleet.stateQueries.filter((query) => query === 'format=columns')).toHaveLength(1);
  });

  it('takes columns that do not decode as a fault of the upstream, not as an empty fleet', async () => {
    upstream.fleet.columns = 'offered';
    upstream.fleet.put(10, 4, { name: 42 as unknown as string });
    const { poller, sink } = pollerWith();
    expect(await poller.pollOnce()).toBe('failed');
    expect(sink.calls).toEqual([]);
  });
});

describe("the poller's timers", () => {
  it('polls the devices every interval, from start to start, while a system_logs answer hangs', async () => {
    vi.useFakeTimers();
    const asked = { devicesState: 0, systemLogs: 0 };
    const hanging: ((answer: PollAnswer<never>) => void)[] = [];
    // The upstream's calls only: every devices_state answers at once, every system_logs never.
    const upstreamStub = {
      devicesState: () => {
        asked.devicesState += 1;
        const value = {
          devices: [],
          removed: [],
          cursor: asked.devicesState,
          incremental: true,
          invalid: 0,
          changedAt: null,
        };
        return Promise.resolve({ kind: 'ok' as const, value });
      },
      systemLogs: () => {
        asked.systemLogs += 1;
        return new Promise<PollAnswer<never>>((resolve) => hanging.push(resolve));
      },
    } as unknown as DevicesUpstream;
    const poller = new EnvironmentPoller({
      environmentId: 10,
      upstream: upstreamStub,
      tokens: new FixedTokens([TOKEN]),
      sink: new RecordingSink(),
      metrics: createGatewayMetrics(),
      pollMs: 1000,
      fullPollEvery: 1000,
      backoffMaxMs: 8000,
    });
    try {
      poller.start();
      await vi.advanceTimersByTimeAsync(5500);
      expect(asked).toEqual({ devicesState: 6, systemLogs: 1 });
    } finally {
      for (const resolve of hanging) resolve({ kind: 'failed', detail: 'test over' });
      await poller.stop();
      vi.useRealTimers();
    }
  });
});
