import {
  ApiErrorBodySchema,
  apiPaths,
  LoginResponseSchema,
  ServerClockResponseSchema,
  SessionEndReason,
  SessionEndReasonSchema,
  type LoginResponse,
} from '@halo/shared';
import type { GatewayMetrics } from '../metrics.js';
import { upstreamGet } from './upstreamGet.js';
import type { UpstreamStatusTracker } from './upstreamStatus.js';

/** Where the gateway reaches its provider. */
export interface UpstreamTarget {
  /** Base of the API, including /api/v1, without a trailing slash. */
  readonly apiBaseUrl: string;
  /** A health endpoint answering 200 while the upstream is healthy (the embedded provider has one). */
  readonly healthUrl?: string;
}

export type SessionCheck =
  | { readonly kind: 'valid'; readonly session: LoginResponse }
  | { readonly kind: 'ended'; readonly reason: SessionEndReason }
  /** The upstream could not say (unreachable, time-out, unexpected answer): end nothing. */
  | { readonly kind: 'unavailable'; readonly detail: string };

export interface UpstreamClientOptions {
  readonly metrics: GatewayMetrics;
  readonly status: UpstreamStatusTracker;
  /** Time-out of each of the gateway's own calls. */
  readonly timeoutMs?: number;
}

/** A token that can travel in an Authorization header at all; anything else is refused unseen. */
const SENDABLE_TOKEN = /^[\x21-\x7e]{1,512}$/;

type Source = 'session' | 'clock' | 'probe';

/**
 * The gateway's own calls to the upstream: session checks, the server clock and the health
 * probe. Each outcome feeds the upstream status and the metrics. Nothing here acts for a user
 * except the session check, which the provider does not count as user activity.
 */
export class UpstreamClient {
  private readonly timeoutMs: number;

  constructor(
    readonly target: UpstreamTarget,
    private readonly options: UpstreamClientOptions,
  ) {
    this.timeoutMs = options.timeoutMs ?? 5000;
  }

  async checkSession(token: string): Promise<SessionCheck> {
    if (!SENDABLE_TOKEN.test(token)) return { kind: 'ended', reason: SessionEndReason.EXPIRED };
    const answer = await this.call('session', `${this.target.apiBaseUrl}${apiPaths.auth.session}`, {
      authorization: `Bearer ${token}`,
    });
    if (!answer.ok) return { kind: 'unavailable', detail: answer.detail };
    const { status, body } = answer;
    if (status === 200) {
      const session = LoginResponseSchema.safeParse(body);
      if (!session.success) return this.unexpected('session', 'the session answer does not match the login response');
      this.options.status.recordSuccess();
      return { kind: 'valid', session: session.data };
    }
    if (status === 401) {
      this.options.status.recordSuccess();
      const error = ApiErrorBodySchema.safeParse(body);
      const reason = SessionEndReasonSchema.safeParse(error.success ? error.data.fields?.reason : undefined);
      return { kind: 'ended', reason: reason.success ? reason.data : SessionEndReason.EXPIRED };
    }
    return this.unexpected('session', `the session check answered ${status}`);
  }

  /** The provider's clock as an ISO time, or null when it could not be read. */
  async serverClock(): Promise<string | null> {
    const answer = await this.call('clock', `${this.target.apiBaseUrl}${apiPaths.serverClock}`);
    if (!answer.ok) return null;
    const clock = ServerClockResponseSchema.safeParse(answer.body);
    if (answer.status === 200 && clock.success) {
      this.options.status.recordSuccess();
      return clock.data.server_clock;
    }
    this.unexpected('clock', `the server clock answered ${answer.status}`);
    return null;
  }

  /**
   * Probes the upstream's health endpoint when it has one (a failure means down), otherwise
   * reads the server clock, which any provider answers without authentication.
   */
  async probe(): Promise<boolean> {
    if (!this.target.healthUrl) return (await this.serverClock()) !== null;
    const answer = await this.call('probe', this.target.healthUrl);
    if (answer.ok && answer.status === 200) {
      this.options.status.recordSuccess();
      return true;
    }
    if (answer.ok) this.options.metrics.upstreamFailures.inc({ source: 'probe', reason: 'status' });
    this.options.status.markDown();
    return false;
  }

  private unexpected(source: Source, detail: string): { kind: 'unavailable'; detail: string } {
    this.options.metrics.upstreamFailures.inc({ source, reason: 'status' });
    this.options.status.recordFailure();
    return { kind: 'unavailable', detail };
  }

  /** Sends one GET (upstreamGet): failures are counted there, the rest is the caller's to judge. */
  private async call(
    source: Source,
    url: string,
    headers: Record<string, string> = {},
  ): Promise<{ ok: true; status: number; body: unknown } | { ok: false; detail: string }> {
    const { metrics, status } = this.options;
    const answer = await upstreamGet(url, { metrics, status, source, headers, timeoutMs: this.timeoutMs });
    // Not JSON: the schema checks treat it as an unexpected answer.
    return answer.ok
      ? { ok: true, status: answer.status, body: answer.body ?? null }
      : { ok: false, detail: answer.detail };
  }
}
