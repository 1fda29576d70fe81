import type { RequestHandler } from 'express';
import { AuditResource, ErrorCode, TwoFactorStatus } from '@halo/shared';
import { auditSecurityEvent, authenticated } from '../../auth/sessions.js';
import { newTotpSecret, provisioningUri } from '../../auth/totp.js';
import type { ProviderContext } from '../../context.js';
import { badRequest } from '../../http/httpError.js';

/** POST /2fa: a new secret (status pending) and its provisioning URI; 140 when already active. */
export function startTwoFactorSetup(context: ProviderContext): RequestHandler {
  return async (request, response) => {
    const { user, environment } = authenticated(request);
    if (user.two_factor_status === TwoFactorStatus.ACTIVE) {
      throw badRequest(ErrorCode.TWO_FACTOR_ALREADY_ACTIVE, '2FA already active');
    }
    const secret = newTotpSecret();
    await context.db
      .updateTable('users')
      .set({
        two_factor_status: TwoFactorStatus.PENDING,
        two_factor_secret: context.secrets.seal(secret),
        two_factor_last_step: null,
        updated_at: context.now(),
      })
      .where('id', '=', user.id)
      .execute();
    await auditSecurityEvent(context, { user }, AuditResource.TWO_FACTOR, '2FA setup started');
    response.json({
      otpUri: provisioningUri(secret, `${user.username}@${environment.name}`),
      setupStatus: TwoFactorStatus.PENDING,
    });
  };
}
