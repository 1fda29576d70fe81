import type { Request, RequestHandler } from 'express';
import {
  AuditAction,
  AuditResource,
  SessionEndReason,
  WallDisplayCreateSchema,
  type WallDisplay,
  type WallDisplayIssued,
} from '@halo/shared';
import { SessionKind } from '../../auth/sessions.js';
import { newToken } from '../../auth/tokens.js';
import type { ProviderContext } from '../../context.js';
import { forbidden } from '../../http/httpError.js';
import { parseBody } from '../../http/parse.js';
import { idNotFound, parseId, scoped } from '../../http/tenancy.js';
import { writeAudit } from '../../store/audit.js';

/**
 * Wall displays live in the issuing manager's own environment: their sessions belong to
 * that manager, read only, exempt from the idle time-out, until a manager revokes them.
 */
function ownEnvironmentOnly(request: Request) {
  const auth = scoped(request);
  if (auth.target.id !== auth.environment.id) throw forbidden('Wall displays are issued in your own environment');
  return auth;
}

async function audit(context: ProviderContext, request: Request, action: AuditAction, name: string) {
  const { target, user } = scoped(request);
  await writeAudit(
    context.db,
    {
      environmentId: target.id,
      userId: user.id,
      username: user.username,
      resource: AuditResource.SESSION,
      action,
      name,
      detail: 'wall display',
    },
    context.now(),
  );
}

/** GET config/{env}/wall_displays: the live displays of this environment. */
export function listWallDisplays(context: ProviderContext): RequestHandler {
  return async (request, response) => {
    const { target } = ownEnvironmentOnly(request);
    const rows = await context.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select(['sessions.id', 'sessions.label', 'sessions.created_at', 'sessions.last_activity_at'])
      .where('sessions.kind', '=', SessionKind.DISPLAY)
      .where('sessions.ended_at', 'is', null)
      .where('users.environment_id', '=', target.id)
      .orderBy('sessions.id')
      .execute();
    const displays: WallDisplay[] = rows.map((row) => ({
      id: row.id,
      label: row.label ?? '',
      created_at: new Date(row.created_at).toISOString(),
      last_seen_at: new Date(row.last_activity_at).toISOString(),
    }));
    response.json({ wall_displays: displays });
  };
}

/** POST config/{env}/wall_displays {label}: the token and the wall's address, shown this once. */
export function createWallDisplay(context: ProviderContext): RequestHandler {
  return async (request, response) => {
    const { label } = parseBody(WallDisplayCreateSchema, request.body);
    const { user } = ownEnvironmentOnly(request);
    const now = context.now();
    const { token, hash } = newToken();
    const row = await context.db
      .insertInto('sessions')
      .values({
        token_hash: hash,
        user_id: user.id,
        verified: 1,
        created_at: now,
        last_activity_at: now,
        kind: SessionKind.DISPLAY,
        label,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await audit(context, request, AuditAction.CREATE, label);
    const issued: WallDisplayIssued = {
      id: row.id,
      label,
      token,
      url: `${context.config.publicUrl}/wall#display=${token}`,
    };
    response.status(201).json(issued);
  };
}

/** DELETE config/{env}/wall_displays/{id}: the display's socket ends within seconds. */
export function revokeWallDisplay(context: ProviderContext): RequestHandler {
  return async (request, response) => {
    const { target } = ownEnvironmentOnly(request);
    const id = parseId(request.params.id);
    const display = await context.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select(['sessions.id', 'sessions.label'])
      .where('sessions.id', '=', id)
      .where('sessions.kind', '=', SessionKind.DISPLAY)
      .where('sessions.ended_at', 'is', null)
      .where('users.environment_id', '=', target.id)
      .executeTakeFirst();
    if (!display) throw idNotFound();
    await context.db
      .updateTable('sessions')
      .set({ ended_at: context.now(), ended_reason: SessionEndReason.REVOKED })
      .where('id', '=', display.id)
      .execute();
    await audit(context, request, AuditAction.DELETE, display.label ?? '');
    response.json({ ok: true });
  };
}
