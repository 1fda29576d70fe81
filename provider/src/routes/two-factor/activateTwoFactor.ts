import { API, AuditResource, ErrorCode, TwoFactorStatus, auditDetail } from '@halo/shared';
import { auditSecurityEvent } from '../../auth/sessions.js';
import { checkOtp, invalidOtp } from '../../auth/twoFactor.js';
import { refuse } from '../../errors/httpError.js';
import { route } from '../../http/endpointRoute.js';

/** POST /2fa/activate: 143 before setup, 140 when active, 142 for a wrong or replayed code. */
export const activateTwoFactor = route(
  API.twoFactor.activate,
  (context) =>
    async ({ auth: { user }, body: { otp_code } }) => {
      if (user.two_factor_status === TwoFactorStatus.ACTIVE) {
        throw refuse(ErrorCode.TWO_FACTOR_ALREADY_ACTIVE);
      }
      if (user.two_factor_status !== TwoFactorStatus.PENDING) {
        throw refuse(ErrorCode.TWO_FACTOR_NOT_INITIATED);
      }
      const verdict = await checkOtp(context, user, otp_code);
      if (verdict.kind === 'locked')
        throw refuse(ErrorCode.TWO_FACTOR_INVALID_OTP, undefined, { message: verdict.message });
      if (verdict.kind === 'wrong') throw invalidOtp();
      await context.db
        .updateTable('users')
        .set({ two_factor_status: TwoFactorStatus.ACTIVE, updated_at: context.now() })
        .where('id', '=', user.id)
        .execute();
      await auditSecurityEvent(context, { user }, AuditResource.TWO_FACTOR, auditDetail('twoFactorActivated'));
      return { setupStatus: TwoFactorStatus.ACTIVE };
    },
);
