import { API, AuditResource, ErrorCode, TwoFactorStatus, auditDetail } from '@halo/shared';
import { auditSecurityEvent } from '../../auth/sessions.js';
import { checkOtp, resetTwoFactor, twoFactorNotActive } from '../../auth/twoFactor.js';
import { refuse } from '../../errors/httpError.js';
import { route } from '../../http/endpointRoute.js';

/** POST /2fa/deactivate: 144 when not active, 145 when the code does not match. */
export const deactivateTwoFactor = route(
  API.twoFactor.deactivate,
  (context) =>
    async ({ auth: { user }, body: { otp_code } }) => {
      if (user.two_factor_status !== TwoFactorStatus.ACTIVE) throw twoFactorNotActive();
      const verdict = await checkOtp(context, user, otp_code);
      if (verdict.kind === 'locked')
        throw refuse(ErrorCode.TWO_FACTOR_DEACTIVATE_FAILURE, undefined, { message: verdict.message });
      if (verdict.kind === 'wrong') throw refuse(ErrorCode.TWO_FACTOR_DEACTIVATE_FAILURE);
      await resetTwoFactor(context, user.id);
      await auditSecurityEvent(context, { user }, AuditResource.TWO_FACTOR, auditDetail('twoFactorDeactivated'));
      return { setupStatus: TwoFactorStatus.INACTIVE };
    },
);
