import { describe, expect, it } from 'vitest';
import { DEVICES_VIEW, TOKENS, useLiveHarness } from '../../testing/liveHarness.js';

const { MANAGER, COLLEAGUE, OTHER_TENANT, NO_LOGS } = TOKENS;
const live = useLiveHarness();
const { gatewayWith, open, subscribe, subscribeLogs, sameAsUpstream } = live;

describe('visibility', () => {
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
