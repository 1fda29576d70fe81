import { can } from '@halo/shared';
import type { PollCapability, TokenSource } from '../../pollers/environmentPoller.js';
import type { LiveSocket } from '../liveTypes.js';

/** The token of a subscriber, chosen once and kept until its socket leaves or is refused. */
export class SubscriberTokens implements TokenSource {
  private readonly chosen = new Map<PollCapability, LiveSocket>();
  private readonly refused = new Map<PollCapability, Set<string>>();

  constructor(
    private readonly subscribers: ReadonlyMap<string, LiveSocket>,
    private readonly onRefused: (token: string, capability: PollCapability) => void,
  ) {}

  current(capability: PollCapability): string | null {
    const refused = this.refused.get(capability);
    const usable = (socket: LiveSocket) =>
      socket.connected && !refused?.has(socket.data.token) && can(socket.data.session, capability);
    const kept = this.chosen.get(capability);
    if (kept && this.subscribers.has(kept.id) && usable(kept)) return kept.data.token;
    this.chosen.delete(capability);
    for (const socket of this.subscribers.values()) {
      if (usable(socket)) {
        this.chosen.set(capability, socket);
        return socket.data.token;
      }
    }
    return null;
  }

  reject(token: string, capability: PollCapability): void {
    const refused = this.refused.get(capability) ?? new Set<string>();
    refused.add(token);
    this.refused.set(capability, refused);
    if (this.chosen.get(capability)?.data.token === token) this.chosen.delete(capability);
    this.onRefused(token, capability);
  }

  /** Forgets refusals of tokens no subscriber holds any more. */
  prune(): void {
    const held = new Set([...this.subscribers.values()].map((socket) => socket.data.token));
    for (const refused of this.refused.values())
      for (const token of refused) if (!held.has(token)) refused.delete(token);
  }
}
