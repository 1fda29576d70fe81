import type { RequestHandler } from 'express';
import { AuditResource, ErrorCode, OtpRequestSchema, TwoFactorStatus } from '@halo/shared';
import { auditSecurityEvent, authenticated, bearerToken, loginResponse } from '../../auth/sessions.js';
import { checkOtp, invalidOtp, twoFactorNotActive } from '../../auth/twoFactor.js';
import { badRequest } from '../../http/httpError.js';
import type { ProviderContext } from '../../context.js';
import { allowedDeviceIds } from '../../store/allowedDevices.js';
import { parseBody } from '../../http/parse.js';

/** POST /auth/2fa/verify: the second factor of a fresh login; answers the login response, verified. */
export function verifyTwoFactor(context: ProviderContext): RequestHandler {
  return async (request, response) => {
    const auth = authenticated(request);
    const { otp_code } = parseBody(OtpRequestSchema, request.body);
    if (auth.user.two_factor_status !== TwoFactorStatus.ACTIVE) throw twoFactorNotActive();
    const verdict = await checkOtp(context, auth.user, otp_code);
    if (verdict.kind === 'locked') throw badRequest(ErrorCode.TWO_FACTOR_INVALID_OTP, verdict.message);
    if (verdict.kind === 'wrong') {
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
