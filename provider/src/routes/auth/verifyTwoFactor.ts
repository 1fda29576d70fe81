import type { RequestHandler } from 'express';
import { AuditResource, OtpRequestSchema, TwoFactorStatus } from '@halo/shared';
import { auditSecurityEvent, authenticated, bearerToken, loginResponse } from '../../auth/sessions.js';
import { consumeOtp, invalidOtp, twoFactorNotActive } from '../../auth/twoFactor.js';
import type { ProviderContext } from '../../context.js';
import { allowedDeviceIds } from '../../store/allowedDevices.js';
import { parseBody } from '../../http/parse.js';

/** POST /auth/2fa/verify: the second factor of a fresh login; answers the login response, verified. */
export function verifyTwoFactor(context: ProviderContext): RequestHandler {
  return async (request, response) => {
    const auth = authenticated(request);
    const { otp_code } = parseBody(OtpRequestSchema, request.body);
    if (auth.user.two_factor_status !== TwoFactorStatus.ACTIVE) throw twoFactorNotActive();
    if (!(await consumeOtp(context, auth.user, otp_code))) {
      await auditSecurityEvent(context, auth, AuditResource.TWO_FACTOR, '2FA verification failed');
      throw invalidOtp();
    }
    await context.db.updateTable('sessions').set({ verified: 1 }).where('id', '=', auth.session.id).execute();
    await auditSecurityEvent(context, auth, AuditResource.TWO_FACTOR, '2FA verified');
    response.json(
      loginResponse({ ...auth, session: { ...auth.session, verified: 1 } }, bearerToken(request) ?? '', await allowedDeviceIds(context.db, auth.user.id)),
    );
  };
}
