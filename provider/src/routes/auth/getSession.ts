import { API } from '@halo/shared';
import { bearerToken, loginResponse } from '../../auth/sessions.js';
import { route } from '../../http/endpointRoute.js';
import { allowedDeviceIds } from '../../store/allowedDevices.js';

/**
 * GET /auth/session: the session in the login response's shape. The gateway validates
 * sockets with it; it does not count as the user's activity.
 */
export const getSession = route(
  API.auth.session,
  (context) =>
    async ({ auth, request }) =>
      loginResponse(auth, bearerToken(request) ?? '', await allowedDeviceIds(context.db, auth.user.id)),
);
