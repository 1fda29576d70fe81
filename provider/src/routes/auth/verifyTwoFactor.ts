import { API, AuditResource, ErrorCode, TwoFactorStatus, auditDetail } from '@halo/shared';
import { auditSecurityEvent, bearerToken, loginResponse } from '../../auth/sessions.js';
import { checkOtp, invalidOtp, twoFactorNotActive } from '../../auth/twoFactor.js';
import { refuse } from '../../errors/httpError.js';
import { allowedDeviceIds } from '../../store/allowedDevices.js';
import { route } from '../../http/endpointRoute.js';

/** POST /auth/2fa/verify: the second factor of a fresh login; answers the login response, verified. */
export const verifyTwoFactor = route(
  API.auth.verifyTwoFactor,
  (context) =>
    async ({ auth, body: { otp_code }, request }) => {
      if (auth.user.two_factor_status !== TwoFactorStatus.ACTIVE) throw twoFactorNotActive();
      const verdict = await checkOtp(context, auth.user, otp_code);
      if (verdict.kind === 'locked')
        throw refuse(ErrorCode.TWO_FACTOR_INVALID_OTP, undefined, { message: verdict.message });
      if (verdict.kind === 'wrong') {
        await auditSecurityEvent(context, auth, AuditResource.TWO_FACTOR, auditDetail('twoFactorVerificationFailed'));
        throw invalidOtp();
      }
      await context.db.updateTable('sessions').set({ verified: 1 }).where('id', '=', auth.session.id).execute();
      await auditSecurityEvent(context, auth, AuditResource.TWO_FACTOR, auditDetail('twoFactorVerified'));
      return loginResponse(
        { ...auth, session: { ...auth.session, verified: 1 } },
        bearerToken(request) ?? '',
        await allowedDeviceIds(context.db, auth.user.id),
      );
    },
);
