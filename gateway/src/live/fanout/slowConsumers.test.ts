import { describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { TOKENS, useLiveHarness } from '../../testing/liveHarness.js';

const { MANAGER, COLLEAGUE } = TOKENS;
const live = useLiveHarness();
const { gatewayWith, open, subscribe, sameAsUpstream } = live;

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
    // Rounds until the kernel's buffers fill: about 2 s alone, several times that beside a busy suite.
  }, 30_000);

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
