import type { RequestHandler } from 'express';
import { liveResetRequest } from '../../auth/passwordResets.js';
import type { ProviderContext } from '../../context.js';

/** POST /auth/check_token/{token}: whether a reset link can still be used. */
export function checkResetToken(context: ProviderContext): RequestHandler {
  return async (request, response) => {
    const token = String(request.params.token ?? '');
    const reset = await liveResetRequest(context, token);
    response.json({ valid: true, username: reset.username });
  };
}
