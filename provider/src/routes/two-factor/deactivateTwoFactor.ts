import type { RequestHandler } from 'express';
import { AuditResource, ErrorCode, OtpRequestSchema, TwoFactorStatus } from '@halo/shared';
import { auditSecurityEvent, authenticated } from '../../auth/sessions.js';
import { checkOtp, resetTwoFactor, twoFactorNotActive } from '../../auth/twoFactor.js';
import type { ProviderContext } from '../../context.js';
import { badRequest } from '../../http/httpError.js';
import { parseBody } from '../../http/parse.js';

/** POST /2fa/deactivate: 144 when not active, 145 when the code does not match. */
export function deactivateTwoFactor(context: ProviderContext): RequestHandler {
  return async (request, response) => {
    const { user } = authenticated(request);
    const { otp_code } = parseBody(OtpRequestSchema, request.body);
    if (user.two_factor_status !== TwoFactorStatus.ACTIVE) throw twoFactorNotActive();
    const verdict = await checkOtp(context, user, otp_code);
    if (verdict.kind === 'locked') throw badRequest(ErrorCode.TWO_FACTOR_DEACTIVATE_FAILURE, verdict.message);
    if (verdict.kind === 'wrong') throw badRequest(ErrorCode.TWO_FACTOR_DEACTIVATE_FAILURE, '2FA deactivate failure');
    await resetTwoFactor(context, user.id);
    await auditSecurityEvent(context, { user }, AuditResource.TWO_FACTOR, '2FA deactivated');
    response.json({ setupStatus: TwoFactorStatus.INACTIVE });
  };
}
