import type { RequestHandler } from 'express';
import type { ProviderContext } from '../../context.js';
import { scoped } from '../../http/tenancy.js';
import { deviceView } from './deviceView.js';

/** GET config/{env}/devices: every device of environment {env} with its status and reporting. */
export function listDevices(context: ProviderContext): RequestHandler {
  return async (request, response) => {
    const { target } = scoped(request);
    const rows = await context.db
      .selectFrom('devices')
      .selectAll()
      .where('environment_id', '=', target.id)
      .orderBy('id')
      .execute();
    response.json({ devices: rows.map(deviceView) });
  };
}
