import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { connectionMachine, type ConnectionEvent } from './connectionMachine';

function run(...events: ConnectionEvent[]) {
  const actor = createActor(connectionMachine).start();
  for (const event of events) actor.send(event);
  return actor.getSnapshot();
}

describe('connectionMachine', () => {
  it('connects, resyncs and goes live on the first snapshot', () => {
    expect(run().value).toBe('connecting');
    expect(run({ type: 'socket.connected' }).value).toBe('resyncing');
    const live = run({ type: 'socket.connected' }, { type: 'feed.synced' });
    expect(live.value).toBe('live');
    expect(live.hasTag('showAge')).toBe(false);
  });

  it('turns stale with the time liveness was lost when the socket drops, and resyncs on reconnect', () => {
    const stale = run({ type: 'socket.connected' }, { type: 'feed.synced' }, { type: 'socket.disconnected', at: 5000 });
    expect(stale.value).toBe('stale');
    expect(stale.hasTag('showAge')).toBe(true);
    expect(stale.context.staleSince).toBe(5000);
    const back = run(
      { type: 'socket.connected' },
      { type: 'feed.synced' },
      { type: 'socket.disconnected', at: 5000 },
      { type: 'socket.connected' },
      { type: 'feed.synced' },
    );
    expect(back.value).toBe('live');
    expect(back.context.staleSince).toBeNull();
  });

  it('is stale while the upstream is down, keeps the first stale time, and recovers by itself', () => {
    const down = run(
      { type: 'socket.connected' },
      { type: 'feed.synced' },
      { type: 'upstream.notOk', at: 1000 },
      { type: 'upstream.notOk', at: 9000 },
    );
    expect(down.value).toBe('stale');
    expect(down.context.staleSince).toBe(1000);
    const recovered = run(
      { type: 'socket.connected' },
      { type: 'feed.synced' },
      { type: 'upstream.notOk', at: 1000 },
      { type: 'upstream.ok' },
    );
    expect(recovered.value).toBe('live');
  });

  it('resyncs on a gap and goes back to live with the replay or snapshot', () => {
    const gap = run({ type: 'socket.connected' }, { type: 'feed.synced' }, { type: 'feed.gap' });
    expect(gap.value).toBe('resyncing');
    expect(gap.hasTag('showAge')).toBe(false);
  });

  it('does not go live on a snapshot while the upstream is down', () => {
    const snapshot = run(
      { type: 'socket.connected' },
      { type: 'feed.synced' },
      { type: 'upstream.notOk', at: 1 },
      { type: 'feed.synced' },
    );
    expect(snapshot.value).toBe('stale');
  });
});
