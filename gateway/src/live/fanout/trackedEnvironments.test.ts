import { describe, expect, it } from 'vitest';
import { TOKENS, useLiveHarness } from '../../testing/liveHarness.js';

const { MANAGER, OTHER_TENANT } = TOKENS;
const live = useLiveHarness();
const { gatewayWith, open, subscribe, sameAsUpstream } = live;

describe('devices.subscribe', () => {
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
});

describe('visibility', () => {
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
});

describe('central polling', () => {
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
});
