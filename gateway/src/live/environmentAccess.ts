import { can, HttpErrorKind, type LoginResponse } from '@halo/shared';
import type { DevicesUpstream } from '../pollers/devicesUpstream.js';
import type { PollCapability } from '../pollers/environmentPoller.js';

export type AccessResult = 'ok' | 'forbidden' | 'notFound' | 'serviceUnavailable';

/** How long an upstream answer about one token and environment is trusted. */
const CACHE_MS = 10 * 60_000;
const CACHE_LIMIT = 20_000;
const POLL_CAPABILITIES: readonly PollCapability[] = ['devices.view', 'logs.view'];

/**
 * Which environments a socket may watch for what: its user needs the subscription's capability
 * (devices view for devices and summaries, logs view for logs and alarms: the rule the REST calls
 * of the same data apply), and the environment must be the session's own or one below it. The
 * gateway does not know the tree, so for any other environment it asks the upstream once with
 * the socket's own token, in a call of that capability (which scopes config/{env} to the
 * caller's subtree), and remembers the answer per token, environment and capability.
 */
export class EnvironmentAccess {
  private readonly cache = new Map<string, { result: AccessResult; until: number }>();
  private readonly inFlight = new Map<string, Promise<AccessResult>>();

  constructor(
    private readonly upstream: DevicesUpstream,
    private readonly now: () => number = Date.now,
  ) {}

  async check(
    session: LoginResponse,
    token: string,
    environmentId: number,
    capability: PollCapability = 'devices.view',
  ): Promise<AccessResult> {
    if (!can(session, capability)) return HttpErrorKind.FORBIDDEN;
    const key = `${capability}\n${environmentId}\n${token}`;
    const cached = this.cache.get(key);
    if (cached && cached.until > this.now()) return cached.result;
    if (session.environment_id === environmentId) return 'ok';
    const pending = this.inFlight.get(key);
    if (pending) return pending;
    const asking = this.ask(environmentId, token, capability)
      .then((result) => {
        if (result !== 'serviceUnavailable') this.remember(key, result);
        return result;
      })
      .finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, asking);
    return asking;
  }

  /** The upstream refused this token here meanwhile: refuse it too, own environment included. */
  refuse(token: string, environmentId: number): void {
    for (const capability of POLL_CAPABILITIES)
      this.remember(`${capability}\n${environmentId}\n${token}`, HttpErrorKind.FORBIDDEN);
  }

  private async ask(environmentId: number, token: string, capability: PollCapability): Promise<AccessResult> {
    const answer = await this.upstream.mayViewEnvironment(environmentId, token, capability);
    if (answer.kind === 'ok') return 'ok';
    if (answer.kind === 'failed') return 'serviceUnavailable';
    // A foreign environment reveals nothing: the upstream says "not found", and so do we.
    if (answer.kind === 'notFound') return 'notFound';
    return answer.status === 403 ? 'forbidden' : 'notFound';
  }

  private remember(key: string, result: AccessResult): void {
    if (this.cache.size >= CACHE_LIMIT) {
      const oldest = this.cache.keys().next();
      if (!oldest.done) this.cache.delete(oldest.value);
    }
    this.cache.set(key, { result, until: this.now() + CACHE_MS });
  }
}
