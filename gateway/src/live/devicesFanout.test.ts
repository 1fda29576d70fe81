import { describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import {
  decodeDevicesSnapshot,
  DevicesDeltaSchema,
  type DevicesSnapshotMessage,
  type UpstreamStatusEvent,
} from '@halo/shared';
import { encodeSnapshotMessage } from './snapshotEncoding.js';
import { DEVICES_VIEW, LOGS_VIEW, TOKENS, useLiveHarness } from '../testing/liveHarness.js';
import { SummaryView } from '../testing/liveView.js';
import { nextEvent } from '../testing/testGateway.js';

const { MANAGER, COLLEAGUE, OTHER_TENANT, PARENT, NO_DEVICES, NO_LOGS, DISPLAY, DISPLAY_ABOVE } = TOKENS;
const live = useLiveHarness();
const { gatewayWith, open, subscribe, subscribeLogs, sameAsUpstream } = live;

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

  it('follows a snapshot that took long to encode with the deltas that came meanwhile, before the live ones', async () => {
    const encodedSeqs: number[] = [];
    await gatewayWith(
      {},
      {
        // Slower than several polls: the fleet moves on while the snapshot is encoded.
        encodeSnapshot: async (snapshot) => {
          encodedSeqs.push(snapshot.seq);
          const message = await encodeSnapshotMessage(snapshot);
          await new Promise((resolve) => setTimeout(resolve, 400));
          return message;
        },
      },
    );
    const { client, view } = await open(MANAGER);
    await subscribe(client, { environmentId: 10 });
    await expect.poll(() => encodedSeqs.length).toBe(1);
    live.upstream.fleet.put(10, 1, { name: 'while encoding' });
    await expect.poll(() => live.started?.gateway.fanout.feed(10)?.seq).toBe(1);
    live.upstream.fleet.put(10, 2, { name: 'still encoding' });
    await expect.poll(() => live.started?.gateway.fanout.feed(10)?.seq).toBe(2);
    // A second subscriber arriving meanwhile gets the same encoding.
    const late = await open(COLLEAGUE);
    await subscribe(late.client, { environmentId: 10 });
    await sameAsUpstream(view);
    await sameAsUpstream(late.view);
    live.upstream.fleet.put(10, 3, { name: 'live again' });
    await sameAsUpstream(view);
    expect(encodedSeqs).toEqual([0]);
    for (const { snapshots, gaps, deltas } of [view, late.view]) {
      expect(snapshots).toBe(1);
      expect(gaps).toBe(0);
      expect(deltas.map((delta) => delta.seq)).toEqual([1, 2, 3]);
    }
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

  it('resumes a page reload within the grace period without a snapshot', async () => {
    await gatewayWith({ pollGraceMs: 5000 });
    const before = await open(MANAGER);
    await subscribe(before.client, { environmentId: 10 });
    await sameAsUpstream(before.view);
    const { epoch, seq } = before.view;
    before.client.disconnect();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const after = await open(MANAGER);
    after.view.resumeFrom(before.view);
    expect(await subscribe(after.client, { environmentId: 10, epoch: epoch!, seq })).toEqual({
      ok: true,
      mode: 'replay',
    });
    live.upstream.fleet.put(10, 1, { name: 'after the reload' });
    await sameAsUpstream(after.view);
    expect(after.view.snapshots).toBe(0);
    expect(after.view.epoch).toBe(epoch);
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

  it('bounds how many subscriptions a socket may ask for', async () => {
    await gatewayWith();
    const { client } = await open(OTHER_TENANT);
    const answers = [];
    for (let attempt = 0; attempt < 32; attempt += 1)
      answers.push(await subscribe(client, { environmentId: 1000 + attempt }));
    expect(answers.slice(0, 30).every((answer) => !answer.ok && answer.error === 'notFound')).toBe(true);
    expect(answers.slice(30)).toEqual([
      { ok: false, error: 'tooManyRequests' },
      { ok: false, error: 'tooManyRequests' },
    ]);
    expect(await live.started?.gateway.metrics.upstreamRequests.get({ source: 'access' })).toBe(30);
  });

  it('refuses a malformed subscription', async () => {
    await gatewayWith();
    const { client } = await open(MANAGER);
    const answer = await client.timeout(3000).emitWithAck('devices.subscribe', {
      environmentId: 10,
      extra: true,
    } as never);
    expect(answer).toEqual({ ok: false, error: 'general' });
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

describe('visibility', () => {
  it('refuses a foreign environment as not found and sends that socket nothing', async () => {
    await gatewayWith();
    const manager = await open(MANAGER);
    await subscribe(manager.client, { environmentId: 10 });
    const foreign = await open(OTHER_TENANT);
    expect(await subscribe(foreign.client, { environmentId: 10 })).toEqual({ ok: false, error: 'notFound' });
    expect(await subscribe(foreign.client, { environmentId: 999 })).toEqual({ ok: false, error: 'notFound' });
    live.upstream.fleet.put(10, 1, { name: 'secret' });
    await sameAsUpstream(manager.view);
    expect(foreign.view.snapshots).toBe(0);
    expect(foreign.view.deltas).toEqual([]);
  });

  it('runs one poller per watched environment and keeps each tenant to its own stream', async () => {
    const { gateway } = await gatewayWith();
    const ours = await open(MANAGER);
    const theirs = await open(OTHER_TENANT);
    await subscribe(ours.client, { environmentId: 10 });
    await subscribe(theirs.client, { environmentId: 20 });
    await sameAsUpstream(ours.view, 10);
    await sameAsUpstream(theirs.view, 20);
    expect(gateway.pollers.running).toBe(2);
    live.upstream.fleet.put(20, 100, { name: 'theirs, changed' });
    live.upstream.fleet.put(10, 1, { name: 'ours, changed' });
    await sameAsUpstream(ours.view, 10);
    await sameAsUpstream(theirs.view, 20);
    expect(ours.view.devices.has(100)).toBe(false);
    expect([...theirs.view.devices.keys()]).toEqual([100]);
    expect(theirs.view.deltas.every((delta) => delta.environmentId === 20)).toBe(true);
  });

  it('lets a user of a parent environment watch a child, after asking the upstream once', async () => {
    await gatewayWith();
    const parent = await open(PARENT);
    expect(await subscribe(parent.client, { environmentId: 10 })).toEqual({ ok: true, mode: 'snapshot' });
    await sameAsUpstream(parent.view);
    const asked = live.upstream.count('/config/10/devices/devices_state');
    parent.client.emit('devices.unsubscribe', { environmentId: 10 });
    expect(await subscribe(parent.client, { environmentId: 10 })).toEqual({ ok: true, mode: 'snapshot' });
    // The second subscription did not ask again (polls may have run meanwhile, so compare the access calls).
    expect(await live.started?.gateway.metrics.upstreamRequests.get({ source: 'access' })).toBe(1);
    expect(asked).toBeGreaterThan(0);
  });

  it('refuses a user without devices.view as forbidden', async () => {
    await gatewayWith();
    const { client } = await open(NO_DEVICES);
    expect(await subscribe(client, { environmentId: 10 })).toEqual({ ok: false, error: 'forbidden' });
  });

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

  it('stops the system log of a socket whose re-validated session lost the logs view permission', async () => {
    const { gateway } = await gatewayWith();
    // The manager subscribes first, so the logs keep being polled with the manager's token.
    const keeps = await open(MANAGER);
    await subscribe(keeps.client, { environmentId: 10 });
    expect(await subscribeLogs(keeps.client)).toEqual({ ok: true });
    const loses = await open(COLLEAGUE);
    await subscribe(loses.client, { environmentId: 10 });
    expect(await subscribeLogs(loses.client)).toEqual({ ok: true });
    await sameAsUpstream(loses.view);
    await expect.poll(() => live.upstream.count('/system_logs')).toBeGreaterThan(0);
    live.upstream.fleet.addLog(10, { description: 'seen' });
    await expect.poll(() => loses.view.logs.length, { timeout: 3000 }).toBe(1);
    live.upstream.sessions.set(COLLEAGUE, {
      userId: 2,
      environmentId: 10,
      verified: true,
      permissions: [DEVICES_VIEW],
    });
    await gateway.live.sessions.checkAll();
    live.upstream.fleet.addLog(10, { description: 'not for the colleague any more' });
    live.upstream.fleet.put(10, 1, { name: 'after the log' });
    await sameAsUpstream(loses.view);
    await expect.poll(() => keeps.view.logs.length, { timeout: 3000 }).toBe(2);
    expect(loses.view.logs.map((event) => event.entries[0]?.description)).toEqual(['seen']);
  });

  it('sends system log entries only to logs.subscribe followers allowed to view logs', async () => {
    await gatewayWith();
    const manager = await open(MANAGER);
    const devicesOnly = await open(NO_LOGS);
    const devicesStream = await open(COLLEAGUE);
    await subscribe(manager.client, { environmentId: 10 });
    expect(await subscribeLogs(manager.client)).toEqual({ ok: true });
    await subscribe(devicesOnly.client, { environmentId: 10 });
    expect(await subscribeLogs(devicesOnly.client)).toEqual({ ok: false, error: 'forbidden' });
    // Following the devices alone brings no log entries: a Devices table does not pay for them.
    await subscribe(devicesStream.client, { environmentId: 10 });
    await sameAsUpstream(manager.view);
    await expect.poll(() => live.upstream.count('/system_logs')).toBeGreaterThan(0);
    live.upstream.fleet.addLog(10, { severity: 3, description: 'link down' });
    live.upstream.fleet.addLog(20, { description: 'foreign' });
    await expect.poll(() => manager.view.logs.length, { timeout: 3000 }).toBe(1);
    expect(manager.view.logs[0]).toMatchObject({ environmentId: 10, entries: [{ description: 'link down' }] });
    live.upstream.fleet.put(10, 1, { name: 'after the log' });
    await sameAsUpstream(devicesOnly.view);
    await sameAsUpstream(devicesStream.view);
    expect(devicesOnly.view.logs).toEqual([]);
    expect(devicesStream.view.logs).toEqual([]);
  });

  it('follows a log alone: it keeps the environment polled, and logs.unsubscribe stops it', async () => {
    const { gateway } = await gatewayWith();
    const tail = await open(MANAGER);
    expect(await subscribeLogs(tail.client)).toEqual({ ok: true });
    expect(await subscribeLogs((await open(OTHER_TENANT)).client)).toEqual({ ok: false, error: 'notFound' });
    await expect.poll(() => live.upstream.count('/system_logs'), { timeout: 3000 }).toBeGreaterThan(1);
    live.upstream.fleet.addLog(10, { description: 'first' });
    await expect.poll(() => tail.view.logs.length, { timeout: 3000 }).toBe(1);
    expect(tail.view.snapshots).toBe(0);
    tail.client.emit('logs.unsubscribe', { environmentId: 10 });
    await expect.poll(() => gateway.pollers.running, { timeout: 3000 }).toBe(0);
    live.upstream.fleet.addLog(10, { description: 'second' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(tail.view.logs).toHaveLength(1);
  });
});

describe('a wall display’s socket', () => {
  it('follows its own environment’s summary, with alerts, and nothing else', async () => {
    await gatewayWith();
    live.upstream.fleet.addLog(10, { severity: 3, description: 'too hot', is_alert: true });
    const wall = await open(DISPLAY);
    const summary = new SummaryView(wall.client);
    expect(await wall.client.timeout(3000).emitWithAck('summary.subscribe', { environmentId: 10 })).toEqual({
      ok: true,
    });
    await expect.poll(() => summary.summary?.counts.total, { timeout: 3000 }).toBe(5);
    await expect.poll(() => summary.summary?.alerts.map((alert) => alert.description)).toEqual(['too hot']);
    // The device list and the system log's tail are not the wall's: refused like a missing permission.
    expect(await subscribe(wall.client, { environmentId: 10 })).toEqual({ ok: false, error: 'forbidden' });
    expect(await subscribeLogs(wall.client)).toEqual({ ok: false, error: 'forbidden' });
    expect(wall.view.snapshots).toBe(0);

    // A display issued above sees only its own environment, not the ones below it.
    const above = await open(DISPLAY_ABOVE);
    expect(await above.client.timeout(3000).emitWithAck('summary.subscribe', { environmentId: 10 })).toEqual({
      ok: false,
      error: 'forbidden',
    });
    expect(await subscribe(above.client, { environmentId: 10 })).toEqual({ ok: false, error: 'forbidden' });
    // A person's session with the same permissions is not narrowed.
    expect(await subscribe((await open(PARENT)).client, { environmentId: 10 })).toMatchObject({ ok: true });
  });
});

describe('central polling', () => {
  async function requestsPerPoll(sockets: number): Promise<number> {
    const { gateway } = await gatewayWith();
    const clients = await Promise.all(
      Array.from({ length: sockets }, (_, index) => open(index % 2 ? MANAGER : COLLEAGUE)),
    );
    await Promise.all(clients.map(({ client }) => subscribe(client, { environmentId: 10 })));
    await Promise.all(clients.map(({ view }) => sameAsUpstream(view)));
    const polls = () => gateway.metrics.polls.get({ result: 'ok' });
    // Each delta is one broadcast (socket.io encodes a broadcast once for all its sockets).
    const adapter = gateway.io.of('/live').adapter;
    const broadcast = adapter.broadcast.bind(adapter);
    let deltaBroadcasts = 0;
    adapter.broadcast = (packet, options) => {
      if ((packet as { data?: unknown[] }).data?.[0] === 'devices.delta') deltaBroadcasts += 1;
      broadcast(packet, options);
    };
    const pollsBefore = await polls();
    const requestsBefore = live.upstream.count('/config/10/');
    for (let round = 1; round <= 10; round += 1) {
      const name = `${sockets} sockets, round ${round}`;
      live.upstream.fleet.put(10, round, { name });
      await expect.poll(() => clients.every(({ view }) => view.devices.get(round)?.name === name)).toBe(true);
    }
    const perPoll = (live.upstream.count('/config/10/') - requestsBefore) / ((await polls()) - pollsBefore);
    expect(deltaBroadcasts).toBe(10);
    await live.stopGateway();
    return perPoll;
  }

  it('sends the same upstream requests per poll cycle for 1 socket and for 50', async () => {
    const one = await requestsPerPoll(1);
    const fifty = await requestsPerPoll(50);
    // devices_state and system_logs every cycle, device_status when something changed.
    for (const perPoll of [one, fifty]) {
      expect(perPoll).toBeGreaterThanOrEqual(2);
      expect(perPoll).toBeLessThanOrEqual(3);
    }
    expect(Math.abs(fifty - one)).toBeLessThan(0.5);
    // Fifty handshakes on a loaded machine take a while; the figure, not the time, is under test.
  }, 20_000);

  it('answers a burst of subscriptions with a few shared snapshot emits, not one per socket', async () => {
    const { gateway } = await gatewayWith();
    const first = await open(MANAGER);
    await subscribe(first.client, { environmentId: 10 });
    await sameAsUpstream(first.view);
    const adapter = gateway.io.of('/live').adapter;
    const broadcast = adapter.broadcast.bind(adapter);
    let snapshotBroadcasts = 0;
    adapter.broadcast = (packet, options) => {
      if ((packet as { data?: unknown[] }).data?.[0] === 'devices.snapshot') snapshotBroadcasts += 1;
      broadcast(packet, options);
    };
    const burst = await Promise.all(Array.from({ length: 30 }, () => open(COLLEAGUE)));
    await Promise.all(burst.map(({ client }) => subscribe(client, { environmentId: 10 })));
    await Promise.all(burst.map(({ view }) => sameAsUpstream(view)));
    expect(burst.every(({ view }) => view.snapshots === 1)).toBe(true);
    expect(snapshotBroadcasts).toBeLessThanOrEqual(3);
  });

  it('stops polling after the last subscriber left and its grace period', async () => {
    const { gateway } = await gatewayWith({ pollGraceMs: 1000 });
    const { client, view } = await open(MANAGER);
    await subscribe(client, { environmentId: 10 });
    await sameAsUpstream(view);
    expect(gateway.pollers.running).toBe(1);
    client.disconnect();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(gateway.pollers.running).toBe(1);
    await expect.poll(() => gateway.pollers.running, { timeout: 3000 }).toBe(0);
    const count = live.upstream.count('/devices_state');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(live.upstream.count('/devices_state')).toBe(count);
  });

  it('polls with another subscriber when the upstream refuses the chosen token, and cuts the refused one off', async () => {
    await gatewayWith();
    const first = await open(MANAGER);
    const second = await open(COLLEAGUE);
    await subscribe(first.client, { environmentId: 10 });
    await subscribe(second.client, { environmentId: 10 });
    await sameAsUpstream(first.view);
    const firstGone = new Promise<string>((resolve) => first.client.once('disconnect', resolve));
    live.upstream.fleet.refusedTokens.add(MANAGER);
    live.upstream.fleet.put(10, 1, { name: 'after refusal' });
    await sameAsUpstream(second.view);
    // Its user may not see this any more: a lost transport, and the next subscription is refused.
    expect(await firstGone).toBe('transport close');
    expect(first.view.devices.get(1)?.name).not.toBe('after refusal');
    const again = await open(MANAGER);
    expect(await subscribe(again.client, { environmentId: 10 })).toEqual({ ok: false, error: 'forbidden' });

    live.upstream.fleet.refusedTokens.add(COLLEAGUE);
    live.upstream.fleet.put(10, 2, { name: 'nobody can see this' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(second.view.devices.get(2)?.name).not.toBe('nobody can see this');
  });
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

describe('slow consumers', () => {
  it('takes a client that does not read out of the stream without slowing the others, then resyncs it', async () => {
    const { gateway } = await gatewayWith({
      socketBufferPackets: 4,
      socketBufferBytes: 256 * 1024,
      slowConsumerResyncMs: 20_000,
    });
    // Large devices, so a few deltas fill the TCP buffers of a client that stops reading.
    const padding = 'x'.repeat(2000);
    for (let id = 1; id <= 300; id += 1) live.upstream.fleet.put(10, id, { name: `${padding}${id}` });
    const slow = await open(MANAGER);
    const others = await Promise.all([open(COLLEAGUE), open(MANAGER), open(COLLEAGUE)]);
    for (const { client } of [slow, ...others]) await subscribe(client, { environmentId: 10 });
    await Promise.all([slow, ...others].map(({ view }) => sameAsUpstream(view)));

    const rawSocket = (
      slow.client.io.engine.transport as unknown as { ws: { _socket: { pause(): void; resume(): void } } }
    ).ws._socket;
    rawSocket.pause();
    for (let round = 1; round <= 40; round += 1) {
      for (let id = 1; id <= 300; id += 1) live.upstream.fleet.put(10, id, { name: `${padding}${round}-${id}` });
      const started = Date.now();
      await expect
        .poll(() => others.every(({ view }) => view.devices.get(300)?.name === `${padding}${round}-300`), {
          timeout: 3000,
        })
        .toBe(true);
      // The others keep the normal pace while the slow one's buffers fill.
      expect(Date.now() - started).toBeLessThan(2500);
      if ((await gateway.metrics.slowConsumerDrops.get()) > 0 && round >= 5) break;
    }
    expect(await gateway.metrics.slowConsumerDrops.get()).toBe(1);
    for (const { view } of others) expect(view.gaps).toBe(0);

    rawSocket.resume();
    await expect.poll(() => slow.view.snapshots, { timeout: 5000 }).toBe(2);
    await sameAsUpstream(slow.view);
    live.upstream.fleet.put(10, 1, { name: 'after the resync' });
    await sameAsUpstream(slow.view);
    expect(await gateway.metrics.snapshotsSent.get({ reason: 'resync' })).toBe(1);
  });

  it('lets a snapshot above the bound drain while deltas come, without counting its client slow', async () => {
    const { gateway } = await gatewayWith({
      socketBufferPackets: 64,
      socketBufferBytes: 16 * 1024,
      pollTimeoutMs: 20_000,
    });
    // A snapshot of about 12 MB even compressed (random names): more than the kernel's
    // buffers take for a client not reading.
    for (let id = 1; id <= 400; id += 1)
      live.upstream.fleet.put(10, id, { name: `${randomBytes(30_000).toString('base64url')}${id}` });
    const large = await open(MANAGER);
    const rawSocket = (
      large.client.io.engine.transport as unknown as { ws: { _socket: { pause(): void; resume(): void } } }
    ).ws._socket;
    await subscribe(large.client, { environmentId: 10 });
    rawSocket.pause();
    const sent = async () =>
      (await gateway.metrics.snapshotsSent.get({ reason: 'subscribe' })) +
      (await gateway.metrics.snapshotsSent.get({ reason: 'epoch' }));
    await expect.poll(sent, { timeout: 10_000 }).toBe(1);
    const deltasBefore = await gateway.metrics.deltaDevices.count();
    for (let round = 1; round <= 3; round += 1) {
      live.upstream.fleet.put(10, 1, { name: `small change ${round}` });
      await expect.poll(() => gateway.metrics.deltaDevices.count(), { timeout: 3000 }).toBe(deltasBefore + round);
    }
    expect(await gateway.metrics.slowConsumerDrops.get()).toBe(0);
    rawSocket.resume();
    await expect.poll(() => large.view.devices.get(1)?.name, { timeout: 10_000 }).toBe('small change 3');
    expect(large.view.snapshots).toBe(1);
    expect(large.view.gaps).toBe(0);
  }, 60_000);

  it('disconnects a slow client that does not catch up in time, as a lost transport', async () => {
    const { gateway } = await gatewayWith({
      socketBufferPackets: 2,
      socketBufferBytes: 64 * 1024,
      slowConsumerResyncMs: 300,
    });
    const padding = 'y'.repeat(2000);
    for (let id = 1; id <= 300; id += 1) live.upstream.fleet.put(10, id, { name: `${padding}${id}` });
    const slow = await open(MANAGER);
    await subscribe(slow.client, { environmentId: 10 });
    await sameAsUpstream(slow.view);
    const transport = slow.client.io.engine.transport as unknown as {
      ws: { _socket: { pause(): void; resume(): void } };
    };
    transport.ws._socket.pause();
    const reason = new Promise<string>((resolve) => slow.client.once('disconnect', resolve));
    for (let round = 1; round <= 60 && (await gateway.metrics.slowConsumerDisconnects.get()) === 0; round += 1) {
      for (let id = 1; id <= 300; id += 1) live.upstream.fleet.put(10, id, { name: `${padding}${round}-${id}` });
      await new Promise((resolve) => setTimeout(resolve, 80));
    }
    await expect.poll(() => gateway.metrics.slowConsumerDisconnects.get(), { timeout: 5000 }).toBe(1);
    transport.ws._socket.resume();
    expect(await reason).toBe('transport close');
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
