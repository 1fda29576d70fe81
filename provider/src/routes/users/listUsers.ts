import type { RequestHandler } from 'express';
import type { ProviderContext } from '../../context.js';
import { scoped } from '../../http/tenancy.js';
import { grantedDevicesOf } from '../../store/allowedDevices.js';
import { userView } from './userView.js';

/** GET config/{env}/users: the users of environment {env}. */
export function listUsers(context: ProviderContext): RequestHandler {
  return async (request, response) => {
    const { target } = scoped(request);
    const rows = await context.db.selectFrom('users').selectAll().where('environment_id', '=', target.id).orderBy('id').execute();
    const granted = await grantedDevicesOf(context.db, rows.map((row) => row.id));
    response.json({ users: rows.map((row) => userView(row, granted.get(row.id) ?? [])) });
  };
}
