import { describe, expect, it } from 'vitest';
import { decodeDevicesSnapshot, DevicesDeltaSchema, type DevicesSnapshotMessage } from '@halo/shared';
import { TOKENS, useLiveHarness } from '../../testing/liveHarness.js';
import { nextEvent } from '../../testing/testGateway.js';

const { MANAGER, COLLEAGUE } = TOKENS;
const live = useLiveHarness();
const { gatewayWith, open, subscribe, sameAsUpstream } = live;

describe('devices.subscribe', () => {
  it('answers a snapshot, then deltas in order with seq growing by one', async () => {
    await gatewayWith();
    const { client, view } = await open(MANAGER);
    const snapshot = nextEvent<DevicesSnapshotMessage>(client, 'devices.snapshot');
    expect(await subscribe(client, { environmentId: 10 })).toEqual({ ok: true, mode: 'snapshot' });
    const first = decodeDevicesSnapshot(await snapshot);
    expect(first.environmentId).toBe(10);
    expect(first.seq).toBe(0);
    expect(first.devices.map((device) => device.id).sort()).toEqual([1, 2, 3, 4, 5]);

    live.upstream.fleet.put(10, 2, { availability: 0, device_state: 2 });
    await expect.poll(() => view.deltas.length, { timeout: 3000 }).toBe(1);
    live.upstream.fleet.put(10, 6);
    live.upstream.fleet.remove(3);
    live.upstream.fleet.setLinks(
      1,
      {
        cellular: [
          { port: 1, is_online: true },
          { port: 2, is_online: false },
        ],
        eth: [{ port: 1, is_online: true }],
        wifi: [],
        vlan: [],
        vpn: [],
      },
      true,
    );
    await sameAsUpstream(view);

    for (const delta of view.deltas) DevicesDeltaSchema.parse(delta);
    expect(view.deltas.map((delta) => delta.seq)).toEqual(view.deltas.map((_, index) => index + 1));
    expect(new Set(view.deltas.map((delta) => delta.epoch))).toEqual(new Set([first.epoch]));
    expect(view.gaps).toBe(0);
    expect(view.devices.get(1)?.links?.cellular).toEqual({ online: 1, total: 2 });
    expect(view.devices.get(1)?.gnss_lock).toBe(true);
    expect(view.deltas.flatMap((delta) => delta.removed)).toEqual([3]);
  });

  it('fetches device_status only for the devices that changed', async () => {
    await gatewayWith();
    const { client, view } = await open(MANAGER);
    await subscribe(client, { environmentId: 10 });
    await sameAsUpstream(view);
    const seen = live.upstream.requests.length;
    live.upstream.fleet.put(10, 4, { name: 'renamed' });
    await sameAsUpstream(view);
    const statusCalls = live.upstream.requests.slice(seen).filter((line) => line.endsWith('/device_status'));
    expect(statusCalls.length).toBe(1);
    // The provider's paths carry the ids in the query; the fake records them in the path log only.
    expect(view.deltas.at(-1)?.changed.map((device) => device.id)).toEqual([4]);
  });

  it('asks no device_status of devices whose devices_state entries carry their links', async () => {
    await gatewayWith();
    const summarised = { cellular: { online: 1, total: 2 } };
    for (let id = 1; id <= 5; id += 1) live.upstream.fleet.put(10, id, { links: summarised, gnss_lock: true });
    const { client, view } = await open(MANAGER);
    await subscribe(client, { environmentId: 10 });
    await sameAsUpstream(view);
    live.upstream.fleet.put(10, 4, { name: 'renamed', links: { cellular: { online: 2, total: 2 } } });
    live.upstream.fleet.put(10, 6);
    await sameAsUpstream(view);
    // Only the new device, whose entry says nothing of its links, was asked about.
    const statusCalls = live.upstream.requests.filter((line) => line.endsWith('/device_status'));
    expect(statusCalls).toHaveLength(1);
    expect(view.devices.get(4)?.links).toEqual({ cellular: { online: 2, total: 2 } });
  });

  it('replays the deltas a reconnecting client missed, from its epoch and seq', async () => {
    await gatewayWith();
    // A colleague stays subscribed: the poller polls with a subscriber's token.
    const colleague = await open(COLLEAGUE);
    await subscribe(colleague.client, { environmentId: 10 });
    const first = await open(MANAGER);
    await subscribe(first.client, { environmentId: 10 });
    live.upstream.fleet.put(10, 1, { name: 'one' });
    await sameAsUpstream(first.view);
    const { epoch, seq } = first.view;
    first.client.disconnect();

    live.upstream.fleet.put(10, 2, { name: 'two' });
    await expect.poll(() => live.started?.gateway.fanout.feed(10)?.seq).toBe(seq + 1);
    live.upstream.fleet.remove(5);
    await expect.poll(() => live.started?.gateway.fanout.feed(10)?.seq).toBe(seq + 2);

    const second = await open(MANAGER);
    // The reconnecting client starts from what it held.
    second.view.resumeFrom(first.view);
    expect(await subscribe(second.client, { environmentId: 10, epoch: epoch!, seq })).toEqual({
      ok: true,
      mode: 'replay',
    });
    await sameAsUpstream(second.view);
    expect(second.view.snapshots).toBe(0);
    expect(second.view.deltas.map((delta) => delta.seq)).toEqual([seq + 1, seq + 2]);
    expect(second.view.gaps).toBe(0);
    expect(await live.started?.gateway.metrics.replays.get()).toBe(1);
  });

  it('sends a snapshot when continuity cannot be proven: an unknown epoch, or a seq never reached', async () => {
    await gatewayWith();
    const { client, view } = await open(MANAGER);
    expect(await subscribe(client, { environmentId: 10, epoch: 'an-epoch-of-another-life', seq: 3 })).toEqual({
      ok: true,
      mode: 'snapshot',
    });
    await expect.poll(() => view.snapshots).toBe(1);
    const { epoch } = view;
    expect(await subscribe(client, { environmentId: 10, epoch: epoch!, seq: 99 })).toEqual({
      ok: true,
      mode: 'snapshot',
    });
    await expect.poll(() => view.snapshots).toBe(2);
    await sameAsUpstream(view);
  });

  it('sends a snapshot when the missed deltas are older than the history', async () => {
    // 50 ms of history at 50 ms polls: one delta, plus the margin of 16.
    const { gateway } = await gatewayWith({ deltaHistoryMs: 50 });
    const colleague = await open(COLLEAGUE);
    await subscribe(colleague.client, { environmentId: 10 });
    await sameAsUpstream(colleague.view);
    const { epoch, seq } = colleague.view;
    for (let round = 1; round <= 20; round += 1) {
      live.upstream.fleet.put(10, 1, { name: `round ${round}` });
      await expect.poll(() => gateway.fanout.feed(10)?.seq).toBe(seq + round);
    }
    const late = await open(MANAGER);
    expect(await subscribe(late.client, { environmentId: 10, epoch: epoch!, seq })).toEqual({
      ok: true,
      mode: 'snapshot',
    });
    await sameAsUpstream(late.view);
    expect(late.view.snapshots).toBe(1);
    // Within the history it is still a replay.
    const recent = await open(MANAGER);
    expect(await subscribe(recent.client, { environmentId: 10, epoch: epoch!, seq: seq + 10 })).toEqual({
      ok: true,
      mode: 'replay',
    });
  });

  it('starts a new epoch when the upstream revisions go backwards (another store)', async () => {
    await gatewayWith();
    const { client, view } = await open(MANAGER);
    await subscribe(client, { environmentId: 10 });
    await sameAsUpstream(view);
    live.upstream.fleet.put(10, 1, { name: 'before' });
    await sameAsUpstream(view);
    const epoch = view.epoch;
    // The upstream starts over with a fresh store: its cursor is behind the gateway's.
    live.upstream.fleet.devices.clear();
    live.upstream.fleet.revision = 0;
    live.upstream.fleet.put(10, 1, { name: 'fresh store' });
    live.upstream.fleet.put(10, 2);
    await sameAsUpstream(view);
    expect(view.epoch).not.toBe(epoch);
    expect(view.snapshots).toBe(2);
  });

  it('starts a new epoch, with a snapshot to every subscriber, when the poller starts again', async () => {
    const { gateway } = await gatewayWith({ pollGraceMs: 0 });
    const first = await open(MANAGER);
    await subscribe(first.client, { environmentId: 10 });
    await expect.poll(() => first.view.snapshots).toBe(1);
    const oldEpoch = first.view.epoch!;
    first.client.disconnect();
    await expect.poll(() => gateway.pollers.running).toBe(0);

    const second = await open(MANAGER);
    expect(await subscribe(second.client, { environmentId: 10, epoch: oldEpoch, seq: 0 })).toEqual({
      ok: true,
      mode: 'snapshot',
    });
    await expect.poll(() => second.view.snapshots).toBe(1);
    expect(second.view.epoch).not.toBe(oldEpoch);
    await sameAsUpstream(second.view);
  });

  it('stops sending deltas after devices.unsubscribe', async () => {
    await gatewayWith();
    const watcher = await open(MANAGER);
    const leaving = await open(COLLEAGUE);
    await subscribe(watcher.client, { environmentId: 10 });
    await subscribe(leaving.client, { environmentId: 10 });
    await sameAsUpstream(leaving.view);
    leaving.client.emit('devices.unsubscribe', { environmentId: 10 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    live.upstream.fleet.put(10, 1, { name: 'after leaving' });
    await sameAsUpstream(watcher.view);
    expect(leaving.view.devices.get(1)?.name).not.toBe('after leaving');
    expect(leaving.view.deltas).toEqual([]);
  });
});

describe('drift', () => {
  it('finds a removal the incremental polls missed on the full re-poll, in the same epoch', async () => {
    const { gateway } = await gatewayWith({ fullPollEvery: 4 });
    const { client, view } = await open(MANAGER);
    await subscribe(client, { environmentId: 10 });
    await sameAsUpstream(view);
    const epoch = view.epoch;
    live.upstream.fleet.remove(2, { silently: true });
    await sameAsUpstream(view);
    expect(view.epoch).toBe(epoch);
    expect(view.snapshots).toBe(1);
    expect(await gateway.metrics.driftCorrections.get()).toBe(1);
  });
});
