import type { Request, RequestHandler } from 'express';
import {
  AuditAction,
  AuditResource,
  DISPLAY_PERMISSIONS,
  SessionEndReason,
  SessionKind,
  TwoFactorStatus,
  WALL_DISPLAY_SEEN_EVERY_MS,
  type AuditDetail,
  type LoginResponse,
  type TwoFactorStatus as TwoFactorStatusValue,
} from '@halo/shared';
import type { ProviderContext } from '../context.js';
import { forbidden, unauthorized } from '../errors/httpError.js';
import { writeAudit } from '../store/audit.js';
import { featuresOf } from '../store/environmentFeatures.js';
import type { EnvironmentRow, SessionRow, UserRow } from '../store/schema.js';
import { hashToken, newToken } from './tokens.js';

export const TOKEN_TYPE = 'Bearer';

/** Set by the gateway on its own background calls (the proxy strips it from browsers' requests). */
export const BACKGROUND_HEADER = 'x-halo-background';

export interface Authenticated {
  readonly session: SessionRow;
  readonly user: UserRow;
  readonly environment: EnvironmentRow;
}

/** Reads what `authenticate` attached to the request. */
export function authenticated(request: Request): Authenticated {
  const value = (request as Request & { halo?: Authenticated }).halo;
  if (!value) throw unauthorized();
  return value;
}

export function permissionsOf(user: UserRow): number[] {
  try {
    const parsed: unknown = JSON.parse(user.permissions);
    return Array.isArray(parsed) ? parsed.filter((value): value is number => Number.isInteger(value)) : [];
  } catch {
    return [];
  }
}

export { SessionKind };

export interface SessionAuthority {
  readonly environment_manager: boolean;
  readonly permissions: readonly number[];
  /** The environment's features (spec 4); a wall display has none. */
  readonly enabled_feature_ids: readonly number[];
}

/**
 * What a session may do, the one answer for the login response and every permission check:
 * a person acts with their own permissions; a wall display is never a manager and holds only
 * the DISPLAY_PERMISSIONS its issuing manager holds (and reaches only DISPLAY_ENDPOINTS, in
 * its own environment: endpointRoute.ts).
 */
export function sessionAuthority(auth: Pick<Authenticated, 'session' | 'user' | 'environment'>): SessionAuthority {
  const manager = auth.user.environment_manager === 1;
  const held = permissionsOf(auth.user);
  if (auth.session.kind !== SessionKind.DISPLAY)
    return { environment_manager: manager, permissions: held, enabled_feature_ids: featuresOf(auth.environment) };
  return {
    environment_manager: false,
    permissions: DISPLAY_PERMISSIONS.filter((permission) => manager || held.includes(permission)),
    enabled_feature_ids: [],
  };
}

/**
 * The login answer. `allowedDevices` is the user's allowed device list (entities.devices):
 * the devices granted to them plus those they created.
 */
export function loginResponse(
  auth: Authenticated,
  accessToken: string,
  allowedDevices: readonly number[] = [],
): LoginResponse {
  const person = personLoginResponse(auth, accessToken, allowedDevices);
  if (auth.session.kind !== SessionKind.DISPLAY) return person;
  const authority = sessionAuthority(auth);
  return {
    ...person,
    environment_manager: authority.environment_manager,
    permissions: [...authority.permissions],
    enabled_feature_ids: [...authority.enabled_feature_ids],
    name: auth.session.label ?? 'Wall display',
    two_factor_auth: { setup_status: TwoFactorStatus.INACTIVE },
    verified: true,
    session_kind: SessionKind.DISPLAY,
    // A wall shows times in the zone of the browser it runs in, not of the manager who made it.
    time_zone: null,
  };
}

function personLoginResponse(
  auth: Authenticated,
  accessToken: string,
  allowedDevices: readonly number[],
): LoginResponse {
  const { user, environment, session } = auth;
  return {
    token: { access_token: accessToken, token_type: TOKEN_TYPE },
    name: user.name ?? user.username,
    user_id: user.id,
    environment_id: environment.id,
    environment_name: environment.name,
    parent_environment_id: environment.parent_id,
    environment_manager: user.environment_manager === 1,
    permissions: permissionsOf(user),
    enabled_feature_ids: featuresOf(environment),
    entities: { devices: [...allowedDevices] },
    two_factor_auth: { setup_status: user.two_factor_status as TwoFactorStatusValue },
    verified: session.verified === 1,
    realm_type: environment.realm_type,
    session_kind: SessionKind.USER,
    time_zone: user.time_zone,
  };
}

/** Opens a session; any older session of the same user ends ("logged out from another session"). */
export async function openSession(
  context: ProviderContext,
  user: UserRow,
): Promise<{ token: string; session: SessionRow }> {
  const now = context.now();
  const { token, hash } = newToken();
  const verified = user.two_factor_status === TwoFactorStatus.ACTIVE ? 0 : 1;
  const session = await context.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('sessions')
      .set({ ended_at: now, ended_reason: SessionEndReason.REPLACED })
      .where('user_id', '=', user.id)
      .where('kind', '=', SessionKind.USER)
      .where('ended_at', 'is', null)
      .execute();
    return trx
      .insertInto('sessions')
      .values({ token_hash: hash, user_id: user.id, verified, created_at: now, last_activity_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  return { token, session };
}

export async function endSession(context: ProviderContext, sessionId: number, reason: SessionEndReason) {
  await context.db
    .updateTable('sessions')
    .set({ ended_at: context.now(), ended_reason: reason })
    .where('id', '=', sessionId)
    .where('ended_at', 'is', null)
    .execute();
}

/** Ends every open session of a user at once (disabled, deleted, password reset). */
export async function endUserSessions(context: ProviderContext, userId: number, reason: SessionEndReason) {
  await context.db
    .updateTable('sessions')
    .set({ ended_at: context.now(), ended_reason: reason })
    .where('user_id', '=', userId)
    .where('ended_at', 'is', null)
    .execute();
}

export function bearerToken(request: Request): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer\s+([A-Za-z0-9_-]{16,128})$/i.exec(header.trim());
  return match?.[1] ?? null;
}

export interface AuthenticateOptions {
  /** Counts the request as the user's activity (false for the gateway's background checks). */
  readonly touch: boolean;
  /** Refuses a session still waiting for its second factor. */
  readonly requireVerified: boolean;
}

/** Resolves the bearer token to a live session; a 401 carries why a session ended. */
export async function resolveSession(
  context: ProviderContext,
  token: string | null,
  options: AuthenticateOptions,
): Promise<Authenticated> {
  if (!token) throw unauthorized();
  const now = context.now();
  const session = await context.db
    .selectFrom('sessions')
    .selectAll()
    .where('token_hash', '=', hashToken(token))
    .executeTakeFirst();
  if (!session) throw unauthorized();
  if (session.ended_at !== null) throw unauthorized(session.ended_reason ?? SessionEndReason.LOGGED_OUT);
  const isDisplay = session.kind === SessionKind.DISPLAY;
  if (!isDisplay && now - session.last_activity_at > context.config.sessionIdleMs) {
    await endSession(context, session.id, SessionEndReason.EXPIRED);
    throw unauthorized(SessionEndReason.EXPIRED);
  }
  const user = await context.db.selectFrom('users').selectAll().where('id', '=', session.user_id).executeTakeFirst();
  if (!user) {
    await endSession(context, session.id, SessionEndReason.DELETED);
    throw unauthorized(SessionEndReason.DELETED);
  }
  if (user.is_disabled === 1) {
    await endSession(context, session.id, SessionEndReason.DISABLED);
    throw unauthorized(SessionEndReason.DISABLED);
  }
  const environment = await context.db
    .selectFrom('environments')
    .selectAll()
    .where('id', '=', user.environment_id)
    .executeTakeFirstOrThrow();
  if (options.requireVerified && session.verified !== 1) throw forbidden('Two-factor verification required');
  // A wall display is never idle: its last activity is when it was last seen, which is any call
  // made with its token, the gateway's checks and polls on its behalf while its socket is open
  // included (they carry the background header), at most once per WALL_DISPLAY_SEEN_EVERY_MS.
  const touch = options.touch || (isDisplay && now - session.last_activity_at >= WALL_DISPLAY_SEEN_EVERY_MS);
  if (touch) {
    await context.db.updateTable('sessions').set({ last_activity_at: now }).where('id', '=', session.id).execute();
  }
  return {
    session: { ...session, last_activity_at: touch ? now : session.last_activity_at },
    user,
    environment,
  };
}

export function authenticate(context: ProviderContext, options: AuthenticateOptions): RequestHandler {
  return async (request, _response, next) => {
    try {
      (request as Request & { halo?: Authenticated }).halo = await resolveSession(context, bearerToken(request), {
        ...options,
        // The gateway's pollers mark their calls: they are not the user's activity.
        touch: options.touch && request.headers[BACKGROUND_HEADER] !== '1',
      });
      next();
    } catch (error) {
      next(error);
    }
  };
}

export const requireUser = (context: ProviderContext) => authenticate(context, { touch: true, requireVerified: true });

export async function auditSecurityEvent(
  context: ProviderContext,
  auth: Pick<Authenticated, 'user'>,
  resource: AuditResource,
  event: AuditDetail,
  /** The account the event concerns, when it is not the caller's own. */
  name: string = auth.user.username,
) {
  await writeAudit(
    context.db,
    {
      environmentId: auth.user.environment_id,
      userId: auth.user.id,
      username: auth.user.username,
      resource,
      action: AuditAction.EVENT,
      name,
      detail: event,
    },
    context.now(),
  );
}

export { AuditResource };
