import { API, AuditResource, SessionEndReason, auditDetail } from '@halo/shared';
import { auditSecurityEvent, endSession } from '../../auth/sessions.js';
import { route } from '../../http/endpointRoute.js';

/** POST /auth/logout: ends this session only. */
export const logout = route(API.auth.logout, (context) => async ({ auth }) => {
  await endSession(context, auth.session.id, SessionEndReason.LOGGED_OUT);
  await auditSecurityEvent(context, auth, AuditResource.SESSION, auditDetail('logout'));
  return { ok: true };
});
