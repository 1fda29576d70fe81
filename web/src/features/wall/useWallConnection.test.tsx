import { LiveEvent, SessionEndReason, type LoginResponse } from '@halo/shared';
import { act, renderHook, waitFor } from '@testing-library/react';
import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';

/** A socket the test drives: what the gateway would send is emitted by hand. */
class FakeSocket extends EventEmitter {
  connected = true;
  readonly sent: { event: string; payload: unknown }[] = [];
  disconnect() {
    this.connected = false;
  }
  override emit(event: string, ...args: unknown[]): boolean {
    if (event === LiveEvent.SUMMARY_SUBSCRIBE || event === LiveEvent.SUMMARY_UNSUBSCRIBE) {
      this.sent.push({ event, payload: args[0] });
      return true;
    }
    return super.emit(event, ...args);
  }
}

const sockets: FakeSocket[] = [];
/** Every socket the app opens goes through socket.io-client's `io`: here, a FakeSocket. */
vi.mock('socket.io-client', () => ({
  io: () => {
    const socket = new FakeSocket();
    sockets.push(socket);
    return socket;
  },
}));

const { useWallConnection } = await import('./useWallConnection');

const session: LoginResponse = {
  token: { access_token: 'display-token', token_type: 'Bearer' },
  name: 'NOC wall',
  user_id: 1,
  environment_id: 7,
  environment_name: 'north',
  parent_environment_id: null,
  environment_manager: true,
  permissions: [],
  enabled_feature_ids: [],
  entities: { devices: [] },
  two_factor_auth: { setup_status: 1 },
  verified: true,
  realm_type: 1,
  session_kind: 'display',
};

const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

afterEach(() => {
  vi.restoreAllMocks();
  sockets.length = 0;
});

describe('useWallConnection', () => {
  it('says there is no token without asking anything', () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch');
    const { result } = renderHook(() => useWallConnection(null));
    expect(result.current).toEqual({ kind: 'noToken' });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('checks the session with the display token and says why it ended when it did', async () => {
    const fetchMock = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(
        answer(401, { error: 'unauthorized', message: 'no', fields: { reason: SessionEndReason.REVOKED } }),
      );
    const { result } = renderHook(() => useWallConnection('display-token'));
    expect(result.current).toEqual({ kind: 'checking' });
    await waitFor(() => expect(result.current).toEqual({ kind: 'ended', reason: SessionEndReason.REVOKED }));
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v1/auth/session');
    expect((init?.headers as Record<string, string>).Authorization).toBe('Bearer display-token');
    expect(sockets).toHaveLength(0);
  });

  it('is unreachable when the session check gets no answer', async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('network down'));
    const { result } = renderHook(() => useWallConnection('display-token'));
    await waitFor(() => expect(result.current).toEqual({ kind: 'unreachable' }));
  });

  it('connects one socket, follows the summary of the session’s environment and ends when the gateway says so', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(answer(200, session));
    const { result, unmount } = renderHook(() => useWallConnection('display-token'));
    await waitFor(() => expect(result.current.kind).toBe('connected'));
    expect(sockets).toHaveLength(1);
    const socket = sockets[0]!;
    // The wall shows counts, problems and alerts: the summary, never the whole fleet.
    expect(socket.sent).toEqual([{ event: LiveEvent.SUMMARY_SUBSCRIBE, payload: { environmentId: 7 } }]);

    act(() => {
      socket.emit(LiveEvent.UPSTREAM_STATUS, {
        state: 'degraded',
        since: '2026-11-25T10:00:00.000Z',
        lastGoodAt: null,
      });
    });
    await waitFor(() => expect(result.current.kind === 'connected' && result.current.upstream?.state).toBe('degraded'));

    act(() => {
      socket.emit(LiveEvent.SESSION_ENDED, { reason: SessionEndReason.REVOKED });
    });
    await waitFor(() => expect(result.current).toEqual({ kind: 'ended', reason: SessionEndReason.REVOKED }));
    expect(socket.connected).toBe(false);
    unmount();
  });
});
