import type { RequestHandler } from 'express';
import { authenticated, bearerToken, loginResponse } from '../../auth/sessions.js';

/**
 * GET /auth/session: the session in the login response's shape. The gateway validates
 * sockets with it; it does not count as the user's activity.
 */
export function getSession(): RequestHandler {
  return (request, response) => {
    response.json(loginResponse(authenticated(request), bearerToken(request) ?? ''));
  };
}
