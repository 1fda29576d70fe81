import { API } from '@halo/shared';
import { route } from '../../http/endpointRoute.js';
import { profileView } from './profileRecords.js';

/** GET config/{env}/apps/openvpn/profiles. */
export const listProfiles = route(API.vpn.profiles, (context) => async ({ auth: { target } }) => {
  const rows = await context.db
    .selectFrom('openvpn_profiles')
    .selectAll()
    .where('environment_id', '=', target.id)
    .orderBy('id')
    .execute();
  return { openvpn_profiles: rows.map(profileView) };
});
