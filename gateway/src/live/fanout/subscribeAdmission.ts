import {
  displayMaySubscribe,
  EnvironmentSubscribeSchema,
  HttpErrorKind,
  isDisplaySession,
  type SubscribeAck,
} from '@halo/shared';
import type { PollCapability } from '../../pollers/environmentPoller.js';
import type { EnvironmentAccess } from '../environmentAccess.js';
import type { LiveSocket } from '../liveTypes.js';

/** Subscriptions a socket may ask for per window, and environments it may watch at once. */
const SUBSCRIBE_LIMIT = 30;
const SUBSCRIBE_WINDOW_MS = 10_000;
const MAX_ENVIRONMENTS_PER_SOCKET = 64;

/** How a subscription is refused in its ack (every room's ack has this form). */
export type SubscribeRefusal = Extract<SubscribeAck, { ok: false }>;

export interface SubscribeAdmissionOptions {
  readonly access: EnvironmentAccess;
  /** The environments the socket follows now. */
  readonly watched: (socketId: string) => ReadonlySet<number> | undefined;
  /** The fan-out was closed: nobody is admitted any more. */
  readonly closed: () => boolean;
}

/**
 * Who may subscribe to what, for every room: a wall display only to what it shows, each socket
 * a bounded number of subscriptions per window and of environments at once, and only to
 * environments its session may view (asked of the upstream when not its own).
 */
export class SubscribeAdmission {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(private readonly options: SubscribeAdmissionOptions) {}

  /**
   * Admits the socket to the environment, or refuses it in the ack: false then, and also when
   * the socket or the fan-out went while the upstream was asked. A `capability` the session
   * lacks is refused as forbidden before anything else is asked.
   */
  async admit(
    socket: LiveSocket,
    event: string,
    environmentId: number,
    ack: (refusal: SubscribeRefusal) => void,
    capability?: PollCapability,
  ): Promise<boolean> {
    if (!this.displayMay(socket, event, environmentId)) {
      ack({ ok: false, error: HttpErrorKind.FORBIDDEN });
      return false;
    }
    if (!this.allowSubscribe(socket, environmentId)) {
      ack({ ok: false, error: HttpErrorKind.TOO_MANY_REQUESTS });
      return false;
    }
    const access = await this.options.access.check(socket.data.session, socket.data.token, environmentId, capability);
    if (access !== 'ok') {
      ack({ ok: false, error: access });
      return false;
    }
    return socket.connected && !this.options.closed();
  }

  /**
   * Checks an environment subscription (summary, logs) as devices.subscribe does, plus the
   * capability it needs: the environment to follow, or null once refused in the ack.
   */
  async admitEnvironment(
    socket: LiveSocket,
    event: string,
    payload: unknown,
    ack: (answer: SubscribeAck) => void,
    capability: PollCapability,
  ): Promise<number | null> {
    const parsed = EnvironmentSubscribeSchema.safeParse(payload);
    if (!parsed.success) {
      ack({ ok: false, error: HttpErrorKind.GENERAL });
      return null;
    }
    const { environmentId } = parsed.data;
    return (await this.admit(socket, event, environmentId, ack, capability)) ? environmentId : null;
  }

  /** The socket left: its subscription window goes with it. */
  forget(socketId: string): void {
    this.windows.delete(socketId);
  }

  /**
   * A wall display's socket gets only the subscriptions of DISPLAY_LIVE_SUBSCRIPTIONS, on its
   * own environment (shared/src/wall-displays/displayAccess.ts, the rule the provider applies
   * to calls); a person's socket is not narrowed here.
   */
  private displayMay(socket: LiveSocket, event: string, environmentId: number): boolean {
    const { session } = socket.data;
    return !isDisplaySession(session.session_kind) || displayMaySubscribe(event, environmentId, session.environment_id);
  }

  /** Each subscription may cost an upstream call: a socket gets a bounded number of them. */
  private allowSubscribe(socket: LiveSocket, environmentId: number): boolean {
    const now = Date.now();
    const window = this.windows.get(socket.id);
    if (!window || now - window.start >= SUBSCRIBE_WINDOW_MS) {
      this.windows.set(socket.id, { start: now, count: 1 });
    } else {
      window.count += 1;
      if (window.count > SUBSCRIBE_LIMIT) return false;
    }
    const watched = this.options.watched(socket.id);
    return !watched || watched.has(environmentId) || watched.size < MAX_ENVIRONMENTS_PER_SOCKET;
  }
}
