import { AuditResource, type AuditAction, auditDetail } from '@halo/shared';
import type { ProviderContext } from '../../context.js';
import { forbidden } from '../../errors/httpError.js';
import { auditChange } from '../../http/reachable.js';
import type { Scoped } from '../../http/tenancy.js';

/**
 * Wall displays live in the issuing manager's own environment: their sessions belong to
 * that manager, read only, exempt from the idle time-out, until a manager revokes them.
 */
export function assertOwnEnvironment(auth: Scoped): void {
  if (auth.target.id !== auth.environment.id) throw forbidden('Wall displays are issued in your own environment');
}

export async function auditWallDisplay(context: ProviderContext, auth: Scoped, action: AuditAction, label: string) {
  await auditChange(
    context.db,
    auth,
    { resource: AuditResource.SESSION, action, name: label, detail: auditDetail('wallDisplay') },
    context.now(),
  );
}
