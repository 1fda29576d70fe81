import { API } from '@halo/shared';

import { route } from '../../http/endpointRoute.js';

import { deviceView } from './deviceView.js';

/** GET config/{env}/devices: every device of environment {env} with its status and reporting. */
export const listDevices = route(API.devices.list, (context) => async ({ auth: { target } }) => {
  const rows = await context.db
    .selectFrom('devices')
    .selectAll()
    .where('environment_id', '=', target.id)
    .orderBy('id')
    .execute();
  return { devices: rows.map(deviceView) };
});
