import {
  API,
  ApiError,
  SessionEndReasonSchema,
  serverNow,
  type LoginResponse,
  type ServerClock,
  type SessionEndReason,
  type UpstreamStatusEvent,
} from '@halo/shared';
import { useEffect, useState } from 'react';
import { createActor } from 'xstate';
import { createApiClient } from '../../lib/api/apiClient';
import { SummaryFeed, connectionMachine } from '../../lib/fleet';
import { LiveChannel } from '../../lib/realtime';

export type WallConnection =
  | { readonly kind: 'noToken' }
  | { readonly kind: 'checking' }
  | { readonly kind: 'ended'; readonly reason: SessionEndReason | null }
  | { readonly kind: 'unreachable' }
  | {
      readonly kind: 'connected';
      readonly session: LoginResponse;
      /** The fleet summary of the session's environment: all a wall shows. */
      readonly feed: SummaryFeed;
      readonly socketConnected: boolean;
      readonly upstream: UpstreamStatusEvent | null;
      readonly clock: ServerClock | null;
      /** Local time since which the socket or the upstream has not been live; null while live. */
      readonly staleSince: number | null;
    };

/**
 * How old the wall's data is, in whole seconds, when it is not live: from the upstream's
 * last good data when the gateway said it (server time), else from when liveness was lost.
 */
export function dataAgeSeconds(connection: Extract<WallConnection, { kind: 'connected' }>, now: number): number | null {
  if (connection.staleSince === null) return 0;
  const lastGood = connection.upstream?.lastGoodAt ? Date.parse(connection.upstream.lastGoodAt) : Number.NaN;
  const age =
    !Number.isNaN(lastGood) && connection.clock
      ? serverNow(connection.clock, now) - lastGood
      : now - connection.staleSince;
  return Math.max(0, Math.round(age / 1000));
}

/** The wall's session check with its own display token (not the signed-in tab's). */
async function fetchSession(token: string): Promise<LoginResponse | { ended: SessionEndReason | null }> {
  const wallApi = createApiClient({ getToken: () => ({ access_token: token, token_type: 'Bearer' }) });
  try {
    return await wallApi.call(API.auth.session, {});
  } catch (error) {
    if (!ApiError.is(error) || error.status !== 401) throw error;
    const reason = SessionEndReasonSchema.safeParse(error.body.fields?.reason);
    return { ended: reason.success ? reason.data : null };
  }
}

/**
 * The wall's own connection: the token's session, one socket, the fleet summary of the
 * session's environment, and what the socket says about the session and the upstream.
 */
export function useWallConnection(token: string | null): WallConnection {
  const [connection, setConnection] = useState<WallConnection>(token ? { kind: 'checking' } : { kind: 'noToken' });

  useEffect(() => {
    if (!token) return undefined;
    let disposed = false;
    let cleanup = () => {};
    const start = async () => {
      let session;
      try {
        session = await fetchSession(token);
      } catch {
        if (!disposed) setConnection({ kind: 'unreachable' });
        retry = window.setTimeout(() => void start(), 10_000);
        return;
      }
      if (disposed) return;
      if ('ended' in session) {
        setConnection({ kind: 'ended', reason: session.ended });
        return;
      }
      // The wall's own channel: its display token, not the signed-in tab's.
      const channel = new LiveChannel();
      const live = channel.connect(token);
      const feed = new SummaryFeed(live, session.environment_id);
      let state: Extract<WallConnection, { kind: 'connected' }> = {
        kind: 'connected',
        session,
        feed,
        socketConnected: live.connected,
        upstream: null,
        clock: null,
        staleSince: live.connected ? null : Date.now(),
      };
      // The connection's state (connecting, resyncing, live, stale) is the shared machine's.
      const liveness = createActor(connectionMachine).start();
      const publish = (change: Partial<typeof state>) => {
        state = { ...state, ...change, staleSince: liveness.getSnapshot().context.staleSince };
        if (!disposed) setConnection(state);
      };
      liveness.subscribe((snapshot) =>
        publish({
          staleSince:
            snapshot.hasTag('showAge') || !snapshot.matches('live')
              ? (snapshot.context.staleSince ?? state.staleSince ?? Date.now())
              : null,
        }),
      );
      const subscriptions = [
        feed.synced$.subscribe(() => liveness.send({ type: 'feed.synced' })),
        feed.gaps$.subscribe(() => liveness.send({ type: 'feed.gap' })),
      ];
      if (live.connected) liveness.send({ type: 'socket.connected' });
      subscriptions.push(
        live.connects$.subscribe(() => {
          liveness.send({ type: 'socket.connected' });
          publish({ socketConnected: true });
        }),
        live.disconnects$.subscribe(() => {
          liveness.send({ type: 'socket.disconnected', at: Date.now() });
          publish({ socketConnected: false });
        }),
        channel.upstreamStatus$.subscribe((upstream) => {
          liveness.send(upstream.state === 'ok' ? { type: 'upstream.ok' } : { type: 'upstream.notOk', at: Date.now() });
          publish({ upstream });
        }),
        channel.clock$.subscribe((clock) => publish({ clock })),
        // `session.ended`, or the token refused (with the reason the upstream gave); a handshake
        // refused for now is the channel's to try again.
        channel.ended$.subscribe((reason) => {
          feed.close();
          channel.disconnect();
          if (!disposed) setConnection({ kind: 'ended', reason });
        }),
      );
      cleanup = () => {
        subscriptions.forEach((subscription) => subscription.unsubscribe());
        liveness.stop();
        feed.close();
        channel.disconnect();
      };
    };
    let retry = 0;
    void start();
    return () => {
      disposed = true;
      window.clearTimeout(retry);
      cleanup();
    };
  }, [token]);

  return connection;
}
