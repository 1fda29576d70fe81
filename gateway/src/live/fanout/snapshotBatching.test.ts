import { describe, expect, it } from 'vitest';
import { encodeSnapshotMessage } from '../snapshotEncoding.js';
import { TOKENS, useLiveHarness } from '../../testing/liveHarness.js';

const { MANAGER, COLLEAGUE } = TOKENS;
const live = useLiveHarness();
const { gatewayWith, open, subscribe, sameAsUpstream } = live;

describe('devices.subscribe', () => {
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
});

describe('central polling', () => {
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
});
