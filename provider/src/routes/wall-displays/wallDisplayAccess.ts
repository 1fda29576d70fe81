import { AuditResource, type AuditAction, auditDetail } from '@halo/shared';
import type { Kysely } from 'kysely';
import { SessionKind } from '../../auth/sessions.js';
import type { ProviderContext } from '../../context.js';
import { forbidden } from '../../errors/httpError.js';
import { auditChange } from '../../http/reachable.js';
import type { Scoped } from '../../http/tenancy.js';
import type { Database } from '../../store/schema.js';

/**
 * Wall displays live in the issuing manager's own environment: their sessions belong to
 * that manager, read only, exempt from the idle time-out, until a manager revokes them.
 */
export function assertOwnEnvironment(auth: Scoped): void {
  if (auth.target.id !== auth.environment.id) throw forbidden('Wall displays are issued in your own environment');
}

/** The environment's wall displays that are not revoked: their sessions, by their managers' environment. */
export const liveWallDisplays = (db: Kysely<Database>, environmentId: number) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .where('sessions.kind', '=', SessionKind.DISPLAY)
    .where('sessions.ended_at', 'is', null)
    .where('users.environment_id', '=', environmentId);

export async function auditWallDisplay(context: ProviderContext, auth: Scoped, action: AuditAction, label: string) {
  await auditChange(
    context.db,
    auth,
    { resource: AuditResource.SESSION, action, name: label, detail: auditDetail('wallDisplay') },
    context.now(),
  );
}
