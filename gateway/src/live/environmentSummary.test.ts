import { describe, expect, it } from 'vitest';
import { unsilencedAlarmCounts } from '@halo/shared';
import { TOKENS, useLiveHarness } from '../testing/liveHarness.js';
import { SummaryView } from '../testing/liveView.js';
import type { LiveClient } from '../testing/testGateway.js';

const { MANAGER, COLLEAGUE, OTHER_TENANT, NO_DEVICES, NO_LOGS } = TOKENS;
const live = useLiveHarness();
const { gatewayWith, open, subscribe } = live;

const follow = (client: LiveClient, environmentId = 10) =>
  client.timeout(3000).emitWithAck('summary.subscribe', { environmentId });

async function summaryOf(token: string) {
  const { client } = await open(token);
  const view = new SummaryView(client);
  return { client, view, ack: await follow(client) };
}

const alertEntry = (deviceId: number, severity: number, description: string) => ({
  device_id: deviceId,
  device_name: `device-${deviceId}`,
  device_attribute_type: 1,
  event_type: 'threshold',
  severity,
  description,
  is_alert: true,
});

describe('summary.subscribe', () => {
  it('sends the whole summary, then only what changed, at most once per interval', async () => {
    await gatewayWith({ summaryIntervalMs: 200 });
    const { view, ack } = await summaryOf(MANAGER);
    expect(ack).toEqual({ ok: true });
    await expect.poll(() => view.summary?.counts.total).toBe(5);
    expect(view.messages[0]).toMatchObject({ environmentId: 10, reset: true });
    expect(view.summary?.problems).toEqual([]);

    live.upstream.fleet.put(10, 2, { availability: 0 });
    live.upstream.fleet.put(10, 4, { main_app_status: 2 });
    await expect.poll(() => view.summary?.problemCount).toBe(2);
    expect(view.summary?.counts).toMatchObject({ total: 5, connected: 4, notConnected: 1, mainAppOffline: 1 });
    expect(view.summary?.problems.map((problem) => `${problem.kind}:${problem.name}`)).toEqual([
      'notConnected:device-2',
      'mainAppOffline:device-4',
    ]);
    const changes = view.messages.slice(1);
    expect(changes.every((message) => !message.reset)).toBe(true);
    // Nothing about alerts changed, so no message carried them.
    expect(changes.some((message) => 'alerts' in message)).toBe(false);

    // Changes faster than the interval arrive together.
    const before = view.messages.length;
    for (let round = 1; round <= 10; round += 1) live.upstream.fleet.put(10, 5, { name: `renamed ${round}` });
    live.upstream.fleet.put(10, 2, { availability: 1 });
    await expect.poll(() => view.summary?.problemCount).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(view.messages.length - before).toBeLessThanOrEqual(4);
  });

  it('starts from the alerts the log holds and adds new ones; a session without logs view gets none', async () => {
    live.upstream.fleet.addLog(10, alertEntry(1, 3, 'too hot'));
    live.upstream.fleet.addLog(10, { device_id: 2, description: 'a plain event' });
    const { gateway } = await gatewayWith();
    const withLogs = await summaryOf(MANAGER);
    const withoutLogs = await summaryOf(NO_LOGS);
    await expect.poll(() => withLogs.view.summary?.alerts.map((alert) => alert.description)).toEqual(['too hot']);
    // The poller has learned where the log ends: what comes next is new.
    await expect.poll(() => gateway.metrics.polls.get({ result: 'ok' })).toBeGreaterThan(1);
    expect(withLogs.view.summary?.problems.map((problem) => `${problem.kind}:${problem.name}`)).toEqual([
      'alert:device-1',
    ]);
    live.upstream.fleet.addLog(10, alertEntry(3, 2, 'link flapping'));
    await expect
      .poll(() => withLogs.view.summary?.alerts.map((alert) => alert.description))
      .toEqual(['link flapping', 'too hot']);
    await expect.poll(() => withoutLogs.view.summary?.counts.total).toBe(5);
    expect(withoutLogs.view.summary?.alerts).toEqual([]);
    expect(withoutLogs.view.summary?.problems).toEqual([]);
    expect(withoutLogs.view.messages.some((message) => (message.alerts?.length ?? 0) > 0)).toBe(false);
  });

  it('refuses what the session may not see, and garbage', async () => {
    await gatewayWith();
    const foreign = await summaryOf(OTHER_TENANT);
    expect(foreign.ack).toEqual({ ok: false, error: 'notFound' });
    const noDevices = await summaryOf(NO_DEVICES);
    expect(noDevices.ack).toEqual({ ok: false, error: 'forbidden' });
    const { client } = await open(MANAGER);
    for (const payload of [{ environmentId: '10' }, { environmentId: 10, extra: true }, null, 'x'])
      expect(await client.timeout(3000).emitWithAck('summary.subscribe', payload as never)).toEqual({
        ok: false,
        error: 'general',
      });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(foreign.view.messages).toEqual([]);
    expect(noDevices.view.messages).toEqual([]);
  });

  it('costs one emit per room however many walls follow, and no extra upstream requests', async () => {
    const { gateway } = await gatewayWith({ summaryIntervalMs: 100 });
    const walls = await Promise.all(Array.from({ length: 20 }, () => summaryOf(COLLEAGUE)));
    await expect.poll(() => walls.every(({ view }) => view.summary?.counts.total === 5)).toBe(true);
    const emitsBefore = await gateway.metrics.summaryMessages.get({ audience: 'alerts' });
    const polls = () => gateway.metrics.polls.get({ result: 'ok' });
    const pollsBefore = await polls();
    const requestsBefore = live.upstream.count('/config/10/devices/');
    for (let round = 1; round <= 5; round += 1) {
      live.upstream.fleet.put(10, round, { availability: 0 });
      await expect.poll(() => walls.every(({ view }) => view.summary?.counts.notConnected === round)).toBe(true);
    }
    expect((await gateway.metrics.summaryMessages.get({ audience: 'alerts' })) - emitsBefore).toBeLessThanOrEqual(5);
    // The same upstream calls per poll cycle as without walls: devices_state, and device_status for changes.
    const perPoll = (live.upstream.count('/config/10/devices/') - requestsBefore) / ((await polls()) - pollsBefore);
    expect(perPoll).toBeLessThan(2);
  });

  it('stops after summary.unsubscribe, and keeps the devices stream of the same socket', async () => {
    await gatewayWith();
    const { client, view: devices } = await open(MANAGER);
    const summary = new SummaryView(client);
    await subscribe(client, { environmentId: 10 });
    await follow(client);
    await expect.poll(() => summary.summary?.counts.total).toBe(5);
    client.emit('summary.unsubscribe', { environmentId: 10 });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const received = summary.messages.length;
    live.upstream.fleet.put(10, 1, { name: 'still streamed' });
    await expect.poll(() => devices.devices.get(1)?.name).toBe('still streamed');
    live.upstream.fleet.put(10, 2, { availability: 0 });
    await expect.poll(() => devices.devices.get(2)?.availability).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(summary.messages.length).toBe(received);
  });

  it('keeps polling for a summary follower alone, and stops after the last one leaves', async () => {
    const { gateway } = await gatewayWith({ pollGraceMs: 100 });
    const { client, view } = await summaryOf(MANAGER);
    await expect.poll(() => view.summary?.counts.total).toBe(5);
    expect(gateway.pollers.running).toBe(1);
    client.disconnect();
    await expect.poll(() => gateway.pollers.running).toBe(0);
  });

  it('carries the alarm counts to sessions with logs view, read again after a threshold entry or an acknowledgement', async () => {
    const counts = (critical: number, unacknowledged: number) =>
      unsilencedAlarmCounts([0, 0, 1, critical], [0, 0, 1, unacknowledged]);
    live.upstream.alarms.counts.set(10, counts(2, 2));
    const started = await gatewayWith({ summaryIntervalMs: 100 });
    const withLogs = await summaryOf(MANAGER);
    const withoutLogs = await summaryOf(NO_LOGS);
    await expect.poll(() => withLogs.view.summary?.alarms).toEqual(counts(2, 2));
    await expect.poll(() => withoutLogs.view.summary?.counts.total).toBe(5);
    expect(withoutLogs.view.messages.some((message) => 'alarms' in message)).toBe(false);

    // A threshold entry in the log: the counts are read again and the change pushed.
    live.upstream.alarms.counts.set(10, counts(3, 3));
    live.upstream.fleet.addLog(10, { ...alertEntry(4, 3, 'too hot'), event_type: 'threshold_critical' });
    await expect.poll(() => withLogs.view.summary?.alarms).toEqual(counts(3, 3));

    // An acknowledgement through this gateway's proxy: read again at once.
    live.upstream.alarms.counts.set(10, counts(3, 0));
    const answer = await fetch(`${started.url}/api/v1/config/10/alarms/acknowledge`, {
      method: 'POST',
      headers: { authorization: `Bearer ${MANAGER}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ids: [1, 2, 3] }),
    });
    expect(answer.status).toBe(200);
    await expect.poll(() => withLogs.view.summary?.alarms).toEqual(counts(3, 0));
    expect(live.upstream.alarms.acknowledgements).toEqual([{ environmentId: 10, body: { ids: [1, 2, 3] } }]);
    // A burst of entries costs one read per interval, not one per entry.
    const asked = live.upstream.alarms.asked.get(10) ?? 0;
    for (let entry = 0; entry < 20; entry += 1)
      live.upstream.fleet.addLog(10, { ...alertEntry(5, 2, 'warm'), event_type: 'threshold_major' });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect((live.upstream.alarms.asked.get(10) ?? 0) - asked).toBeLessThanOrEqual(3);
  });

  it('shows no alarm counts from an upstream without alarms', async () => {
    await gatewayWith({ summaryIntervalMs: 100 });
    const { view } = await summaryOf(MANAGER);
    await expect.poll(() => view.summary?.counts.total).toBe(5);
    await expect.poll(() => live.upstream.alarms.asked.get(10)).toBe(1);
    expect(view.summary?.alarms).toBeUndefined();
  });
});
