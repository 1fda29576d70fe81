import { API, AuditResource, ErrorCode, TwoFactorStatus, auditDetail } from '@halo/shared';
import { auditSecurityEvent } from '../../auth/sessions.js';
import { newTotpSecret, provisioningUri } from '../../auth/totp.js';
import { route } from '../../http/endpointRoute.js';
import { refuse } from '../../errors/httpError.js';

/** POST /2fa: a new secret (status pending) and its provisioning URI; 140 when already active. */
export const startTwoFactorSetup = route(API.twoFactor.setup, (context) => async ({ auth: { user, environment } }) => {
  if (user.two_factor_status === TwoFactorStatus.ACTIVE) {
    throw refuse(ErrorCode.TWO_FACTOR_ALREADY_ACTIVE);
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
  await auditSecurityEvent(context, { user }, AuditResource.TWO_FACTOR, auditDetail('twoFactorSetupStarted'));
  return {
    otpUri: provisioningUri(secret, `${user.username}@${environment.name}`),
    setupStatus: TwoFactorStatus.PENDING,
  };
});
