import { can, displayMayCall, isDisplaySession, type EndpointSpec } from '@halo/shared';
import type { PollCapability, TokenSource } from '../../pollers/environmentPoller.js';
import type { LiveSocket } from '../liveTypes.js';

/** A call a token is chosen for: a wall display's session may make only those of its allow-list. */
export type TokenCall = Pick<EndpointSpec, 'method' | 'path'>;

/**
 * The token of a subscriber, chosen once and kept until its socket leaves or is refused. Chosen
 * for a capability and, when the caller names it, the call it is for: a wall display's session
 * holds the view permissions but may make only the calls a wall needs (displayAccess.ts), so it
 * is not chosen for another (the alarm changes, say).
 */
export class SubscriberTokens implements TokenSource {
  private readonly chosen = new Map<string, LiveSocket>();
  private readonly refused = new Map<PollCapability, Set<string>>();

  constructor(
    private readonly environmentId: number,
    private readonly subscribers: ReadonlyMap<string, LiveSocket>,
    private readonly onRefused: (token: string, capability: PollCapability) => void,
  ) {}

  current(capability: PollCapability, call?: TokenCall): string | null {
    const refused = this.refused.get(capability);
    const usable = (socket: LiveSocket) =>
      socket.connected &&
      !refused?.has(socket.data.token) &&
      can(socket.data.session, capability) &&
      (call === undefined ||
        !isDisplaySession(socket.data.session.session_kind) ||
        displayMayCall(call, this.environmentId, socket.data.session.environment_id));
    const key = call === undefined ? capability : `${capability} ${call.method} ${call.path}`;
    const kept = this.chosen.get(key);
    if (kept && this.subscribers.has(kept.id) && usable(kept)) return kept.data.token;
    this.chosen.delete(key);
    for (const socket of this.subscribers.values()) {
      if (usable(socket)) {
        this.chosen.set(key, socket);
        return socket.data.token;
      }
    }
    return null;
  }

  reject(token: string, capability: PollCapability): void {
    const refused = this.refused.get(capability) ?? new Set<string>();
    refused.add(token);
    this.refused.set(capability, refused);
    for (const [key, socket] of this.chosen)
      if (socket.data.token === token && (key === capability || key.startsWith(`${capability} `)))
        this.chosen.delete(key);
    this.onRefused(token, capability);
  }

  /** Forgets refusals of tokens no subscriber holds any more. */
  prune(): void {
    const held = new Set([...this.subscribers.values()].map((socket) => socket.data.token));
    for (const refused of this.refused.values())
      for (const token of refused) if (!held.has(token)) refused.delete(token);
  }
}
