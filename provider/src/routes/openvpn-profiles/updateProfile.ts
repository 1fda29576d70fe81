import { API, AuditAction, AuditResource, fieldChanges } from '@halo/shared';
import { newOpenVpnStaticKey } from '../../ca/keys.js';
import { route } from '../../http/endpointRoute.js';
import { auditChange, findReachable } from '../../http/reachable.js';
import { assertCustomFields, assertProfileNameFree, profileColumns, profileView } from './profileRecords.js';

/** PUT config/{env}/apps/openvpn/profiles/{id}. */
export const updateProfile = route(API.vpn.updateProfile, (context) => async ({ auth, params, body: input }) => {
  assertCustomFields(input);
  const existing = await findReachable(context.db, 'openvpn_profiles', auth, params.id);
  await assertProfileNameFree(context, existing.environment_id, input.name, existing.id);
  const tlsAuthKey = input.advanced_config?.tls_auth
    ? (existing.tls_auth_key_sealed ?? context.secrets.seal(newOpenVpnStaticKey()))
    : null;
  const now = context.now();
  const row = await context.db
    .updateTable('openvpn_profiles')
    .set({ ...profileColumns(input, context.secrets), tls_auth_key_sealed: tlsAuthKey, updated_at: now })
    .where('id', '=', existing.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  await auditChange(
    context.db,
    auth,
    {
      resource: AuditResource.OPENVPN_PROFILE,
      action: AuditAction.UPDATE,
      name: row.name,
      changes: fieldChanges(profileView(existing), profileView(row)),
    },
    now,
  );
  return { openvpn_profile: profileView(row) };
});
