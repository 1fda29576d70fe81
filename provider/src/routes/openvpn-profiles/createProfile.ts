import { API, AuditAction, AuditResource, ErrorCode } from '@halo/shared';
import { newOpenVpnStaticKey } from '../../ca/keys.js';
import { route } from '../../http/endpointRoute.js';
import { refuse } from '../../errors/httpError.js';
import { auditChange } from '../../http/reachable.js';
import { assertCollectionRoom } from '../../store/collectionCaps.js';
import { isUniqueViolation } from '../../store/uniqueness.js';
import { assertCustomFields, assertProfileNameFree, profileColumns, profileView } from './profileRecords.js';

/** POST config/{env}/apps/openvpn/profiles: errors 80, 82, 83, 180 (COLLECTION_CAPS.openVpnProfiles). */
export const createProfile = route(API.vpn.createProfile, (context) => async ({ auth, body: input }) => {
  assertCustomFields(input);
  await assertProfileNameFree(context, auth.target.id, input.name);
  await assertCollectionRoom(
    'openVpnProfiles',
    context.db.selectFrom('openvpn_profiles').where('environment_id', '=', auth.target.id),
  );
  const now = context.now();
  try {
    const row = await context.db
      .insertInto('openvpn_profiles')
      .values({
        environment_id: auth.target.id,
        ...profileColumns(input, context.secrets),
        tls_auth_key_sealed: input.advanced_config?.tls_auth ? context.secrets.seal(newOpenVpnStaticKey()) : null,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await auditChange(
      context.db,
      auth,
      { resource: AuditResource.OPENVPN_PROFILE, action: AuditAction.CREATE, name: row.name },
      now,
    );
    return { id: row.id, openvpn_profile: profileView(row) };
  } catch (error) {
    if (isUniqueViolation(error)) throw refuse(ErrorCode.VPN_PROFILE_NAME_EXISTS);
    throw error;
  }
});
