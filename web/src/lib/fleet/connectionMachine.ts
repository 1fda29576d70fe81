import { assign, setup } from 'xstate';

/**
 * The live connection as the UI sees it: connecting (no data yet), resyncing (waiting for a
 * snapshot or replay), live, or stale (data shown with its age because the socket or the
 * upstream is not live). Views read the tags: `showAge`, `hasData`.
 */
export type ConnectionEvent =
  | { type: 'socket.connected' }
  | { type: 'socket.disconnected'; at: number }
  | { type: 'feed.synced' }
  | { type: 'feed.gap' }
  | { type: 'upstream.ok' }
  | { type: 'upstream.notOk'; at: number };

export interface ConnectionContext {
  readonly socketUp: boolean;
  readonly upstreamOk: boolean;
  /** Local time since which the data has not been live; null while live. */
  readonly staleSince: number | null;
}

export const connectionMachine = setup({
  types: { context: {} as ConnectionContext, events: {} as ConnectionEvent },
  actions: {
    socketUp: assign({ socketUp: true }),
    socketDown: assign(({ context, event }) => ({
      socketUp: false,
      staleSince: context.staleSince ?? (event.type === 'socket.disconnected' ? event.at : null),
    })),
    upstreamUp: assign({ upstreamOk: true }),
    upstreamDown: assign(({ context, event }) => ({
      upstreamOk: false,
      staleSince: context.staleSince ?? (event.type === 'upstream.notOk' ? event.at : null),
    })),
    fresh: assign({ staleSince: null }),
  },
  guards: {
    allUp: ({ context }) => context.socketUp && context.upstreamOk,
    socketUp: ({ context }) => context.socketUp,
  },
}).createMachine({
  id: 'liveConnection',
  context: { socketUp: false, upstreamOk: true, staleSince: null },
  initial: 'connecting',
  on: {
    'upstream.notOk': { target: '.stale', actions: 'upstreamDown', guard: ({ context }) => context.socketUp },
  },
  states: {
    connecting: {
      on: {
        'socket.connected': { target: 'resyncing', actions: 'socketUp' },
        'upstream.ok': { actions: 'upstreamUp' },
      },
    },
    resyncing: {
      tags: ['hasData'],
      on: {
        'feed.synced': [{ target: 'live', guard: 'allUp', actions: 'fresh' }, { target: 'stale' }],
        'socket.disconnected': { target: 'stale', actions: 'socketDown' },
        'upstream.ok': { actions: 'upstreamUp' },
      },
    },
    live: {
      tags: ['hasData'],
      on: {
        'feed.gap': { target: 'resyncing' },
        'socket.disconnected': { target: 'stale', actions: 'socketDown' },
      },
    },
    stale: {
      tags: ['hasData', 'showAge'],
      on: {
        'socket.connected': { target: 'resyncing', actions: 'socketUp' },
        'socket.disconnected': { actions: 'socketDown' },
        'upstream.ok': [
          { target: 'live', guard: ({ context }) => context.socketUp, actions: ['upstreamUp', 'fresh'] },
          { actions: 'upstreamUp' },
        ],
        'feed.synced': { guard: 'allUp', target: 'live', actions: 'fresh' },
      },
    },
  },
});
