import { API, AuditAction, SessionEndReason } from '@halo/shared';
import { SessionKind } from '../../auth/sessions.js';
import { route } from '../../http/endpointRoute.js';
import { idNotFound } from '../../http/tenancy.js';
import { assertOwnEnvironment, auditWallDisplay } from './wallDisplayAccess.js';

/** DELETE config/{env}/wall_displays/{id}: the display's socket ends within seconds. */
export const revokeWallDisplay = route(API.wallDisplays.revoke, (context) => async ({ auth, params }) => {
  assertOwnEnvironment(auth);
  const display = await context.db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(['sessions.id', 'sessions.label'])
    .where('sessions.id', '=', params.id)
    .where('sessions.kind', '=', SessionKind.DISPLAY)
    .where('sessions.ended_at', 'is', null)
    .where('users.environment_id', '=', auth.target.id)
    .executeTakeFirst();
  if (!display) throw idNotFound();
  await context.db
    .updateTable('sessions')
    .set({ ended_at: context.now(), ended_reason: SessionEndReason.REVOKED })
    .where('id', '=', display.id)
    .execute();
  await auditWallDisplay(context, auth, AuditAction.DELETE, display.label ?? '');
  return { ok: true };
});
