import { API } from '@halo/shared';
import { liveResetRequest } from '../../auth/passwordResets.js';
import { route } from '../../http/endpointRoute.js';

/**
 * POST /auth/check_token/{token}: whether a reset link can still be used, and whose password
 * it sets (username and environment: one address may have accounts in several). A public
 * answer, so it carries nothing else.
 */
export const checkResetToken = route(API.auth.checkToken, (context) => async ({ params: { token } }) => {
  const reset = await liveResetRequest(context, token);
  return { valid: true, username: reset.username, environment_name: reset.environment_name };
});
