import { describe, expect, it } from 'vitest';
import { API, SystemLogEvent, type AlarmsChangedEvent } from '@halo/shared';
import { fakeAlarm } from '../testing/fakeAlarms.js';
import { LOGS_VIEW, TOKENS, useLiveHarness } from '../testing/liveHarness.js';
import type { LiveClient } from '../testing/testGateway.js';

const { MANAGER, COLLEAGUE, NO_DEVICES, NO_LOGS, OTHER_TENANT, DISPLAY } = TOKENS;
const live = useLiveHarness();
const { gatewayWith, open, subscribeAlarms } = live;

/** The log's tail is being polled: an entry added now is new to the gateway (the first poll only finds where the log ends). */
async function tailing(): Promise<void> {
  const before = live.upstream.count('/system_logs');
  await expect.poll(() => live.upstream.count('/system_logs'), { timeout: 3000 }).toBeGreaterThan(before + 1);
}

/** Every alarms.changed the client hears. */
function heard(client: LiveClient): AlarmsChangedEvent[] {
  const messages: AlarmsChangedEvent[] = [];
  client.on('alarms.changed', (message) => messages.push(message));
  return messages;
}

describe('live alarm stream', () => {
  it('reads the changes once per environment for every watcher, after a threshold entry, from where it started', async () => {
    await gatewayWith();
    const before = live.upstream.alarms.change(fakeAlarm({ id: 1, environment_id: 10 }));
    const watchers = await Promise.all(Array.from({ length: 20 }, (_, index) => open(index % 2 ? MANAGER : COLLEAGUE)));
    const messages = watchers.map(({ client }) => heard(client));
    for (const { client } of watchers) expect(await subscribeAlarms(client)).toEqual({ ok: true });
    const askedAtStart = live.upstream.alarms.changesAsked.get(10) ?? 0;

    await tailing();
    const opened = live.upstream.alarms.change(fakeAlarm({ id: 2, environment_id: 10, device_id: 3, severity: 3 }));
    live.upstream.fleet.addLog(10, { event_type: SystemLogEvent.THRESHOLD_CRITICAL, device_id: 3, is_alert: true });
    await expect.poll(() => messages.every((each) => each.length === 1), { timeout: 4000 }).toBe(true);
    // The alarm that was there before the stream started is not news; the new one is, once.
    expect(messages[0]).toEqual([{ environmentId: 10, alarms: [opened], resync: false }]);
    expect(before.revision).toBeLessThan(opened.revision);
    expect((live.upstream.alarms.changesAsked.get(10) ?? 0) - askedAtStart).toBe(1);

    // A clear arrives the same way; an entry that is not a threshold's reads nothing.
    live.upstream.fleet.addLog(10, { event_type: SystemLogEvent.LINK_DOWN, device_id: 3 });
    const cleared = live.upstream.alarms.change({
      ...opened,
      state: 'cleared',
      cleared_at: '2026-11-27T10:05:00.000Z',
    });
    live.upstream.fleet.addLog(10, { event_type: SystemLogEvent.BACK_TO_SAFETY, device_id: 3 });
    await expect.poll(() => messages.every((each) => each.length === 2), { timeout: 4000 }).toBe(true);
    expect(messages[7]?.[1]?.alarms).toEqual([cleared]);
  });

  it('tells every watcher to read its list again after a silence, and reads an acknowledgement through this gateway at once', async () => {
    const { gateway } = await gatewayWith();
    const { client } = await open(MANAGER);
    const messages = heard(client);
    expect(await subscribeAlarms(client)).toEqual({ ok: true });
    gateway.fanout.alarmsChanged(10, 'silences');
    await expect.poll(() => messages.length, { timeout: 4000 }).toBe(1);
    expect(messages[0]).toEqual({ environmentId: 10, alarms: [], resync: true });

    const acknowledged = live.upstream.alarms.change(fakeAlarm({ id: 5, environment_id: 10, acknowledged: true }));
    gateway.fanout.alarmsChanged(10, 'alarms');
    await expect.poll(() => messages.length, { timeout: 4000 }).toBe(2);
    expect(messages[1]).toEqual({ environmentId: 10, alarms: [acknowledged], resync: false });
  });

  it('refuses a session without logs view and another tenant, and sends them nothing', async () => {
    await gatewayWith();
    const withoutLogs = await open(NO_LOGS);
    const foreign = await open(OTHER_TENANT);
    const watcher = await open(MANAGER);
    const refusedMessages = [...heard(withoutLogs.client), ...heard(foreign.client)];
    const messages = heard(watcher.client);
    expect(await subscribeAlarms(withoutLogs.client)).toMatchObject({ ok: false });
    expect(await subscribeAlarms(foreign.client)).toMatchObject({ ok: false });
    expect(await subscribeAlarms(watcher.client)).toEqual({ ok: true });
    await tailing();
    live.upstream.alarms.change(fakeAlarm({ id: 9, environment_id: 10 }));
    live.upstream.fleet.addLog(10, { event_type: SystemLogEvent.THRESHOLD_MAJOR, device_id: 1, is_alert: true });
    await expect.poll(() => messages.length, { timeout: 4000 }).toBe(1);
    expect(refusedMessages).toEqual([]);
    expect(API.alarms.changes.path).toContain('{environmentId}');
  });

  it('follows alarms with logs view alone, as the REST calls of alarms do, in its environment and one below', async () => {
    await gatewayWith();
    // Logs view (70) is what GET alarms needs; devices view is not (issue 39, item 9).
    const logsOnly = await open(NO_DEVICES);
    const messages = heard(logsOnly.client);
    expect(await subscribeAlarms(logsOnly.client)).toEqual({ ok: true });
    const LOGS_ONLY_ABOVE = 'token-logs-only-env1-0099';
    live.upstream.sessions.set(LOGS_ONLY_ABOVE, {
      userId: 9,
      environmentId: 1,
      verified: true,
      permissions: [LOGS_VIEW],
    });
    const above = await open(LOGS_ONLY_ABOVE);
    const heardAbove = heard(above.client);
    expect(await subscribeAlarms(above.client)).toEqual({ ok: true });
    // Still not the devices: that is devices view's.
    expect(await above.client.timeout(3000).emitWithAck('devices.subscribe', { environmentId: 10 })).toEqual({
      ok: false,
      error: 'forbidden',
    });
    // Another tenant's environment stays out of reach, with logs view as without.
    expect(await subscribeAlarms(logsOnly.client, 20)).toMatchObject({ ok: false, error: 'notFound' });
    await tailing();
    const opened = live.upstream.alarms.change(fakeAlarm({ id: 21, environment_id: 10 }));
    live.upstream.fleet.addLog(10, { event_type: SystemLogEvent.THRESHOLD_MAJOR, device_id: 1, is_alert: true });
    await expect.poll(() => [messages.length, heardAbove.length], { timeout: 4000 }).toEqual([1, 1]);
    expect(messages[0]?.alarms).toEqual([opened]);
  });

  it('reads with a watcher’s token, not a wall display’s that follows the same environment', async () => {
    await gatewayWith();
    // The wall comes first: its token is the environment's first with logs view.
    const wall = await open(DISPLAY);
    expect(await wall.client.timeout(3000).emitWithAck('summary.subscribe', { environmentId: 10 })).toEqual({
      ok: true,
    });
    expect(await subscribeAlarms(wall.client)).toMatchObject({ ok: false });
    const { client } = await open(MANAGER);
    const messages = heard(client);
    expect(await subscribeAlarms(client)).toEqual({ ok: true });
    await tailing();
    const opened = live.upstream.alarms.change(fakeAlarm({ id: 12, environment_id: 10 }));
    live.upstream.fleet.addLog(10, { event_type: SystemLogEvent.THRESHOLD_MINOR, device_id: 1, is_alert: true });
    await expect.poll(() => messages.length, { timeout: 4000 }).toBe(1);
    expect(messages[0]?.alarms).toEqual([opened]);
  });
});
