import { API, AuditAction, AuditResource, auditDetail } from '@halo/shared';
import { route } from '../../http/endpointRoute.js';
import { auditChange, findReachable } from '../../http/reachable.js';

/**
 * DELETE config/{env}/apps/openvpn/profiles/{id}. Rules that used it fall back to
 * 'No VPN/Custom' and are disabled until someone gives them endpoints again.
 */
export const deleteProfile = route(API.vpn.removeProfile, (context) => async ({ auth, params }) => {
  const existing = await findReachable(context.db, 'openvpn_profiles', auth, params.id);
  const now = context.now();
  const affected = await context.db.transaction().execute(async (trx) => {
    const rules = await trx
      .updateTable('application_rules')
      .set({ profile_id: null, is_enabled: 0, updated_at: now })
      .where('profile_id', '=', existing.id)
      .where('environment_id', '=', existing.environment_id)
      .executeTakeFirst();
    await trx.deleteFrom('openvpn_profiles').where('id', '=', existing.id).execute();
    return Number(rules.numUpdatedRows);
  });
  await auditChange(
    context.db,
    auth,
    {
      resource: AuditResource.OPENVPN_PROFILE,
      action: AuditAction.DELETE,
      name: existing.name,
      detail: affected > 0 ? auditDetail('rulesLostProfile', { count: affected }) : null,
    },
    now,
  );
  return { ok: true, rules_updated: affected };
});
