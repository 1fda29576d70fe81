import type { RequestHandler } from 'express';
import { AuditResource, SessionEndReason } from '@halo/shared';
import { auditSecurityEvent, authenticated, endSession } from '../../auth/sessions.js';
import type { ProviderContext } from '../../context.js';

/** POST /auth/logout: ends this session only. */
export function logout(context: ProviderContext): RequestHandler {
  return async (request, response) => {
    const auth = authenticated(request);
    await endSession(context, auth.session.id, SessionEndReason.LOGGED_OUT);
    await auditSecurityEvent(context, auth, AuditResource.SESSION, 'logout');
    response.json({ ok: true });
  };
}
