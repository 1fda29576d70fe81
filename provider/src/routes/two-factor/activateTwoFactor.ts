import type { RequestHandler } from 'express';
import { AuditResource, ErrorCode, OtpRequestSchema, TwoFactorStatus } from '@halo/shared';
import { auditSecurityEvent, authenticated } from '../../auth/sessions.js';
import { checkOtp, invalidOtp } from '../../auth/twoFactor.js';
import type { ProviderContext } from '../../context.js';
import { badRequest } from '../../http/httpError.js';
import { parseBody } from '../../http/parse.js';

/** POST /2fa/activate: 143 before setup, 140 when active, 142 for a wrong or replayed code. */
export function activateTwoFactor(context: ProviderContext): RequestHandler {
  return async (request, response) => {
    const { user } = authenticated(request);
    const { otp_code } = parseBody(OtpRequestSchema, request.body);
    if (user.two_factor_status === TwoFactorStatus.ACTIVE) {
      throw badRequest(ErrorCode.TWO_FACTOR_ALREADY_ACTIVE, '2FA already active');
    }
    if (user.two_factor_status !== TwoFactorStatus.PENDING) {
      throw badRequest(ErrorCode.TWO_FACTOR_NOT_INITIATED, '2FA not initiated');
    }
    const verdict = await checkOtp(context, user, otp_code);
    if (verdict.kind === 'locked') throw badRequest(ErrorCode.TWO_FACTOR_INVALID_OTP, verdict.message);
    if (verdict.kind === 'wrong') throw invalidOtp();
    await context.db
      .updateTable('users')
      .set({ two_factor_status: TwoFactorStatus.ACTIVE, updated_at: context.now() })
      .where('id', '=', user.id)
      .execute();
    await auditSecurityEvent(context, { user }, AuditResource.TWO_FACTOR, '2FA activated');
    response.json({ setupStatus: TwoFactorStatus.ACTIVE });
  };
}
