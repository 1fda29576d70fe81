import { API } from '@halo/shared';

import { route } from '../../http/endpointRoute.js';

import { grantedDevicesOf } from '../../store/allowedDevices.js';
import { userView } from './userView.js';

/** GET config/{env}/users: the users of environment {env}. */
export const listUsers = route(API.users.list, (context) => async ({ auth: { target } }) => {
  const rows = await context.db
    .selectFrom('users')
    .selectAll()
    .where('environment_id', '=', target.id)
    .orderBy('id')
    .execute();
  const granted = await grantedDevicesOf(
    context.db,
    rows.map((row) => row.id),
  );
  return { users: rows.map((row) => userView(row, granted.get(row.id) ?? [])) };
});
