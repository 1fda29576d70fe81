import { describe, expect, it } from 'vitest';
import { TOKENS, useLiveHarness } from '../../testing/liveHarness.js';
import { SummaryView } from '../../testing/liveView.js';

const { MANAGER, OTHER_TENANT, PARENT, NO_DEVICES, DISPLAY, DISPLAY_ABOVE } = TOKENS;
const live = useLiveHarness();
const { gatewayWith, open, subscribe, subscribeLogs, sameAsUpstream } = live;

describe('devices.subscribe', () => {
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
