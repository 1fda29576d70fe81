import type { RequestHandler } from 'express';
import { authenticated, bearerToken, loginResponse } from '../../auth/sessions.js';
import type { ProviderContext } from '../../context.js';
import { allowedDeviceIds } from '../../store/allowedDevices.js';

/**
 * GET /auth/session: the session in the login response's shape. The gateway validates
 * sockets with it; it does not count as the user's activity.
 */
export function getSession(context: ProviderContext): RequestHandler {
  return async (request, response) => {
    const auth = authenticated(request);
    response.json(loginResponse(auth, bearerToken(request) ?? '', await allowedDeviceIds(context.db, auth.user.id)));
  };
}
