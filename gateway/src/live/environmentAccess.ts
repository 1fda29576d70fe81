import { can, HttpErrorKind, type LoginResponse } from '@halo/shared';
import type { DevicesUpstream } from '../pollers/devicesUpstream.js';

export type AccessResult = 'ok' | 'forbidden' | 'notFound' | 'serviceUnavailable';

/** How long an upstream answer about one token and environment is trusted. */
const CACHE_MS = 10 * 60_000;
const CACHE_LIMIT = 20_000;

/**
 * Which environments a socket may watch: its user needs devices.view, and the environment must
 * be the session's own or one below it. The gateway does not know the tree, so for any other
 * environment it asks the upstream once with the socket's own token (which scopes config/{env}
 * to the caller's subtree) and remembers the answer per token and environment.
 */
export class EnvironmentAccess {
  private readonly cache = new Map<string, { result: AccessResult; until: number }>();
  private readonly inFlight = new Map<string, Promise<AccessResult>>();

  constructor(
    private readonly upstream: DevicesUpstream,
    private readonly now: () => number = Date.now,
  ) {}

  async check(session: LoginResponse, token: string, environmentId: number): Promise<AccessResult> {
    if (!can(session, 'devices.view')) return HttpErrorKind.FORBIDDEN;
    const key = `${environmentId}\n${token}`;
    const cached = this.cache.get(key);
    if (cached && cached.until > this.now()) return cached.result;
    if (session.environment_id === environmentId) return 'ok';
    const pending = this.inFlight.get(key);
    if (pending) return pending;
    const asking = this.ask(environmentId, token)
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
    this.remember(`${environmentId}\n${token}`, HttpErrorKind.FORBIDDEN);
  }

  private async ask(environmentId: number, token: string): Promise<AccessResult> {
    const answer = await this.upstream.mayViewEnvironment(environmentId, token);
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
